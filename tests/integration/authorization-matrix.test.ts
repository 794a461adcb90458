import crypto from 'node:crypto';
import net from 'node:net';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, invitations, itemGroups } from '../../src/server/db/schema.js';
import { startStripeStandin, type StripeStandin } from '../../standins/stripe/index.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * The authorization matrix: every route the server registers, called by five callers
 * (anonymous, a user of company A, an account admin of A, an account admin of B, a master
 * admin), with the expected answer of each cell written down once per route as an access class.
 * A route registered without an entry fails the suite. Every route that takes an id is called
 * with ids of company A, so B's admin tries them all. Every answer a caller gets is searched for
 * the other company's markers: a leak is any of them showing up.
 */

const CALLERS = ['anonymous', 'user', 'adminA', 'adminB', 'master'] as const;
type Caller = (typeof CALLERS)[number];
/** 'ok' is any 2xx. */
type Expected = 'ok' | 302 | 400 | 401 | 403 | 404 | 409;

/** The expected answer per caller, in CALLERS order. */
const ACCESS = {
  /** Anyone, signed in or not. */
  public: ['ok', 'ok', 'ok', 'ok', 'ok'],
  /** The sign-in flow's redirects. */
  redirect: [302, 302, 302, 302, 302],
  /** Anyone signed in, on their own data. */
  signedIn: [401, 'ok', 'ok', 'ok', 'ok'],
  /** Admin lists, each scoped to the caller's company (the master admin's: all). */
  adminList: [401, 403, 'ok', 'ok', 'ok'],
  /** A thing of company A that admins manage: B's admin finds nothing. */
  managedInA: [401, 403, 'ok', 404, 'ok'],
  /** Company A's board, named by id: its members and the master admin. */
  boardOfA: [401, 'ok', 'ok', 404, 'ok'],
  /**
   * The company's board shaping (decision 007: preferences, groups): its admins change their
   * own company's; a plain user reads only; a master admin without a company has none to change.
   */
  companyEditor: [401, 403, 'ok', 'ok', 403],
  /** A group of company A: A's admins change it, B's admin finds nothing. */
  editInA: [401, 403, 'ok', 404, 403],
  /** Company A's subscription: its admins and the master admin (against the Stripe stand-in). */
  billingOfA: [401, 403, 'ok', 404, 'ok'],
  /** Company A's billing portal: allowed callers learn A has no plan yet to manage (409). */
  portalOfA: [401, 403, 409, 404, 409],
  /** Stripe's deliveries: no session counts, only a valid signature (none here). */
  signedByStripe: [400, 400, 400, 400, 400],
  /** Across companies: the master admin only. */
  masterOnly: [401, 403, 403, 403, 'ok'],
} as const satisfies Record<string, readonly Expected[]>;
type Access = keyof typeof ACCESS;

interface Fixture {
  mark: { a: string; b: string };
  companyA: number;
  companyB: number;
  users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  t: TestApp;
}

interface Case {
  access: Access;
  /** Shown in the test name when a route has several cases. */
  note?: string;
  /** The request; called once per cell, so a destructive call gets a fresh target each time. */
  request: (
    f: Fixture,
  ) => Promise<{ url: string; payload?: unknown }> | { url: string; payload?: unknown };
  /** The caller gets a session of their own for this cell (signing out ends it). */
  freshSession?: boolean;
  /** A Server-Sent Events stream: read until its first message (or its end), then dropped. */
  stream?: boolean;
}

/** Reads a streamed answer until its first SSE message (or its end), then drops it. */
async function readStreamStart(
  stream: NodeJS.ReadableStream & { destroy(): void },
): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('event: hello') && text.endsWith('\n\n')) break;
  }
  stream.destroy();
  return text;
}

const uniq = () => crypto.randomBytes(4).toString('hex');

/** A plain user of company A nobody else uses (a target that may be changed or deleted). */
async function spareUserOfA(f: Fixture): Promise<TestUser> {
  return createSignedInUser(f.t.app, {
    companyId: f.companyA,
    email: `spare-${uniq()}@${f.mark.a}.test`,
  });
}

