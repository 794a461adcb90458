import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * The alert rules API (issue 23): bad input answers 400 naming the field and saves nothing; a
 * plain user reads but may not write (403); another company's rule does not exist (404);
 * webhook URLs reaching private addresses are refused when ALERTS_ALLOW_PRIVATE_URLS is off.
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let otherAdmin: TestUser;
let companyId: number;

const valid = {
  name: 'Tomorrow behind',
  kind: 'behind',
  dayOffset: 1,
  thresholdPercent: 60,
  at: ['14:00'],
  channels: [{ type: 'slack', url: 'https://hooks.slack.com/services/T0/B0/abcdefgh1234' }],
};

beforeAll(async () => {
  // As in production: typed URLs may not reach private addresses. The public names used below
  // are looked up for real only when they resolve; a name that does not resolve is refused too.
  t = await createTestApp({ env: { ALERTS_ALLOW_PRIVATE_URLS: 'false' } });
  companyId = await createCompany(t.app);
  admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
  member = await createSignedInUser(t.app, { companyId });
  otherAdmin = await createSignedInUser(t.app, {
    companyId: await createCompany(t.app),
    role: 'account_admin',
  });
});
afterAll(async () => {
  await t?.close();
});

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function ruleCount(user = admin) {
  return (await call(user, 'GET', '/api/alert-rules')).json().rules.length as number;
}

