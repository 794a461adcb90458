import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, credentials } from '../../src/server/db/schema.js';
import type { ServiceTitanError } from '../../src/server/platforms/servicetitan/contract.js';
import {
  type ServiceTitanClient,
  type ServiceTitanCredential,
  type ServiceTitanGateway,
  type StAppointment,
  type StBusinessUnit,
  type StJob,
  type StJobType,
  type StCapacityFrame,
  type StTechnician,
  type StTechnicianShift,
  type UtcWindow,
} from '../../src/server/platforms/servicetitan/contract.js';

/**
 * An in-memory ServiceTitan for tests of the capacity engine: holds a tenant's records, filters
 * by window like the real API, counts calls, and fails on demand.
 */
export interface FakeServiceTitan extends ServiceTitanGateway {
  businessUnits: StBusinessUnit[];
  jobTypes: StJobType[];
  appointments: StAppointment[];
  jobs: StJob[];
  /** Capacity planning's frames (none: not set up), technicians and their shifts (issue 35). */
  capacityFrames: StCapacityFrame[];
  technicians: StTechnician[];
  shifts: StTechnicianShift[];
  calls: { method: keyof ServiceTitanClient; clientId: string; window?: UtcWindow }[];
  /** When set, every call throws it. */
  failWith: ServiceTitanError | null;
  /** Milliseconds every call takes. */
  delayMs: number;
  /** Milliseconds the calls of one credential (by client id) take instead. */
  slowClients: Map<string, number>;
  callsOf(method: keyof ServiceTitanClient): number;
}

export function createFakeServiceTitan(): FakeServiceTitan {
  const fake: FakeServiceTitan = {
    businessUnits: [],
    jobTypes: [],
    appointments: [],
    jobs: [],
    capacityFrames: [],
    technicians: [],
    shifts: [],
    calls: [],
    failWith: null,
    delayMs: 0,
    slowClients: new Map(),
    callsOf: (method) => fake.calls.filter((c) => c.method === method).length,
    clientFor(credential: ServiceTitanCredential): ServiceTitanClient {
      async function call<T>(
        method: keyof ServiceTitanClient,
        answer: () => T,
        window?: UtcWindow,
      ): Promise<T> {
        fake.calls.push({ method, clientId: credential.clientId, ...(window ? { window } : {}) });
        const delayMs = fake.slowClients.get(credential.clientId) ?? fake.delayMs;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (fake.failWith) throw fake.failWith;
        return structuredClone(answer());
      }
      const inWindow = (start: string, w: UtcWindow) =>
        Date.parse(start) >= Date.parse(w.startsOnOrAfter) &&
        Date.parse(start) < Date.parse(w.startsBefore);
      return {
        listBusinessUnits: () =>
          call('listBusinessUnits', () => fake.businessUnits.filter((b) => b.active)),
        listJobTypes: () => call('listJobTypes', () => fake.jobTypes.filter((j) => j.active)),
        listAppointments: (w) =>
          call('listAppointments', () => fake.appointments.filter((a) => inWindow(a.start, w)), w),
        listJobs: (w) =>
          call(
            'listJobs',
            () => {
              const ids = new Set(
                fake.appointments.filter((a) => inWindow(a.start, w)).map((a) => a.jobId),
              );
              return fake.jobs.filter((j) => ids.has(j.id));
            },
            w,
          ),
        capacity: (w) =>
          call('capacity', () => fake.capacityFrames.filter((f) => inWindow(f.startUtc, w)), w),
        listTechnicians: () =>
          call('listTechnicians', () => fake.technicians.filter((t) => t.active)),
        listTechnicianShifts: (w, shiftType) =>
          call(
            'listTechnicianShifts',
            () =>
              fake.shifts.filter(
                (s) =>
                  s.active &&
                  (shiftType === null || s.shiftType === shiftType) &&
                  Date.parse(s.start) >= Date.parse(w.startsOnOrAfter) &&
                  Date.parse(s.end) <= Date.parse(w.startsBefore),
              ),
            w,
          ),
      };
    },
  };
  return fake;
}

export const TEST_CREDENTIAL = {
  clientId: 'cid.company',
  clientSecret: 'cs.company-secret-value',
  tenantId: '1234567',
  appKey: 'ak.company-app-key',
};

/** Stores a complete ServiceTitan credential on a company, sealed as the app stores it. */
export async function giveCompanyCredential(
  app: FastifyInstance,
  companyId: number,
  credential: Partial<typeof TEST_CREDENTIAL> = {},
): Promise<void> {
  const c = { ...TEST_CREDENTIAL, ...credential };
  await app.db
    .update(companies)
    .set({
      stClientId: c.clientId,
      stClientSecretEnc: app.secretBox.seal(c.clientSecret),
      stTenantId: c.tenantId,
      stAppKeyEnc: app.secretBox.seal(c.appKey),
    })
    .where(eq(companies.id, companyId));
}

/** Adds a user's own credential row (as the credentials API would). */
export async function giveUserCredential(
  app: FastifyInstance,
  userId: string,
  values: {
    clientId: string;
    clientSecret?: string;
    tenantId?: string | null;
    appKey?: string | null;
    isActive?: boolean;
    createdAt?: Date;
  },
): Promise<void> {
  await app.db.insert(credentials).values({
    userId,
    clientId: values.clientId,
    clientSecretEnc: app.secretBox.seal(values.clientSecret ?? 'user-secret'),
    tenantId: values.tenantId === undefined ? '7654321' : values.tenantId,
    appKeyEnc: values.appKey === null ? null : app.secretBox.seal(values.appKey ?? 'user-app-key'),
    isActive: values.isActive ?? true,
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
  });
}