async function invitationInA(f: Fixture): Promise<number> {
  const [row] = await f.t.app.db
    .insert(invitations)
    .values({
      email: `invitee-${uniq()}@${f.mark.a}.test`,
      firstName: 'Ivy',
      lastName: 'Invited',
      companyId: f.companyA,
    })
    .returning({ id: invitations.id });
  return row!.id;
}

async function credentialOfUserInA(f: Fixture): Promise<number> {
  const [row] = await f.t.app.db
    .insert(credentials)
    .values({
      userId: f.users.user.id,
      clientId: `cid-${f.mark.a}-${uniq()}`,
      clientSecretEnc: f.t.app.secretBox.seal('secret-of-a-0000'),
    })
    .returning({ id: credentials.id });
  return row!.id;
}

async function groupOfA(f: Fixture): Promise<number> {
  const [row] = await f.t.app.db
    .insert(itemGroups)
    .values({ companyId: f.companyA, name: `Group ${f.mark.a}`, type: 'businessUnit' })
    .returning({ id: itemGroups.id });
  return row!.id;
}

/** Every route, by `METHOD url` as registered. */
const MATRIX: Record<string, Case[]> = {
  'GET /healthz': [{ access: 'public', request: () => ({ url: '/healthz' }) }],
  'GET /readyz': [{ access: 'public', request: () => ({ url: '/readyz' }) }],
  'GET /api/login': [{ access: 'redirect', request: () => ({ url: '/api/login' }) }],
  'GET /api/callback': [{ access: 'redirect', request: () => ({ url: '/api/callback' }) }],
  'GET /api/logout': [
    { access: 'redirect', freshSession: true, request: () => ({ url: '/api/logout' }) },
  ],
  'GET /api/auth/user': [{ access: 'signedIn', request: () => ({ url: '/api/auth/user' }) }],
  'GET /api/weather': [{ access: 'public', request: () => ({ url: '/api/weather?zip=34211' }) }],
  'GET /api/fonts': [{ access: 'public', request: () => ({ url: '/api/fonts' }) }],
  'POST /api/capacity': [
    {
      access: 'signedIn',
      note: 'own board',
      request: () => ({ url: '/api/capacity', payload: {} }),
    },
    {
      access: 'boardOfA',
      note: "company A's board by id",
      request: (f) => ({ url: `/api/capacity?companyId=${f.companyA}`, payload: {} }),
    },
  ],
  'GET /api/events': [
    {
      access: 'signedIn',
      note: 'own board',
      stream: true,
      request: () => ({ url: '/api/events' }),
    },
    {
      access: 'boardOfA',
      note: "company A's board by id",
      stream: true,
      request: (f) => ({ url: `/api/events?companyId=${f.companyA}` }),
    },
  ],
  'GET /api/servicetitan/metadata': [
    { access: 'signedIn', note: 'own', request: () => ({ url: '/api/servicetitan/metadata' }) },
    {
      access: 'boardOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/servicetitan/metadata?companyId=${f.companyA}` }),
    },
  ],
  'GET /api/business-unit-preferences': [
    { access: 'signedIn', request: () => ({ url: '/api/business-unit-preferences' }) },
  ],
  'POST /api/business-unit-preferences': [
    {
      access: 'companyEditor',
      request: () => ({ url: '/api/business-unit-preferences', payload: { businessUnitId: 7 } }),
    },
  ],
  'GET /api/job-type-preferences': [
    { access: 'signedIn', request: () => ({ url: '/api/job-type-preferences' }) },
  ],
  'POST /api/job-type-preferences': [
    {
      access: 'companyEditor',
      request: () => ({ url: '/api/job-type-preferences', payload: { jobTypeId: 7 } }),
    },
  ],
  'GET /api/item-groups': [{ access: 'signedIn', request: () => ({ url: '/api/item-groups' }) }],
  'POST /api/item-groups': [
    {
      access: 'companyEditor',
      request: () => ({ url: '/api/item-groups', payload: { name: 'Mine', type: 'jobType' } }),
    },
  ],
  'PATCH /api/item-groups/:id': [
    {
      access: 'editInA',
      request: async (f) => ({
        url: `/api/item-groups/${await groupOfA(f)}`,
        payload: { name: 'Renamed' },
      }),
    },
  ],
  'DELETE /api/item-groups/:id': [
    {
      access: 'editInA',
      request: async (f) => ({ url: `/api/item-groups/${await groupOfA(f)}` }),
    },
  ],
  'GET /api/admin/users': [{ access: 'adminList', request: () => ({ url: '/api/admin/users' }) }],
  'PATCH /api/admin/users/:userId': [
    {
      access: 'managedInA',
      request: async (f) => ({
        url: `/api/admin/users/${(await spareUserOfA(f)).id}`,
        payload: { role: 'account_admin' },
      }),
    },
  ],
  'DELETE /api/admin/users/:userId': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/admin/users/${(await spareUserOfA(f)).id}` }),
    },
  ],
  'GET /api/admin/invitations': [
    { access: 'adminList', request: () => ({ url: '/api/admin/invitations' }) },
  ],
  'POST /api/admin/invitations': [
    {
      access: 'managedInA',
      note: 'into company A',
      request: (f) => ({
        url: '/api/admin/invitations',
        payload: {
          email: `new-${uniq()}@${f.mark.a}.test`,
          firstName: 'New',
          lastName: 'Person',
          companyId: f.companyA,
          role: 'user',
        },
      }),
    },
  ],
  'DELETE /api/admin/invitations/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/admin/invitations/${await invitationInA(f)}` }),
    },
  ],
  'GET /api/admin/companies': [
    { access: 'masterOnly', request: () => ({ url: '/api/admin/companies' }) },
  ],
  'GET /api/companies': [{ access: 'adminList', request: () => ({ url: '/api/companies' }) }],
  'POST /api/companies': [
    {
      access: 'masterOnly',
      note: 'by people who already have a company',
      request: () => ({ url: '/api/companies', payload: { name: `New ${uniq()}` } }),
    },
  ],
  'PATCH /api/companies/:id': [
    {
      access: 'managedInA',
      request: (f) => ({
        url: `/api/companies/${f.companyA}`,
        payload: { name: `${f.mark.a} Heating` },
      }),
    },
  ],
  'DELETE /api/companies/:id': [
    {
      access: 'masterOnly',
      request: async (f) => ({
        url: `/api/companies/${await createCompany(f.t.app, { name: `Doomed ${uniq()}` })}`,
      }),
    },
    {
      access: 'masterOnly',
      note: 'company A itself (the master admin deletes a copy)',
      request: async (f) => ({ url: `/api/companies/${f.companyA}` }),
    },
  ],
  'GET /api/credentials': [
    { access: 'signedIn', note: 'own', request: () => ({ url: '/api/credentials' }) },
    {
      access: 'boardOfA',
      note: "of A's user (the user themself, A's admin, the master)",
      request: (f) => ({ url: `/api/credentials?userId=${f.users.user.id}` }),
    },
  ],
  'POST /api/credentials': [
    {
      access: 'managedInA',
      request: (f) => ({
        url: '/api/credentials',
        payload: {
          userId: f.users.user.id,
          clientId: `cid-${f.mark.a}`,
          clientSecret: 'a-new-secret-1234',
        },
      }),
    },
  ],
  'DELETE /api/credentials/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/credentials/${await credentialOfUserInA(f)}` }),
    },
  ],
  'POST /api/credentials/:id/check': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/credentials/${await credentialOfUserInA(f)}/check` }),
    },
  ],
  'POST /api/connection-check': [
    {
      access: 'managedInA',
      note: "company A's stored credential",
      request: (f) => ({ url: '/api/connection-check', payload: { companyId: f.companyA } }),
    },
  ],
  'GET /api/stripe/subscription': [
    { access: 'signedIn', request: () => ({ url: '/api/stripe/subscription' }) },
  ],
  'POST /api/stripe/create-checkout-session': [
    {
      access: 'billingOfA',
      request: (f) => ({
        url: '/api/stripe/create-checkout-session',
        payload: { userId: f.users.user.id },
      }),
    },
  ],
  'POST /api/stripe/create-portal-session': [
    {
      access: 'portalOfA',
      request: (f) => ({
        url: '/api/stripe/create-portal-session',
        payload: { userId: f.users.user.id },
      }),
    },
  ],
  'POST /api/stripe/sync-subscription': [
    {
      access: 'billingOfA',
      request: (f) => ({
        url: '/api/stripe/sync-subscription',
        payload: { userId: f.users.user.id },
      }),
    },
  ],
  'POST /api/stripe/webhook': [
    {
      access: 'signedByStripe',
      request: () => ({ url: '/api/stripe/webhook', payload: { id: 'evt_forged', type: 'x' } }),
    },
  ],
  'GET /api/onboarding/sample-credentials': [
    { access: 'adminList', request: () => ({ url: '/api/onboarding/sample-credentials' }) },
  ],
};

/** Routes outside the API that the matrix does not call: the built client's files, the dev IdP. */
const outsideApi = (url: string) =>
  url.startsWith('/oidc') || url === '*' || url === '/' || /\.[a-z0-9]+$/i.test(url);

async function freePortInRange(): Promise<number> {
  for (let port = 5110; port <= 5119; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 5110-5119');
}

describe('authorization matrix', () => {
  const registered: { method: string; url: string }[] = [];
  let f: Fixture;
  const results: { cell: string; status: number; expected: Expected }[] = [];
  let leaks: string[] = [];
  let serverErrors: string[] = [];
  let stripe: StripeStandin | undefined;

  beforeAll(async () => {
    const started = Date.now();
    const port = await freePortInRange();
    const base = `http://127.0.0.1:${port}`;
    stripe = await startStripeStandin();
    const t = await createTestApp({
      env: {
        PORT: String(port),
        PUBLIC_URL: base,
        API_RATE_LIMIT_PER_MINUTE: '100000',
        // Billing against the Stripe stand-in on loopback (the SDK does not use `fetch` below).
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PRICE_ID: stripe.priceId,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      // No outside network: weather falls back to its placeholder, ServiceTitan is unreachable.
      services: {
        fetch: async () => {
          throw new Error('the matrix runs offline');
        },
      },
      build: {
        demoServiceTitanCredential: {
          clientId: 'cid.sample',
          clientSecret: 'cs.sample-secret',
          tenantId: '1',
          appKey: 'ak.sample',
        },
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (method !== 'HEAD') registered.push({ method, url: route.url });
          }
        },
      },
    });
    console.info(`app built in ${Date.now() - started} ms`);
    await t.app.listen({ host: '127.0.0.1', port });
    const mark = { a: `alpha-${uniq()}`, b: `bravo-${uniq()}` };
    const companyA = await createCompany(t.app, { name: `${mark.a} Heating` });
    const companyB = await createCompany(t.app, { name: `${mark.b} Plumbing` });
    const users = {
      user: await createSignedInUser(t.app, {
        companyId: companyA,
        email: `user@${mark.a}.test`,
      }),
      adminA: await createSignedInUser(t.app, {
        companyId: companyA,
        role: 'account_admin',
        email: `admin@${mark.a}.test`,
      }),
      adminB: await createSignedInUser(t.app, {
        companyId: companyB,
        role: 'account_admin',
        email: `admin@${mark.b}.test`,
      }),
      master: await createSignedInUser(t.app, {
        role: 'master_admin',
        email: `master-${uniq()}@example.test`,
      }),
    };
    f = { mark, companyA, companyB, users, t };
    // Company B's things, which A's people must never see.
    await createSignedInUser(t.app, { companyId: companyB, email: `user@${mark.b}.test` });
    await t.app.db.insert(invitations).values({
      email: `invitee@${mark.b}.test`,
      firstName: 'B',
      lastName: 'Invitee',
      companyId: companyB,
    });
    await t.app.db.insert(credentials).values({
      userId: users.adminB.id,
      clientId: `cid-${mark.b}`,
      clientSecretEnc: t.app.secretBox.seal('secret-of-b-0000'),
    });
    // Company A's things, which B's people must never see.
    await invitationInA(f);
    await credentialOfUserInA(f);
  }, 240_000);
  afterAll(async () => {
    await f?.t.close();
    await stripe?.close();
  });

  it('has an entry for every route the server registers, and no entry for a route it does not', () => {
    const keys = registered.filter((r) => !outsideApi(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(30);
    const missing = keys.filter((k) => !(k in MATRIX));
    expect(missing, 'routes without an authorization matrix entry').toEqual([]);
    const stale = Object.keys(MATRIX).filter((k) => !keys.includes(k));
    expect(stale, 'matrix entries for routes that are not registered').toEqual([]);
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    for (const c of cases) {
      it(`${route}${c.note ? ` (${c.note})` : ''}: ${c.access} ${ACCESS[c.access].join(' / ')}`, async () => {
        const [method] = route.split(' ');
        const outcomes: string[] = [];
        for (const [i, caller] of CALLERS.entries()) {
          const expected = ACCESS[c.access][i]!;
          let who: TestUser | null = null;
          if (caller !== 'anonymous') {
            who = c.freshSession
              ? await createSignedInUser(f.t.app, {
                  role: f.users[caller].role,
                  companyId: f.users[caller].companyId,
                })
              : f.users[caller];
          }
          // The master admin's company-A deletion acts on a copy so the other cells keep A.
          let request = await c.request(f);
          if (route === 'DELETE /api/companies/:id' && caller === 'master' && c.note) {
            request = {
              url: `/api/companies/${await createCompany(f.t.app, { name: `${f.mark.a} copy` })}`,
            };
          }
          const injected = await f.t.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: who ? { cookie: who.cookie } : {},
            ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
            ...(c.stream ? { payloadAsStream: true } : {}),
          });
          const res = {
            statusCode: injected.statusCode,
            body: c.stream ? await readStreamStart(injected.stream()) : injected.body,
          };
          const cell = `${route} as ${caller}`;
          results.push({ cell, status: res.statusCode, expected });
          if (res.statusCode >= 500) serverErrors.push(`${cell}: ${res.statusCode}`);
          // Nobody but the master admin may see the other company's things.
          const foreign =
            caller === 'adminB'
              ? [f.mark.a]
              : caller === 'master'
                ? []
                : caller === 'anonymous'
                  ? [f.mark.a, f.mark.b]
                  : [f.mark.b];
          for (const marker of foreign) {
            if (res.body.includes(marker)) leaks.push(`${cell} shows ${marker}`);
          }
          const ok =
            expected === 'ok'
              ? res.statusCode >= 200 && res.statusCode < 300
              : res.statusCode === expected;
          outcomes.push(`${caller}: ${res.statusCode}${ok ? '' : ` (expected ${expected})`}`);
        }
        expect(
          outcomes.filter((o) => o.includes('expected')),
          outcomes.join(', '),
        ).toEqual([]);
      });
    }
  }

  it('leaked nothing and never answered 5xx', () => {
    expect(leaks).toEqual([]);
    expect(serverErrors).toEqual([]);
    const routes = Object.keys(MATRIX).length;
    const cases = Object.values(MATRIX).flat().length;
    console.info(
      `authorization matrix: ${routes} routes (${cases} cases) x ${CALLERS.length} callers = ${results.length} cells, ${leaks.length} leaks`,
    );
    leaks = [];
    serverErrors = [];
  });
});
