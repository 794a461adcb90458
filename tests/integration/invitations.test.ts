import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieClient } from '../helpers/cookie-client.js';
import { signInThroughDevProvider } from '../helpers/sign-in.js';
import {
  createCompany,
  createSignedInUser,
  type TestUser,
  createListeningTestApp,
  type ListeningTestApp,
} from '../helpers/test-app.js';

/**
 * Issue 24 / decision 019: invitations belong to the company that sent them. Each test names
 * the finding it reproduces; people sign in for real through the development identity provider
 * (verified e-mail), so the callback's answer is what a browser gets.
 */
describe('invitations belong to the company that sent them', () => {
  let t: ListeningTestApp;
  let base: string;
  const PROTECTED = 'ops@callboard.test';
  const uniq = () => crypto.randomBytes(3).toString('hex');

  beforeAll(async () => {
    t = await createListeningTestApp({
      env: {
        SEED_DEMO_DATA: 'false',
        PROTECTED_ADMIN_EMAIL: PROTECTED,
        API_RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    base = t.base;
  });
  afterAll(() => t.close());

  /** A self-made company with its account admin. */
  async function company(name = `Co ${uniq()}`) {
    const companyId = await createCompany(t.app, { name });
    const admin = await createSignedInUser(t.app, { role: 'account_admin', companyId });
    return { companyId, admin, name };
  }
  const as = (who: TestUser, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: who.cookie },
      ...(payload ? { payload } : {}),
    });
  const invite = (who: TestUser, email: string, extra: object = {}) =>
    as(who, 'POST', '/api/admin/invitations', {
      email,
      firstName: 'Ivy',
      lastName: 'Invited',
      ...extra,
    });
  const listOf = async (who: TestUser) =>
    (await as(who, 'GET', '/api/admin/invitations')).json<{ id: number; email: string }[]>();

  /** Signs in through the provider; returns where the callback sent the browser, and a client. */
  async function signIn(email: string) {
    const { client, final } = await signInThroughDevProvider(base, email);
    const afterCallback = final.responses.find((r) => r.url.startsWith(`${base}/api/callback`));
    const me = await (await client.request(`${base}/api/auth/user`)).json();
    return { client, landed: afterCallback?.location, me };
  }
  const mine = async (client: CookieClient) =>
    (await client.request(`${base}/api/invitations`)).json() as Promise<
      { id: number; companyId: number | null; companyName: string | null }[]
    >;
  const send = (client: CookieClient, method: string, path: string) =>
    client.request(`${base}${path}`, { method, headers: { origin: base } });

  it('High: an account admin invites a master admin\u2019s address: 201 like any, and it never changes the master admin', async () => {
    const { admin, companyId } = await company();
    const res = await invite(admin, PROTECTED, { role: 'user' });
    expect(res.statusCode).toBe(201);
    // The master admin signs in: still master admin, in no company, offered nothing.
    const master = await signIn(PROTECTED);
    expect(master.landed).toBe('/');
    expect(master.me).toMatchObject({ role: 'master_admin', companyId: null });
    expect(await mine(master.client)).toEqual([]);
    const accept = await send(master.client, 'POST', `/api/invitations/${res.json().id}/accept`);
    expect(accept.status).toBe(404);
    const users = (await as(admin, 'GET', '/api/admin/users')).json<{ email: string }[]>();
    expect(users.map((u) => u.email)).not.toContain(PROTECTED);
    expect((await signIn(PROTECTED)).me).toMatchObject({ role: 'master_admin', companyId: null });
    expect(companyId).toBeGreaterThan(0);
  });

  it('Medium: another company\u2019s earlier invitation neither blocks nor is seen by the employer, and the hire chooses', async () => {
    const squatter = await company('Squatter Co');
    const employer = await company('Employer Co');
    const hire = `newhire-${uniq()}@demo-hvac.test`;
    const first = await invite(squatter.admin, hire);
    expect(first.statusCode).toBe(201);
    const second = await invite(employer.admin, hire, { isAdmin: true });
    expect(second.statusCode).toBe(201);
    // Each company sees and removes only its own.
    expect((await listOf(employer.admin)).map((i) => i.id)).toEqual([second.json().id]);
    expect((await listOf(squatter.admin)).map((i) => i.id)).toEqual([first.json().id]);
    const foreign = await as(employer.admin, 'DELETE', `/api/admin/invitations/${first.json().id}`);
    expect(foreign.statusCode).toBe(404);
    // The same company twice is a conflict it can see for itself.
    const again = await invite(employer.admin, hire);
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual({ field: 'email' });
    // The hire signs in: placed nowhere, sent to choose.
    const { client, landed, me } = await signIn(hire);
    expect(landed).toBe('/invitations');
    expect(me).toMatchObject({ companyId: null, role: 'user' });
    const offered = await mine(client);
    expect(offered.map((i) => i.companyName).sort()).toEqual(['Employer Co', 'Squatter Co']);
    const accepted = await send(client, 'POST', `/api/invitations/${second.json().id}/accept`);
    expect(accepted.status).toBe(200);
    const after = await (await client.request(`${base}/api/auth/user`)).json();
    expect(after).toMatchObject({ companyId: employer.companyId, role: 'account_admin' });
    expect(await mine(client)).toEqual([]);
    expect(await listOf(squatter.admin)).toEqual([]);
    expect(await listOf(employer.admin)).toEqual([]);
  });

  it('Medium: the answer is the same whether or not another company knows the address (no oracle)', async () => {
    const other = await company();
    const asker = await company();
    const member = `member-${uniq()}@example.test`;
    await createSignedInUser(t.app, { companyId: other.companyId, email: member });
    const invitedElsewhere = `elsewhere-${uniq()}@example.test`;
    await invite(other.admin, invitedElsewhere);
    const master = await createSignedInUser(t.app, {
      role: 'master_admin',
      email: `master-${uniq()}@example.test`,
    });
    const answers = [];
    for (const email of [`nobody-${uniq()}@example.test`, member, invitedElsewhere, master.email]) {
      const res = await invite(asker.admin, email);
      const body = res.json();
      answers.push({ status: res.statusCode, keys: Object.keys(body).sort(), email: body.email });
      expect(body.email).toBe(email);
    }
    expect(new Set(answers.map((a) => `${a.status} ${a.keys.join(',')}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(201);
    // Only the company's own member is refused, in words about this company.
    const own = await createSignedInUser(t.app, { companyId: asker.companyId });
    const res = await invite(asker.admin, own.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'This e-mail address already belongs to a member of this company',
    );
  });

  it('a member of one company invited by another stays put until they choose, and may choose none', async () => {
    const home = await company('Home Co');
    const away = await company('Away Co');
    const email = `staff-${uniq()}@example.test`;
    expect((await signIn(email)).me).toMatchObject({ companyId: null });
    // Now they belong to Home Co (by its earlier invitation, chosen); Away Co invites them.
    const homeInvitation = await invite(home.admin, email);
    const joining = await signIn(email);
    expect(joining.landed).toBe('/invitations');
    await send(joining.client, 'POST', `/api/invitations/${homeInvitation.json().id}/accept`);
    expect((await signIn(email)).me).toMatchObject({ companyId: home.companyId });
    await invite(away.admin, email, { isAdmin: true });
    const { client, landed, me } = await signIn(email);
    expect(landed).toBe('/invitations');
    expect(me).toMatchObject({ companyId: home.companyId, role: 'user' });
    expect((await mine(client)).map((i) => i.companyName)).toEqual(['Away Co']);
    const none = await send(client, 'DELETE', '/api/invitations');
    expect(await none.json()).toEqual({ declined: 1 });
    expect(await listOf(away.admin)).toEqual([]);
    const again = await signIn(email);
    expect(again.landed).toBe('/');
    expect(again.me).toMatchObject({ companyId: home.companyId, role: 'user' });
  });

  it('a newcomer with one invitation is asked too, as with two: joins only by choosing (issue 33)', async () => {
    const { admin, companyId } = await company();
    const email = `new-${uniq()}@example.test`;
    const invitation = await invite(admin, email);
    const { client, landed, me } = await signIn(email);
    expect(landed).toBe('/invitations');
    expect(me).toMatchObject({ companyId: null, role: 'user' });
    expect((await mine(client)).map((i) => i.companyId)).toEqual([companyId]);
    const accepted = await send(client, 'POST', `/api/invitations/${invitation.json().id}/accept`);
    expect(accepted.status).toBe(200);
    const after = await (await client.request(`${base}/api/auth/user`)).json();
    expect(after).toMatchObject({ companyId, role: 'user', firstName: 'Ivy', lastName: 'Invited' });
    expect(await listOf(admin)).toEqual([]);
    // Another newcomer chooses to make a company of their own instead: placed nowhere.
    const other = `own-${uniq()}@example.test`;
    await invite(admin, other);
    const declining = await signIn(other);
    expect(declining.landed).toBe('/invitations');
    const none = await send(declining.client, 'DELETE', '/api/invitations');
    expect(await none.json()).toEqual({ declined: 1 });
    const again = await signIn(other);
    expect(again.landed).toBe('/');
    expect(again.me).toMatchObject({ companyId: null, onboarding: { step: 'create_company' } });
  });

  it('nobody accepts an invitation sent to someone else, and screens and strangers have none', async () => {
    const { admin } = await company();
    const target = await invite(admin, `target-${uniq()}@example.test`);
    const { client } = await signIn(`bystander-${uniq()}@example.test`);
    expect(await mine(client)).toEqual([]);
    const res = await send(client, 'POST', `/api/invitations/${target.json().id}/accept`);
    expect(res.status).toBe(404);
    expect((await listOf(admin)).length).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations' })).statusCode).toBe(401);
  });

  it('the master admin\u2019s invitations keep their powers; companyId as a numeric string is accepted', async () => {
    const { admin, companyId } = await company();
    const master = await createSignedInUser(t.app, { role: 'master_admin' });
    // Into any company, named as the seed's form sends it (text).
    const text = await invite(master, `text-${uniq()}@example.test`, {
      companyId: String(companyId),
    });
    expect(text.statusCode).toBe(201);
    expect(text.json().companyId).toBe(companyId);
    expect((await listOf(admin)).map((i) => i.id)).toEqual([text.json().id]);
    expect(
      (await invite(admin, `own-${uniq()}@example.test`, { companyId: ` ${companyId} ` }))
        .statusCode,
    ).toBe(201);
    expect(
      (await invite(admin, `blank-${uniq()}@example.test`, { companyId: '' })).json().companyId,
    ).toBe(companyId);
    const bad = await invite(master, `bad-${uniq()}@example.test`, { companyId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^companyId: /);
    // A master admin of no company, made by the master admin's invitation.
    const email = `newmaster-${uniq()}@example.test`;
    const promoted = await invite(master, email, { role: 'master_admin' });
    expect(promoted.statusCode).toBe(201);
    const invited = await signIn(email);
    expect(invited.landed).toBe('/invitations');
    await send(invited.client, 'POST', `/api/invitations/${promoted.json().id}/accept`);
    expect((await signIn(email)).me).toMatchObject({ role: 'master_admin', companyId: null });
    // And the master admin removes any company's invitation.
    const removed = await as(master, 'DELETE', `/api/admin/invitations/${text.json().id}`);
    expect(removed.statusCode).toBe(200);
  });
});