describe('bad input', () => {
  it.each([
    ['at[0]', { at: ['2pm'] }],
    ['at[1]', { at: ['14:00', '24:00'] }],
    ['thresholdPercent', { thresholdPercent: 'sixty' }],
    ['channels', { channels: [] }],
    ['channels[0].url', { channels: [{ type: 'slack', url: 'ftp://hooks.example.com/x' }] }],
    ['channels[0].url', { channels: [{ type: 'webhook', url: 'not a url' }] }],
    [
      'channels[0].to',
      {
        channels: [
          { type: 'email', to: Array.from({ length: 21 }, (_, i) => `p${i}@example.test`) },
        ],
      },
    ],
    ['channels[0].to[0]', { channels: [{ type: 'email', to: ['nobody'] }] }],
    ['name', { name: '   ' }],
    ['name', { name: '\u2800\u2800' }],
    ['name', { name: 'Tomorrow\u2800behind' }],
    ['kind', { kind: 'late' }],
    ['dayOffset', { dayOffset: 4 }],
    ['thresholdPercent', { thresholdPercent: null, belowPace: false }],
    ['at', { at: [] }],
    ['staleMinutes', { kind: 'stale', at: [], staleMinutes: null }],
    ['repeatMinutes', { repeatMinutes: 1 }],
  ])('400 naming %s', async (field, change) => {
    const res = await call(admin, 'POST', '/api/alert-rules', { ...valid, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.startsWith(`${field}:`), res.json().error).toBe(true);
    expect(await ruleCount()).toBe(0);
  });

  it('refuses a webhook URL that reaches a loopback or private address, naming it', async () => {
    for (const url of [
      'http://127.0.0.1:5000/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest',
      'http://10.0.0.8/x',
      // IPv6 forms that carry an IPv4 address (issue 33 item 5).
      'http://[::127.0.0.1]/hook',
      'http://[::a9fe:a9fe]/latest',
      'http://[2002:7f00:1::1]/hook',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
    ]) {
      const res = await call(admin, 'POST', '/api/alert-rules', {
        ...valid,
        channels: [
          { type: 'email', to: ['a@example.test'] },
          { type: 'webhook', url },
        ],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(/^channels\[1\]\.url: .*loopback, private or link-local/);
    }
    expect(await ruleCount()).toBe(0);
  });
});

describe('access and lifecycle', () => {
  let id: number;

  it('creates a rule, showing its signing secret once and never its webhook URL again', async () => {
    const res = await call(admin, 'POST', '/api/alert-rules', {
      ...valid,
      channels: [
        { type: 'email', to: ['office@example.test'] },
        { type: 'webhook', url: 'https://93.184.216.34/hooks/call-board-1234' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(body).toMatchObject({
      name: 'Tomorrow behind',
      kind: 'behind',
      state: 'ok',
      enabled: true,
      repeatMinutes: null,
      channels: [
        { type: 'email', to: ['office@example.test'] },
        { type: 'webhook', urlHint: '93.184.216.34/…1234' },
      ],
    });
    id = body.id;
    const listed = await call(member, 'GET', '/api/alert-rules');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(body.secret);
    expect(listed.body).not.toContain('/hooks/call-board-1234');
    expect(listed.json().rules).toHaveLength(1);
  });

  it('lets a plain user read but not write', async () => {
    expect((await call(member, 'POST', '/api/alert-rules', valid)).statusCode).toBe(403);
    expect((await call(member, 'PATCH', `/api/alert-rules/${id}`, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call(member, 'DELETE', `/api/alert-rules/${id}`)).statusCode).toBe(403);
    expect((await call(member, 'POST', `/api/alert-rules/${id}/test`)).statusCode).toBe(403);
    expect((await call(member, 'GET', '/api/alert-deliveries')).statusCode).toBe(200);
  });

  it("answers 404 for another company's rule, and lists only one's own", async () => {
    for (const [method, url] of [
      ['PATCH', `/api/alert-rules/${id}`],
      ['DELETE', `/api/alert-rules/${id}`],
      ['POST', `/api/alert-rules/${id}/test`],
    ] as const) {
      const res = await call(
        otherAdmin,
        method,
        url,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await ruleCount(otherAdmin)).toBe(0);
    expect((await call(admin, 'GET', '/api/alert-rules?boardId=999')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/alert-rules?boardId=x')).statusCode).toBe(400);
  });

  it('changes a rule, refusing a change that leaves it incomplete', async () => {
    const bad = await call(admin, 'PATCH', `/api/alert-rules/${id}`, {
      thresholdPercent: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^thresholdPercent:/);
    const res = await call(admin, 'PATCH', `/api/alert-rules/${id}`, {
      name: 'Friday behind',
      dayOffset: 2,
      at: ['15:30', '09:00'],
      repeatMinutes: 60,
      enabled: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Friday behind',
      dayOffset: 2,
      at: ['09:00', '15:30'],
      repeatMinutes: 60,
      enabled: false,
      // Channels not named stay as they were.
      channels: [{ type: 'email' }, { type: 'webhook', urlHint: '93.184.216.34/…1234' }],
    });
  });

  it('sends a test and logs it; a stranger who has not confirmed is sent nothing, and the log says why', async () => {
    // With no mail server, the confirmation e-mail could not go either: the rule says so.
    const [listed] = (await call(admin, 'GET', '/api/alert-rules')).json().rules;
    expect(listed.recipients).toEqual([
      expect.objectContaining({
        address: 'office@example.test',
        status: 'pending',
        confirmationSentAt: null,
        statusText:
          'Not confirmed: the confirmation message was not sent: no mail server is set up (SMTP_URL)',
      }),
    ]);
    const res = await call(admin, 'POST', `/api/alert-rules/${id}/test`);
    expect(res.statusCode).toBe(200);
    const [email] = res.json().results;
    expect(email).toMatchObject({
      channelType: 'email',
      ok: false,
      error: 'office@example.test has not confirmed yet: only the confirmation message was sent',
    });
    const log = (await call(admin, 'GET', '/api/alert-deliveries')).json().deliveries;
    expect(
      log.some(
        (d: { event: string; status: string }) => d.event === 'test' && d.status === 'skipped',
      ),
    ).toBe(true);
  });

  it('saves an invitation without a mail server, and says it was not e-mailed (issue 33 item 7)', async () => {
    const res = await call(admin, 'POST', '/api/admin/invitations', {
      email: 'someone.new@example.test',
      firstName: 'Sam',
      lastName: 'New',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'someone.new@example.test',
      emailed: false,
      emailProblem: 'no mail server is set up (SMTP_URL), so no e-mail was sent',
    });
  });

  it('deletes a rule', async () => {
    const deleted = await call(admin, 'DELETE', `/api/alert-rules/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id, name: 'Friday behind' });
    expect(await ruleCount()).toBe(0);
    expect((await call(admin, 'DELETE', `/api/alert-rules/${id}`)).statusCode).toBe(404);
  });
});

describe('rules belong to a board', () => {
  // A public address by number: nothing to look up (the test machine may have no DNS).
  const onBoard = (boardId?: number) => ({
    ...valid,
    channels: [{ type: 'webhook', url: 'https://93.184.216.34/hooks/board' }],
    ...(boardId === undefined ? {} : { boardId }),
  });
  it("lists, creates and logs per board (default: the first); another company's board is a 404; a deleted board takes its rules", async () => {
    const made = await call(admin, 'POST', '/api/boards', {
      name: 'Plumbing wall',
      viewType: 'businessUnit',
    });
    expect(made.statusCode, made.body).toBe(201);
    const boardId = made.json().id as number;
    const first = (await call(admin, 'GET', '/api/boards')).json().boards[0].id as number;

    const created = await call(admin, 'POST', '/api/alert-rules', onBoard(boardId));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().boardId).toBe(boardId);
    const ruleId = created.json().id as number;
    const onFirst = await call(admin, 'POST', '/api/alert-rules', onBoard());
    expect(onFirst.json().boardId).toBe(first);

    const names = async (url: string, user = admin) =>
      (await call(user, 'GET', url)).json().rules.map((r: { id: number }) => r.id) as number[];
    expect(await names(`/api/alert-rules?boardId=${boardId}`)).toEqual([ruleId]);
    expect(await names(`/api/alert-rules?boardId=${first}`)).toEqual([onFirst.json().id]);
    expect(await names('/api/alert-rules')).toEqual([onFirst.json().id]);
    expect(await names(`/api/alert-rules?boardId=${boardId}`, member)).toEqual([ruleId]);

    const tested = await call(admin, 'POST', `/api/alert-rules/${ruleId}/test`);
    expect(tested.statusCode).toBe(200);
    const log = async (query: string) =>
      (await call(admin, 'GET', `/api/alert-deliveries${query}`))
        .json()
        .deliveries.map((d: { ruleId: number }) => d.ruleId) as number[];
    expect(await log(`?boardId=${boardId}`)).toEqual([ruleId]);
    expect(await log('')).not.toContain(ruleId);

    // Another company's board does not exist for the caller, whatever the verb.
    for (const [method, url, payload] of [
      ['GET', `/api/alert-rules?boardId=${boardId}`, undefined],
      ['GET', `/api/alert-deliveries?boardId=${boardId}`, undefined],
      ['POST', '/api/alert-rules', onBoard(boardId)],
    ] as const) {
      const res = await call(otherAdmin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toMatch(/Board/);
    }
    expect((await call(otherAdmin, 'GET', `/api/alert-lines?boardId=${boardId}`)).statusCode).toBe(
      404,
    );

    // Deleting the board deletes its rules and their log (decision 023).
    expect((await call(admin, 'DELETE', `/api/boards/${boardId}`)).statusCode).toBe(200);
    expect(
      (await call(admin, 'PATCH', `/api/alert-rules/${ruleId}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(admin, 'GET', `/api/alert-rules?boardId=${boardId}`)).statusCode).toBe(404);
    expect(await names('/api/alert-rules')).toEqual([onFirst.json().id]);
    await call(admin, 'DELETE', `/api/alert-rules/${onFirst.json().id}`);
  });

  it('answers the master admin the company ?companyId= names, as the board does; anyone else a 404', async () => {
    const master = await createSignedInUser(t.app, { role: 'master_admin' });
    const rule = await call(admin, 'POST', '/api/alert-rules', onBoard());
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = rule.json().id as number;
    expect((await call(admin, 'POST', `/api/alert-rules/${ruleId}/test`)).statusCode).toBe(200);
    const first = (await call(admin, 'GET', '/api/boards')).json().boards[0].id as number;
    const own = {
      rules: (await call(admin, 'GET', '/api/alert-rules')).json().rules,
      deliveries: (await call(admin, 'GET', '/api/alert-deliveries')).json().deliveries,
    };
    expect(own.rules.map((r: { id: number }) => r.id)).toEqual([ruleId]);
    expect(own.deliveries.map((d: { ruleId: number }) => d.ruleId)).toContain(ruleId);

    // Without a company of their own the master admin has no board to read, until one is named.
    expect((await call(master, 'GET', '/api/alert-rules')).statusCode).toBe(403);
    const named = `companyId=${companyId}`;
    for (const [url, key] of [
      [`/api/alert-rules?${named}`, 'rules'],
      [`/api/alert-deliveries?${named}`, 'deliveries'],
      [`/api/alert-rules?${named}&boardId=${first}`, 'rules'],
      [`/api/alert-deliveries?${named}&boardId=${first}`, 'deliveries'],
    ] as const) {
      const res = await call(master, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json()[key], url).toEqual(own[key]);
    }
    // Naming one's own company is the same as naming none.
    expect((await call(admin, 'GET', `/api/alert-rules?${named}`)).json().rules).toEqual(own.rules);
    // A board of another company than the one named, a company that does not exist, and anyone
    // else naming a company not theirs: 404, never its rules.
    const otherCompany = (await call(otherAdmin, 'GET', '/api/boards')).json().boards[0]
      .id as number;
    for (const [user, url] of [
      [master, `/api/alert-rules?${named}&boardId=${otherCompany}`],
      [master, `/api/alert-deliveries?${named}&boardId=${otherCompany}`],
      [master, '/api/alert-rules?companyId=999999'],
      [otherAdmin, `/api/alert-rules?${named}`],
      [otherAdmin, `/api/alert-deliveries?${named}`],
      [member, `/api/alert-deliveries?companyId=${companyId + 1}`],
    ] as const) {
      const res = await call(user, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Tomorrow behind');
    }
    // A bad id is a 400 naming the field.
    for (const url of ['/api/alert-rules?companyId=abc', '/api/alert-deliveries?companyId=0']) {
      const bad = await call(master, 'GET', url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().error).toMatch(/^companyId/);
    }
    await call(admin, 'DELETE', `/api/alert-rules/${ruleId}`);
  });
});
