import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, credentials, invitations, users } from '../../src/server/db/schema.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

const PROTECTED = 'owner@callboard.test';

describe('admin rules and onboarding', () => {
  let sim: Simulator;
  let t: TestApp;

  beforeAll(async () => {
    sim = await startServiceTitanSimulator({ seed: 5 });
    t = await createTestApp({
      env: {
        SERVICETITAN_AUTH_URL: sim.authUrl,
        SERVICETITAN_API_URL: sim.apiUrl,
        PROTECTED_ADMIN_EMAIL: PROTECTED,
      },
      build: { demoServiceTitanCredential: sim.demoCredential },
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const call = (
    who: TestUser | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload ? { payload } : {}),
    });

  it('an account admin cannot grant master admin, delete themselves or a master admin', async () => {
    const company = await createCompany(t.app);
    const admin = await createSignedInUser(t.app, { companyId: company, role: 'account_admin' });
    const worker = await createSignedInUser(t.app, { companyId: company });
    const masterInCompany = await createSignedInUser(t.app, {
      companyId: company,
      role: 'master_admin',
    });

    const grant = await call(admin, 'PATCH', `/api/admin/users/${worker.id}`, {
      role: 'master_admin',
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toMatchObject({
      error: 'Only a master admin can grant the master admin role.',
      details: { field: 'role' },
    });
    const self = await call(admin, 'DELETE', `/api/admin/users/${admin.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('You cannot delete your own account.');
    const master = await call(admin, 'DELETE', `/api/admin/users/${masterInCompany.id}`);
    expect(master.statusCode).toBe(403);

    const invite = await call(admin, 'POST', '/api/admin/invitations', {
      email: 'boss@example.test',
      firstName: 'Big',
      lastName: 'Boss',
      role: 'master_admin',
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().details.field).toBe('role');

    // What they may do: promote within their company; invite into it without naming it.
    const promote = await call(admin, 'PATCH', `/api/admin/users/${worker.id}`, {
      role: 'account_admin',
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ role: 'account_admin', companyId: company });
    const invited = await call(admin, 'POST', '/api/admin/invitations', {
      email: 'Helper@Example.test',
      firstName: 'Hal',
      lastName: 'Helper',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'helper@example.test',
      companyId: company,
      role: 'user',
      isAdmin: false,
    });
    const twice = await call(admin, 'POST', '/api/admin/invitations', {
      email: 'helper@example.test',
      firstName: 'Hal',
      lastName: 'Helper',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details.field).toBe('email');
  });

  it('nobody demotes or deletes the protected master admin, not even a master admin', async () => {
    const owner = await createSignedInUser(t.app, { role: 'master_admin', email: PROTECTED });
    const other = await createSignedInUser(t.app, { role: 'master_admin' });
    const list = (await call(other, 'GET', '/api/admin/users')).json() as {
      id: string;
      isProtected: boolean;
    }[];
    expect(list.find((u) => u.id === owner.id)?.isProtected).toBe(true);
    expect(list.filter((u) => u.isProtected)).toHaveLength(1);
    for (const who of [other, owner]) {
      const demote = await call(who, 'PATCH', `/api/admin/users/${owner.id}`, { role: 'user' });
      expect(demote.statusCode).toBe(403);
      expect(demote.json().error).toBe('This master admin account is protected.');
      expect((await call(who, 'DELETE', `/api/admin/users/${owner.id}`)).statusCode).toBe(403);
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.role).toBe('master_admin');
  });

  it('deleting a user ends their sessions at once', async () => {
    const company = await createCompany(t.app);
    const admin = await createSignedInUser(t.app, { companyId: company, role: 'account_admin' });
    const leaver = await createSignedInUser(t.app, { companyId: company });
    expect((await call(leaver, 'GET', '/api/auth/user')).statusCode).toBe(200);
    const res = await call(admin, 'DELETE', `/api/admin/users/${leaver.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: leaver.id, email: leaver.email });
    expect((await call(leaver, 'GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('deleting a company unassigns its users and removes its credentials and invitations', async () => {
    const master = await createSignedInUser(t.app, { role: 'master_admin' });
    const created = await call(master, 'POST', '/api/companies', {
      name: 'Short Lived',
      clientId: 'cid-x',
      clientSecret: 'secret-value-9876',
    });
    expect(created.statusCode).toBe(201);
    const { company, connectionCheck } = created.json();
    expect(company).toMatchObject({
      name: 'Short Lived',
      configured: false,
      clientSecret: { configured: true, last4: '9876' },
      appKey: { configured: false, last4: null },
    });
    expect(connectionCheck).toBeNull();
    expect(created.body).not.toContain('secret-value-9876');
    const member = await createSignedInUser(t.app, { companyId: company.id });
    await call(master, 'POST', '/api/credentials', {
      userId: member.id,
      clientId: 'cid-member',
      clientSecret: 'member-secret',
    });
    await call(master, 'POST', '/api/admin/invitations', {
      email: 'later@example.test',
      firstName: 'L',
      lastName: 'Ater',
      companyId: company.id,
    });

    const gone = await call(master, 'DELETE', `/api/companies/${company.id}`);
    expect(gone.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.companyId).toBeNull();
    expect(
      await t.app.db.select().from(credentials).where(eq(credentials.userId, member.id)),
    ).toEqual([]);
    expect(
      await t.app.db.select().from(invitations).where(eq(invitations.email, 'later@example.test')),
    ).toEqual([]);
    expect(await t.app.db.select().from(companies).where(eq(companies.id, company.id))).toEqual([]);
    expect((await call(master, 'DELETE', `/api/companies/${company.id}`)).statusCode).toBe(404);
  });

  it('the overview lists each company with its administrators and users', async () => {
    const company = await createCompany(t.app, { name: 'Overview Co' });
    const admin = await createSignedInUser(t.app, { companyId: company, role: 'account_admin' });
    const worker = await createSignedInUser(t.app, { companyId: company });
    const master = await createSignedInUser(t.app, { role: 'master_admin' });
    const overview = (await call(master, 'GET', '/api/admin/companies')).json() as {
      name: string;
      admins: { id: string }[];
      users: { id: string; companyName: string }[];
    }[];
    const entry = overview.find((c) => c.name === 'Overview Co');
    expect(entry?.admins.map((u) => u.id)).toEqual([admin.id]);
    expect(entry?.users).toEqual([
      expect.objectContaining({
        id: worker.id,
        companyName: 'Overview Co',
        subscriptionStatus: 'none',
      }),
    ]);
  });

  it('onboards a new person: create company, connect ServiceTitan, then the board', async () => {
    const person = await createSignedInUser(t.app, { email: 'founder@newco.test' });
    const me = async () => (await call(person, 'GET', '/api/auth/user')).json();
    expect((await me()).onboarding).toEqual({
      step: 'create_company',
      companyConfigured: false,
      sampleTenantAvailable: false,
      sampleAccountAvailable: false,
    });
    // Not an admin yet: no sample tenant for them.
    expect((await call(person, 'GET', '/api/onboarding/sample-credentials')).statusCode).toBe(403);

    const created = await call(person, 'POST', '/api/companies', { name: 'NewCo Heating' });
    expect(created.statusCode).toBe(201);
    const companyId = created.json().company.id as number;
    expect(await me()).toMatchObject({
      role: 'account_admin',
      isAdmin: true,
      companyId,
      companyName: 'NewCo Heating',
      onboarding: { step: 'connect_servicetitan', sampleTenantAvailable: true },
    });
    // One company per person: a second one is refused.
    expect((await call(person, 'POST', '/api/companies', { name: 'Another' })).statusCode).toBe(
      403,
    );

    const sample = await call(person, 'GET', '/api/onboarding/sample-credentials');
    expect(sample.json()).toEqual(sim.demoCredential);
    const connected = await call(person, 'PATCH', `/api/companies/${companyId}`, sample.json());
    expect(connected.json().connectionCheck).toMatchObject({ ok: true, problems: [] });
    expect((await me()).onboarding).toMatchObject({ step: 'done', companyConfigured: true });

    const board = await call(person, 'POST', '/api/capacity', {});
    expect(board.json().error ?? null).toBeNull();
    expect(board.json().days).toHaveLength(3);

    // Their company is theirs alone: listing companies shows just it.
    expect((await call(person, 'GET', '/api/companies')).json()).toEqual([
      expect.objectContaining({ id: companyId, configured: true, userCount: 1 }),
    ]);
  });

  it('a master admin with no company chooses one and opens its board by id', async () => {
    const master = await createSignedInUser(t.app, { role: 'master_admin' });
    const me = (await call(master, 'GET', '/api/auth/user')).json();
    expect(me.onboarding.step).toBe('choose_company');
    const company = await createCompany(t.app, { name: 'Board Co' });
    const patched = await call(master, 'PATCH', `/api/companies/${company}`, sim.demoCredential);
    expect(patched.json().connectionCheck.ok).toBe(true);

    const own = await call(master, 'POST', '/api/capacity', {});
    expect(own.json().error).toMatch(/No ServiceTitan credentials/);
    const theirs = await call(master, 'POST', `/api/capacity?companyId=${company}`, {});
    expect(theirs.json().error ?? null).toBeNull();
    expect(theirs.json().days).toHaveLength(3);
    const metadata = await call(master, 'GET', `/api/servicetitan/metadata?companyId=${company}`);
    expect(metadata.json()).toMatchObject({ hasCredentials: true, error: null });
    expect(metadata.json().businessUnits.length).toBeGreaterThan(0);
    expect((await call(master, 'POST', '/api/capacity?companyId=2147483000', {})).statusCode).toBe(
      404,
    );
  });

  it('offers no sample tenant when the simulator does not run', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const admin = await createSignedInUser(plain.app, {
        companyId: await createCompany(plain.app),
        role: 'account_admin',
      });
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/onboarding/sample-credentials',
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(404);
      const me = await plain.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: admin.cookie },
      });
      expect(me.json().onboarding.sampleTenantAvailable).toBe(false);
    } finally {
      await plain.close();
    }
  }, 180_000);
});
