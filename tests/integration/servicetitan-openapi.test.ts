import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceTitanGateway } from '../../src/server/platforms/servicetitan/index.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import {
  checkQuery,
  checkResponse,
  type OpenApiDocument,
} from '../../standins/servicetitan-simulator/openapi-schema-check.js';

/**
 * Holds the simulator's answers and the client's requests against ServiceTitan's own OpenAPI
 * documents. They live outside the product (../shared/servicetitan/openapi); without them these
 * tests are skipped and say so.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const openapiDir = path.resolve(repoRoot, '../shared/servicetitan/openapi');
const documentsPresent = fs.existsSync(path.join(openapiDir, 'tenant-jpm-v2.json'));
const skipNote = documentsPresent
  ? ''
  : ` [SKIPPED: ServiceTitan OpenAPI documents not found at ${openapiDir}]`;
if (!documentsPresent)
  console.warn(`servicetitan-openapi.test.ts: skipped, no OpenAPI documents at ${openapiDir}`);

const MODULE_FILES = {
  settings: 'tenant-settings-v2.json',
  jpm: 'tenant-jpm-v2.json',
  dispatch: 'tenant-dispatch-v2.json',
} as const;
type Module = keyof typeof MODULE_FILES;

const NOW = new Date('2025-03-07T19:00:00Z');
const WINDOW = { startsOnOrAfter: '2025-03-03T05:00:00Z', startsBefore: '2025-03-13T04:00:00Z' };

describe(`ServiceTitan OpenAPI conformance${skipNote}`, () => {
  const documents = new Map<Module, OpenApiDocument>();
  let sim: Simulator;
  let token: string;

  /** `/jpm/v2/tenant/7340101/jobs` → the jpm document and `/tenant/{tenant}/jobs`. */
  function locate(requestPath: string): { doc: OpenApiDocument; path: string } {
    const match = /^\/(\w+)\/v2(\/tenant\/)(\d+)(\/.+)$/.exec(requestPath);
    if (!match) throw new Error(`not a tenant API path: ${requestPath}`);
    const doc = documents.get(match[1] as Module);
    if (!doc) throw new Error(`no document for module ${match[1]}`);
    return { doc, path: `${match[2]}{tenant}${match[4]}` };
  }

  async function getAndCheck(
    relative: string,
  ): Promise<{ status: number; body: unknown; problems: string[] }> {
    const answer = await fetch(`${sim.apiUrl}${relative}`, {
      headers: { authorization: `Bearer ${token}`, 'ST-App-Key': sim.demoCredential.appKey },
    });
    const body: unknown = await answer.json();
    const { doc, path: docPath } = locate(relative.split('?')[0]!);
    return {
      status: answer.status,
      body,
      problems: checkResponse(doc, docPath, 'get', answer.status, body),
    };
  }

  beforeAll(async () => {
    if (!documentsPresent) return;
    for (const [module, file] of Object.entries(MODULE_FILES)) {
      documents.set(
        module as Module,
        JSON.parse(fs.readFileSync(path.join(openapiDir, file), 'utf8')) as OpenApiDocument,
      );
    }
    sim = await startServiceTitanSimulator({ seed: 5, now: () => NOW });
    const answer = await fetch(`${sim.authUrl}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: sim.demoCredential.clientId,
        client_secret: sim.demoCredential.clientSecret,
      }),
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await sim?.close();
  });

  it.skipIf(!documentsPresent)(
    'the checker catches a missing required field and a wrong type',
    async () => {
      const { body } = await getAndCheck(
        `/jpm/v2/tenant/${sim.demoCredential.tenantId}/appointments?pageSize=1`,
      );
      const page = body as { data: Record<string, unknown>[] };
      const broken = { ...page, data: [{ ...page.data[0], createdOn: undefined, jobId: 'x' }] };
      delete broken.data[0]!.createdOn;
      const problems = checkResponse(
        documents.get('jpm')!,
        '/tenant/{tenant}/appointments',
        'get',
        200,
        broken,
      );
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringContaining('createdOn: required'),
          expect.stringContaining('jobId: expected integer'),
        ]),
      );
      expect(
        checkQuery(documents.get('jpm')!, '/tenant/{tenant}/jobs', 'get', {
          appointmentStartsAfter: 'x',
        }),
      ).toHaveLength(1);
    },
  );

  it.skipIf(!documentsPresent)(
    'every list answer of the simulator validates against the documents',
    async () => {
      const t = sim.demoCredential.tenantId;
      const paths = [
        `/settings/v2/tenant/${t}/business-units?active=Any&includeTotal=true`,
        `/jpm/v2/tenant/${t}/job-types?active=Any&pageSize=100`,
        `/jpm/v2/tenant/${t}/appointments?startsOnOrAfter=${WINDOW.startsOnOrAfter}&startsBefore=${WINDOW.startsBefore}&pageSize=5000`,
        `/jpm/v2/tenant/${t}/jobs?appointmentStartsOnOrAfter=${WINDOW.startsOnOrAfter}&appointmentStartsBefore=${WINDOW.startsBefore}&pageSize=5000&includeTotal=true`,
        `/settings/v2/tenant/${t}/technicians?active=Any&pageSize=100`,
        `/dispatch/v2/tenant/${t}/technician-shifts?startsOnOrAfter=${WINDOW.startsOnOrAfter}&endsOnOrBefore=${WINDOW.startsBefore}&active=Any&pageSize=5000`,
      ];
      for (const relative of paths) {
        const { status, body, problems } = await getAndCheck(relative);
        expect(status, relative).toBe(200);
        expect((body as { data: unknown[] }).data.length, relative).toBeGreaterThan(0);
        expect(problems.slice(0, 5), relative).toEqual([]);
      }
      // The window spans past and future, so the checked answers held done, canceled and scheduled work.
      const statuses = new Set(sim.data.appointments({ window: WINDOW }).map((a) => a.status));
      expect(statuses).toEqual(
        new Set(['Canceled', 'Done', 'Scheduled', 'Dispatched', 'Working', 'Hold']),
      );
    },
  );

  it.skipIf(!documentsPresent)('the dispatch capacity answer validates too', async () => {
    const answer = await fetch(
      `${sim.apiUrl}/dispatch/v2/tenant/${sim.demoCredential.tenantId}/capacity`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'ST-App-Key': sim.demoCredential.appKey,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          startsOnOrAfter: '2025-03-10T04:00:00Z',
          endsOnOrBefore: '2025-03-12T04:00:00Z',
          skillBasedAvailability: false,
        }),
      },
    );
    const body = (await answer.json()) as { availabilities: { startUtc: string; start: string }[] };
    expect(answer.status).toBe(200);
    // Two days x six two-hour frames x five active business units.
    expect(body.availabilities.length).toBe(60);
    // `start` is local wall time marked as UTC (as ServiceTitan does); `startUtc` is the instant.
    expect(body.availabilities[0]).toMatchObject({
      start: '2025-03-10T07:00:00.000Z',
      startUtc: '2025-03-10T11:00:00.000Z',
    });
    expect(
      checkResponse(
        documents.get('dispatch')!,
        '/tenant/{tenant}/capacity',
        'post',
        200,
        body,
      ).slice(0, 5),
    ).toEqual([]);
  });

  it.skipIf(!documentsPresent)(
    'a 400 for a bad parameter is the documented error shape',
    async () => {
      const { status, problems } = await getAndCheck(
        `/jpm/v2/tenant/${sim.demoCredential.tenantId}/jobs?pageSize=abc`,
      );
      expect(status).toBe(400);
      expect(problems).toEqual([]);
    },
  );

  it.skipIf(!documentsPresent)(
    "the client's requests use only documented parameters with valid values",
    async () => {
      sim.calls.reset();
      const client = createServiceTitanGateway({
        fetch: globalThis.fetch,
        now: () => NOW,
        authUrl: sim.authUrl,
        apiUrl: sim.apiUrl,
      }).clientFor({
        ...sim.demoCredential,
        environment: 'production',
      });
      await client.listBusinessUnits();
      await client.listJobTypes();
      await client.listAppointments(WINDOW);
      await client.listJobs(WINDOW);
      expect((await client.capacity(WINDOW)).length).toBeGreaterThan(0);
      expect((await client.listTechnicians()).length).toBeGreaterThan(0);
      expect((await client.listTechnicianShifts(WINDOW, 'TimeOff')).length).toBeGreaterThan(0);
      const calls = sim.calls.list().filter((c) => c.path !== '/connect/token');
      expect(new Set(calls.map((c) => c.path.split('/').pop()))).toEqual(
        new Set([
          'business-units',
          'job-types',
          'appointments',
          'jobs',
          'capacity',
          'technicians',
          'technician-shifts',
        ]),
      );
      for (const call of calls) {
        const { doc, path: docPath } = locate(call.path);
        expect(checkQuery(doc, docPath, call.method, call.query), call.path).toEqual([]);
        expect(call.status, call.path).toBe(200);
      }
    },
  );
});
