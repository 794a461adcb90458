import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, credentials, invitations, users } from '../../src/server/db/schema.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Bad input on every write route of the admin API (and the id-taking reads): a 400 whose body
 * names the field, the database unchanged, never a 5xx. The seed's own messages are checked
 * word for word where it names them.
 */

interface BadCase {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  /** Raw body text (not JSON-encoded), for malformed JSON. */
  raw?: string;
  field: string;
  /** The exact message expected for that field, when the seed names one. */
  message?: string;
}

const BAD_IDS = ['%201', '1.5', 'abc', '0', '-1', '1e3', '0x10', '99999999999'];
const BAD_USER_IDS = ['%201', 'abc', '1', 'not-a-uuid-at-all'];
const NUL = 'a\u0000b';

describe('bad input on the admin API', () => {
  let t: TestApp;
  let master: TestUser;
  let member: TestUser;
  let companyId: number;
  const cases: BadCase[] = [];

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.app.db.select().from(users).orderBy(asc(users.id)),
        t.app.db.select().from(companies).orderBy(asc(companies.id)),
        t.app.db.select().from(invitations).orderBy(asc(invitations.id)),
        t.app.db.select().from(credentials).orderBy(asc(credentials.id)),
      ]),
    );

  beforeAll(async () => {
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: {
        fetch: async () => {
          throw new Error('offline');
        },
      },
    });
    companyId = await createCompany(t.app, { name: 'Acme Air' });
    master = await createSignedInUser(t.app, { role: 'master_admin' });
    member = await createSignedInUser(t.app, { companyId });
    const [cred] = await t.app.db
      .insert(credentials)
      .values({ userId: member.id, clientId: 'cid', clientSecretEnc: t.app.secretBox.seal('s') })
      .returning({ id: credentials.id });
    expect(cred).toBeDefined();
    const [inv] = await t.app.db
      .insert(invitations)
      .values({ email: 'kept@example.test', firstName: 'K', lastName: 'P', companyId })
      .returning({ id: invitations.id });
    expect(inv).toBeDefined();

    const invite = (body: Record<string, unknown>) => ({
      email: 'new@example.test',
      firstName: 'New',
      lastName: 'Person',
      companyId,
      role: 'user',
      ...body,
    });
    const credential = (body: Record<string, unknown>) => ({
      clientId: 'cid-1',
      clientSecret: 'secret-1234',
      userId: member.id,
      ...body,
    });

    // Ids in paths and queries.
    for (const id of BAD_USER_IDS) {
      cases.push({
        method: 'PATCH',
        url: `/api/admin/users/${id}`,
        payload: { role: 'user' },
        field: 'userId',
      });
      cases.push({ method: 'DELETE', url: `/api/admin/users/${id}`, field: 'userId' });
      cases.push({ method: 'GET', url: `/api/credentials?userId=${id}`, field: 'userId' });
    }
    for (const id of BAD_IDS) {
      cases.push({ method: 'DELETE', url: `/api/admin/invitations/${id}`, field: 'id' });
      cases.push({
        method: 'PATCH',
        url: `/api/companies/${id}`,
        payload: { name: 'X' },
        field: 'id',
      });
      cases.push({ method: 'DELETE', url: `/api/companies/${id}`, field: 'id' });
      cases.push({ method: 'DELETE', url: `/api/credentials/${id}`, field: 'id' });
      cases.push({ method: 'POST', url: `/api/credentials/${id}/check`, field: 'id' });
      cases.push({
        method: 'POST',
        url: `/api/capacity?companyId=${id}`,
        payload: {},
        field: 'companyId',
      });
      cases.push({
        method: 'GET',
        url: `/api/servicetitan/metadata?companyId=${id}`,
        field: 'companyId',
      });
      cases.push({ method: 'GET', url: `/api/events?companyId=${id}`, field: 'companyId' });
    }
    cases.push({
      method: 'GET',
      url: `/api/events?lastEventId=${'x'.repeat(65)}`,
      field: 'lastEventId',
    });

    // Role changes.
    const someone = `/api/admin/users/${member.id}`;
    for (const payload of [{}, { role: 'king' }, { role: 5 }, { role: null }, { role: '' }]) {
      cases.push({ method: 'PATCH', url: someone, payload, field: 'role' });
    }

    // Invitations (seed section 5).
    cases.push(
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ email: 'not-an-email' }),
        field: 'email',
        message: 'Invalid email address',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ email: undefined }),
        field: 'email',
        message: 'Invalid email address',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ email: `${'x'.repeat(250)}@example.test` }),
        field: 'email',
        message: 'Invalid email address',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ firstName: '' }),
        field: 'firstName',
        message: 'First name is required',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ firstName: '   ' }),
        field: 'firstName',
        message: 'First name is required',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ firstName: undefined }),
        field: 'firstName',
        message: 'First name is required',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ lastName: '' }),
        field: 'lastName',
        message: 'Last name is required',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ lastName: NUL }),
        field: 'lastName',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ firstName: 'x'.repeat(101) }),
        field: 'firstName',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ role: 'owner' }),
        field: 'role',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ isAdmin: 'yes' }),
        field: 'isAdmin',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ companyId: 'abc' }),
        field: 'companyId',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ companyId: 1.5 }),
        field: 'companyId',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ companyId: -1 }),
        field: 'companyId',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ companyId: 2 ** 40 }),
        field: 'companyId',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ companyId: undefined }),
        field: 'companyId',
        message: 'Required for non-master admins',
      },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: invite({ companyId: null, role: 'account_admin' }),
        field: 'companyId',
        message: 'Required for non-master admins',
      },
    );

    // Companies (seed section 5).
    for (const [payload, field, message] of [
      [{}, 'name', 'Company name is required'],
      [{ name: '' }, 'name', 'Company name is required'],
      [{ name: '   ' }, 'name', 'Company name is required'],
      [{ name: 42 }, 'name', undefined],
      [{ name: NUL }, 'name', undefined],
      [{ name: 'x'.repeat(101) }, 'name', undefined],
      [{ name: 'Ok', clientId: 'x'.repeat(501) }, 'clientId', undefined],
      [{ name: 'Ok', clientSecret: 123 }, 'clientSecret', undefined],
      [{ name: 'Ok', tenantId: 'abc' }, 'tenantId', 'Tenant ID must contain only digits'],
      [{ name: 'Ok', tenantId: '1'.repeat(20) }, 'tenantId', undefined],
      [{ name: 'Ok', appKey: NUL }, 'appKey', undefined],
    ] as const) {
      cases.push({ method: 'POST', url: '/api/companies', payload, field, message });
    }
    for (const [payload, field, message] of [
      [{ name: '' }, 'name', 'Company name is required'],
      [{ name: null }, 'name', undefined],
      [{ tenantId: '12a' }, 'tenantId', 'Tenant ID must contain only digits'],
      [{ clientId: ['a'] }, 'clientId', undefined],
    ] as const) {
      cases.push({ method: 'PATCH', url: `/api/companies/${companyId}`, payload, field, message });
    }

    // Credentials (seed section 5).
    cases.push(
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ clientId: '' }),
        field: 'clientId',
        message: 'Client ID is required',
      },
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ clientId: '   ' }),
        field: 'clientId',
        message: 'Client ID is required',
      },
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ clientSecret: '' }),
        field: 'clientSecret',
        message: 'Client Secret is required',
      },
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ clientId: undefined }),
        field: 'clientId',
      },
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ clientSecret: undefined }),
        field: 'clientSecret',
      },
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ userId: 'abc' }),
        field: 'userId',
      },
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ isActive: 'true' }),
        field: 'isActive',
      },
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ tenantId: 'tenant' }),
        field: 'tenantId',
      },
      {
        method: 'POST',
        url: '/api/credentials',
        payload: credential({ appKey: NUL }),
        field: 'appKey',
      },
      {
        method: 'POST',
        url: '/api/connection-check',
        payload: { companyId: '1' },
        field: 'companyId',
      },
      {
        method: 'POST',
        url: '/api/connection-check',
        payload: { tenantId: 'x1' },
        field: 'tenantId',
      },
    );

    // Bodies that are not an object, or not JSON at all.
    for (const url of ['/api/admin/invitations', '/api/companies', '/api/credentials']) {
      cases.push({ method: 'POST', url, payload: [1, 2], field: 'body' });
      cases.push({ method: 'POST', url, raw: '{"name": ', field: 'body' });
    }
  });
  afterAll(() => t?.close());

  it('answers 400 naming the field, changes nothing and never fails with 5xx', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: {
          cookie: master.cookie,
          ...(c.raw !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(c.raw !== undefined
          ? { payload: c.raw }
          : c.payload !== undefined
            ? { payload: c.payload as object }
            : {}),
      });
      const label = `${c.method} ${c.url} ${c.raw ?? JSON.stringify(c.payload ?? null).slice(0, 60)}`;
      if (res.statusCode !== 400) {
        failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const body = res.json() as {
        error: string;
        details?: { issues?: { field: string; message: string }[]; field?: string };
      };
      if (c.field === 'body') continue;
      const issue = body.details?.issues?.find((i) => i.field === c.field);
      if (!issue || !body.error.includes(c.field)) {
        const named = body.error.includes(c.field) || body.details?.field === c.field;
        if (!named) failures.push(`${label}: does not name ${c.field}: ${res.body.slice(0, 200)}`);
        continue;
      }
      if (c.message && issue.message !== c.message) {
        failures.push(`${label}: message "${issue.message}", expected "${c.message}"`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
    console.info(`bad input: ${cases.length} requests, all 400 naming the field, 0 changes, 0 5xx`);
  }, 240_000);
});
