import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDelivery, AlertRule } from '../../src/shared/api/alerts.js';
import type { PushDevice, PushPayload } from '../../src/shared/api/push.js';
import { pushVapidKeys } from '../../src/server/db/schema.js';
import { startMailCatcher, type MailCatcher } from '../../standins/mail-catcher/index.js';
import { startTwilioStandin, type TwilioStandin } from '../../standins/twilio/index.js';
import { startPushService, type PushServiceStandin } from '../../standins/push-service/index.js';
import { createPushUserAgent, type PushUserAgent } from '../../standins/push-service/user-agent.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import { createBoardWithSettings } from '../helpers/board-settings.js';
import { giveCompanyCredential } from '../helpers/fake-service-titan.js';
import { deliverTwilioCallbacksTo, simulatorEnv, simulatorServices } from '../helpers/standins.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  createTestAppPair,
  type TestApp,
  type TestAppPair,
  type TestUser,
} from '../helpers/test-app.js';
import { startWebhookReceivers } from '../helpers/webhook-receivers.js';

/**
 * Issue 36, push notifications, end to end on two app instances sharing one database: browsers
 * subscribe with keys of their own at an endpoint of their own (the push service stand-in, which
 * checks VAPID as real ones do), and what arrives is decrypted here with those keys (RFC 8291,
 * written from the RFC, not with the library that encrypted it). A behind rule reaches each
 * subscribed device exactly once beside its e-mail and webhook; 404 and 410 delete a device;
 * 429 is retried for the device that did not get it, and only for it.
 */

const TIME_ZONE = 'America/New_York';
/** Wednesday 2025-10-29, 13:59 in New York: the board shows Thu 30, Fri 31, Mon 3. */
const WEDNESDAY_1359 = Date.parse('2025-10-29T17:59:00Z');
const MINUTE = 60_000;
/** The manager's phone, texted through the Twilio stand-in. */
const PHONE = '+13125550123';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_HOME_SCREEN =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

let pushService: PushServiceStandin;
let twilio: TwilioStandin;
let sim: Simulator;
let catcher: MailCatcher;
let receivers: Awaited<ReturnType<typeof startWebhookReceivers>>;
let instances: TestAppPair;
let a: TestApp;
let b: TestApp;
let admin: TestUser;
let member: TestUser;
let otherAdmin: TestUser;
let companyId: number;
let clock = WEDNESDAY_1359;
const figures: string[] = [];

beforeAll(async () => {
  [pushService, catcher, receivers] = await Promise.all([
    startPushService(),
    startMailCatcher(),
    startWebhookReceivers(),
  ]);
  sim = await startServiceTitanSimulator({
    now: () => new Date(clock),
    timeZone: TIME_ZONE,
    seed: 7,
  });
  // Texts through the real SDK to the Twilio stand-in; its signed status callbacks come to the
  // other instance (B), as a load balancer would send them.
  twilio = await startTwilioStandin({ deliver: deliverTwilioCallbacksTo(() => b.app) });
  const env = {
    ...simulatorEnv(sim),
    SMTP_URL: catcher.smtpUrl,
    MAIL_FROM: 'Call Board <alerts@board.test>',
    ALERTS_ALLOW_PRIVATE_URLS: 'true',
    PUBLIC_URL: 'http://board.test',
    DEV_IDENTITY_ALLOW_REMOTE: 'true',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_API_URL: twilio.url,
  };
  // Both start at once on a database that has no key pair yet.
  instances = await createTestAppPair(
    (database) =>
      createTestApp({ database, env, services: simulatorServices(sim, () => new Date(clock)) }),
    { together: true },
  );
  ({ a, b } = instances);
  companyId = await createCompany(a.app, { name: 'Acme Heating' });
  await giveCompanyCredential(a.app, companyId, sim.demoCredential);
  const otherCompany = await createCompany(a.app, { name: 'Other Co' });
  admin = await createSignedInUser(a.app, {
    companyId,
    role: 'account_admin',
    firstName: 'Dana',
    lastName: 'Admin',
  });
  member = await createSignedInUser(a.app, {
    companyId,
    role: 'user',
    firstName: 'Lee',
    lastName: 'Member',
  });
  otherAdmin = await createSignedInUser(a.app, {
    companyId: otherCompany,
    role: 'account_admin',
  });
});

afterAll(async () => {
  if (figures.length) console.log(`\nPush notification figures:\n  ${figures.join('\n  ')}\n`);
  await instances?.close();
  await Promise.all([
    pushService?.close(),
    receivers?.close(),
    catcher?.close(),
    sim?.close(),
    twilio?.close(),
  ]);
});

async function publicKey(t: TestApp, user: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/push/public-key',
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().publicKey;
}

interface Browser {
  agent: PushUserAgent;
  endpointId: string;
  endpoint: string;
  device: PushDevice;
}

/** A browser subscribing as `pushManager.subscribe` does, then telling the server (instance `t`). */
async function subscribe(
  t: TestApp,
  user: TestUser,
  userAgent = ANDROID_CHROME,
  expected = 201,
): Promise<Browser> {
  const agent = createPushUserAgent();
  const { id, endpoint } = pushService.subscribe(await publicKey(t, user));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push-subscriptions',
    headers: { cookie: user.cookie, 'user-agent': userAgent },
    payload: { endpoint, expirationTime: null, keys: agent.keys },
  });
  expect(res.statusCode, res.body).toBe(expected);
  return { agent, endpointId: id, endpoint, device: res.json() };
}

async function devices(t: TestApp, user: TestUser): Promise<PushDevice[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/push-subscriptions',
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().devices;
}

/** What a browser's service worker would get: every accepted message, decrypted. */
function arrived(browser: Browser): PushPayload[] {
  return pushService
    .messages(browser.endpointId)
    .map((m) => JSON.parse(browser.agent.decrypt(m.body)) as PushPayload);
}

async function bothInstances(passes = 1) {
  for (let i = 0; i < passes; i++)
    await Promise.all([a.app.services.alerts.runOnce(), b.app.services.alerts.runOnce()]);
}

describe('the VAPID key pair', () => {
  it('is made on first start and shared: two instances starting together sign with one pair', async () => {
    const [fromA, fromB] = await Promise.all([publicKey(a, admin), publicKey(b, member)]);
    expect(fromA).toBe(fromB);
    expect(Buffer.from(fromA, 'base64url')).toHaveLength(65);
    const rows = await a.app.db.select().from(pushVapidKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.publicKey).toBe(fromA);
    // The private key is sealed at rest.
    expect(rows[0]!.privateKeyEnc).toMatch(/^v1\./);
    expect(Buffer.from((await a.app.services.push.vapid()).privateKey, 'base64url')).toHaveLength(
      32,
    );
    expect(await b.app.services.push.vapid()).toEqual(await a.app.services.push.vapid());
  });
});

describe('subscribing a device', () => {
  it('saves the browser once, shows it only to its owner, and never shows its endpoint', async () => {
    const phone = await subscribe(a, member);
    expect(phone.device).toMatchObject({
      label: 'Chrome on Android',
      pushService: new URL(pushService.url).host,
      endpointSha256: crypto.createHash('sha256').update(phone.endpoint).digest('hex'),
      lastSentAt: null,
      lastError: null,
    });
    // The same browser again (on the other instance): its device, updated, not a second one.
    const again = await b.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: { cookie: member.cookie, 'user-agent': ANDROID_CHROME },
      payload: { endpoint: phone.endpoint, keys: phone.agent.keys },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(phone.device.id);
    const listed = await devices(b, member);
    expect(listed.map((d) => d.id)).toEqual([phone.device.id]);
    expect(JSON.stringify(listed)).not.toContain(phone.endpoint);
    expect(JSON.stringify(listed)).not.toContain(phone.agent.keys.auth);
    expect(await devices(a, admin)).toEqual([]);

    // Nobody else tests or removes it: it does not exist for them.
    for (const other of [admin, otherAdmin]) {
      for (const [method, url] of [
        ['DELETE', `/api/push-subscriptions/${phone.device.id}`],
        ['POST', `/api/push-subscriptions/${phone.device.id}/test`],
      ] as const) {
        const res = await a.app.inject({ method, url, headers: { cookie: other.cookie } });
        expect(res.statusCode).toBe(404);
      }
    }
    expect(await devices(a, member)).toHaveLength(1);
    expect(pushService.messages(phone.endpointId)).toHaveLength(0);

    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/push-subscriptions/${phone.device.id}`,
      headers: { cookie: member.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().id).toBe(phone.device.id);
    expect(await devices(a, member)).toEqual([]);
    const twice = await a.app.inject({
      method: 'DELETE',
      url: `/api/push-subscriptions/${phone.device.id}`,
      headers: { cookie: member.cookie },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('answers a bad subscription with 400 naming the field, and saves nothing', async () => {
    const agent = createPushUserAgent();
    const { endpoint } = pushService.subscribe();
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const cases: [object, string][] = [
      [{ keys: agent.keys }, 'endpoint'],
      [{ endpoint: 'not a url', keys: agent.keys }, 'endpoint'],
      [{ endpoint: 'ftp://push.example/x', keys: agent.keys }, 'endpoint'],
      [{ endpoint }, 'keys'],
      [{ endpoint, keys: { ...agent.keys, p256dh: 'abc' } }, 'keys.p256dh'],
      [{ endpoint, keys: { ...agent.keys, p256dh: offCurve } }, 'keys.p256dh'],
      [
        { endpoint, keys: { ...agent.keys, p256dh: `${agent.keys.p256dh.slice(1)}*` } },
        'keys.p256dh',
      ],
      [{ endpoint, keys: { ...agent.keys, auth: 'c2hvcnQ' } }, 'keys.auth'],
      [{ endpoint, keys: agent.keys, expirationTime: 'soon' }, 'expirationTime'],
      [{ endpoint, keys: { ...agent.keys, extra: 1 } }, 'keys'],
    ];
    for (const [payload, field] of cases) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/push-subscriptions',
        headers: { cookie: member.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.error, JSON.stringify(payload)).toContain(field);
      expect(body.details.issues[0].field, JSON.stringify(payload)).toBe(field);
    }
    expect(await devices(a, member)).toEqual([]);
  });

  it(`keeps at most 20 devices a person, saying so past that`, async () => {
    const many = [];
    for (let i = 0; i < 20; i++) many.push(await subscribe(a, otherAdmin));
    const past = await a.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: { cookie: otherAdmin.cookie },
      payload: { endpoint: pushService.subscribe().endpoint, keys: createPushUserAgent().keys },
    });
    expect(past.statusCode).toBe(409);
    expect(past.json().error).toMatch(/20 devices with notifications on: remove one/);
    // A browser already among them subscribes again freely.
    const again = await a.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: { cookie: otherAdmin.cookie },
      payload: { endpoint: many[0]!.endpoint, keys: many[0]!.agent.keys },
    });
    expect(again.statusCode).toBe(200);
    for (const browser of many)
      await a.app.inject({
        method: 'DELETE',
        url: `/api/push-subscriptions/${browser.device.id}`,
        headers: { cookie: otherAdmin.cookie },
      });
    expect(await devices(a, otherAdmin)).toEqual([]);
  });
});

describe('a test notification', () => {
  async function test(browser: Browser, user: TestUser) {
    const res = await b.app.inject({
      method: 'POST',
      url: `/api/push-subscriptions/${browser.device.id}/test`,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('is a real encrypted push signed with the VAPID key, read with the device’s own keys', async () => {
    const phone = await subscribe(a, member, IPHONE_HOME_SCREEN);
    expect(phone.device.label).toBe('Home Screen app on iPhone');
    expect(await test(phone, member)).toEqual({ ok: true, error: null, removed: false });
    const [message] = pushService.messages(phone.endpointId);
    expect(message).toMatchObject({
      ttl: 6 * 60 * 60,
      urgency: 'high',
      topic: 'test',
      claims: { aud: pushService.url, sub: 'mailto:alerts@board.test' },
    });
    expect(arrived(phone)).toEqual([
      {
        title: 'Notifications are on',
        body: 'Alerts about your call board will arrive on this device like this one.',
        url: 'http://board.test/alerts',
        tag: 'test',
        at: new Date(clock).toISOString(),
      },
    ]);
    // Someone else's keys cannot read it.
    expect(() => createPushUserAgent().decrypt(message!.body)).toThrow();
    const [listed] = await devices(a, member);
    expect(listed!.lastSentAt).toBe(new Date(clock).toISOString());
    await a.app.services.push.remove(phone.device.id);
  });

  it('removes the device when its push service answers 410 or 404, and keeps it on 429', async () => {
    const revoked = await subscribe(a, member);
    pushService.unsubscribe(revoked.endpointId);
    expect(await test(revoked, member)).toMatchObject({ ok: false, removed: true });
    const unknown = await subscribe(a, member);
    pushService.answerNext(unknown.endpointId, 404);
    expect(await test(unknown, member)).toMatchObject({ ok: false, removed: true });
    expect(await devices(a, member)).toEqual([]);

    const busy = await subscribe(a, member);
    pushService.answerNext(busy.endpointId, 429);
    const answer = await test(busy, member);
    expect(answer).toMatchObject({ ok: false, removed: false });
    expect(answer.error).toContain('slow down (HTTP 429');
    const [kept] = await devices(a, member);
    expect(kept).toMatchObject({ id: busy.device.id, lastError: answer.error });
    await a.app.services.push.remove(busy.device.id);
  });
});

describe('a behind rule with push beside e-mail and a webhook, on two instances', () => {
  let boardId: number;
  let rule: AlertRule;
  let adminPhone: Browser;
  let memberPhone: Browser;
  let outsiderPhone: Browser;

  async function deliveries(): Promise<AlertDelivery[]> {
    const res = await a.app.inject({
      method: 'GET',
      url: `/api/alert-deliveries?boardId=${boardId}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json().deliveries;
  }

  it('names only members of the company on a push channel (400 naming the id otherwise)', async () => {
    const board = await createBoardWithSettings(
      a.app,
      companyId,
      'Service',
      { timezone: TIME_ZONE },
      new Date(clock),
    );
    boardId = board.id;
    for (const stranger of [otherAdmin.id, crypto.randomUUID()]) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/alert-rules',
        headers: { cookie: admin.cookie },
        payload: {
          boardId,
          name: 'Wrong people',
          kind: 'behind',
          thresholdPercent: 1000,
          at: ['14:00'],
          channels: [{ type: 'push', userIds: [member.id, stranger] }],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.issues[0].field).toBe('channels[0].userIds[1]');
    }
    const listed = await a.app.inject({
      method: 'GET',
      url: `/api/alert-rules?boardId=${boardId}`,
      headers: { cookie: admin.cookie },
    });
    expect(listed.json().rules).toEqual([]);
  });

  it('fires once per channel (a confirmed phone, a confirmed address, a webhook, push), and each subscribed device decrypts exactly one message', async () => {
    pushService.clear();
    adminPhone = await subscribe(a, admin);
    memberPhone = await subscribe(b, member, IPHONE_HOME_SCREEN);
    outsiderPhone = await subscribe(a, otherAdmin);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/alert-rules',
      headers: { cookie: admin.cookie },
      payload: {
        boardId,
        name: 'Tomorrow behind at 2 PM',
        kind: 'behind',
        dayOffset: 1,
        thresholdPercent: 1000,
        at: ['14:00'],
        repeatMinutes: 5,
        channels: [
          { type: 'email', to: ['office@acme.test'] },
          { type: 'webhook', url: receivers.url('/hook') },
          { type: 'push' },
          { type: 'push', userIds: [member.id] },
          { type: 'sms', to: [PHONE] },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    rule = created.json();
    // The address and the number agree first, as their owners would: a link, a code.
    const [confirmation] = catcher.messages();
    const link = /http:\/\/board\.test(\/alerts\/confirm\/[\w-]+)/.exec(confirmation!.text)![1]!;
    const yes = await b.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://board.test' },
      payload: 'answer=yes',
    });
    expect(yes.statusCode).toBe(200);
    catcher.clear();
    const [codeText] = twilio.messages();
    const code = /code: (\d{6})\./.exec(codeText!.body)![1]!;
    const number = rule.recipients.find((r) => r.kind === 'sms')!;
    const typed = await a.app.inject({
      method: 'POST',
      url: `/api/alert-recipients/${number.id}/confirm`,
      headers: { cookie: admin.cookie },
      payload: { code },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    twilio.clear();
    expect(rule.channels[3]).toEqual({
      type: 'push',
      userIds: [member.id],
      people: ['Lee Member'],
    });

    await bothInstances(2); // 13:59: not yet
    expect(pushService.messages()).toHaveLength(0);
    clock = WEDNESDAY_1359 + MINUTE;
    const started = performance.now();
    await bothInstances(3);
    await twilio.settled();
    expect(catcher.messages().map((m) => [m.to, m.subject])).toEqual([
      [['office@acme.test'], expect.stringMatching(/^Behind: Thursday/)],
    ]);
    expect(receivers.received('/hook')).toHaveLength(1);
    expect(pushService.messages()).toHaveLength(2);
    expect(twilio.messages().map((m) => [m.to, m.status])).toEqual([[PHONE, 'delivered']]);
    expect(twilio.messages()[0]!.body).toMatch(
      new RegExp(
        `^Call board Service: Thu \\d+% of target at 2:00 PM( \\(expected \\d+%\\))?\\. http://board\\.test/b/${boardId.toString(36)}$`,
      ),
    );
    const [toAdmin] = arrived(adminPhone);
    const [toMember] = arrived(memberPhone);
    expect(arrived(adminPhone)).toHaveLength(1);
    expect(arrived(memberPhone)).toHaveLength(1);
    expect(arrived(outsiderPhone)).toHaveLength(0);
    figures.push(
      `firing: text 1 (delivered by Twilio's callback to the other instance), e-mail 1, webhook 1, push 2 devices × 1 message after 3 passes on each of 2 instances; ` +
        `rule minute → last push accepted: ${(performance.now() - started).toFixed(0)} ms of real time`,
    );
    // The notification names the day and numbers, and opens this board (not the first).
    for (const payload of [toAdmin!, toMember!]) {
      expect(payload.title).toMatch(/^Behind: Thursday at \d+ % of target at 2:00 PM$/);
      expect(payload.body).toMatch(
        /^\d+ of \d+ booked · (\d+ % expected by now · )?Acme Heating, Service$/,
      );
      expect(payload.url).toBe(`http://board.test/boards/${boardId}`);
      expect(payload.tag).toBe(`rule-${rule.id}`);
    }
    const [message] = pushService.messages(adminPhone.endpointId);
    expect(message).toMatchObject({ urgency: 'high', topic: `rule-${rule.id}` });
    const log = await deliveries();
    expect(
      log
        .filter((d) => d.event === 'firing')
        .map((d) => [d.channelType, d.status, d.attempts])
        .sort(),
    ).toEqual([
      ['email', 'delivered', 1],
      ['push', 'delivered', 1],
      ['push', 'delivered', 1],
      ['sms', 'delivered', 1],
      ['webhook', 'delivered', 1],
    ]);
    expect(log.filter((d) => d.channelType === 'push')).toEqual([
      expect.objectContaining({
        status: 'delivered',
        attempts: 1,
        target: 'devices of 1 named member',
      }),
      expect.objectContaining({
        status: 'delivered',
        attempts: 1,
        target: 'devices of every admin who turned on notifications',
      }),
    ]);
  });

  it('retries a 429 for that device only, and deletes a device its push service says is gone', async () => {
    const adminLaptop = await subscribe(
      a,
      admin,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    );
    expect(adminLaptop.device.label).toBe('Safari on Mac');
    pushService.unsubscribe(adminLaptop.endpointId); // permission revoked on the laptop
    pushService.answerNext(memberPhone.endpointId, 429);

    // Five minutes on, still behind: the reminder.
    clock += 5 * MINUTE;
    await bothInstances(2);
    expect(arrived(adminPhone)).toHaveLength(2);
    expect(arrived(adminPhone)[1]!.title).toMatch(/^Still: Behind: Thursday/);
    expect(arrived(memberPhone)).toHaveLength(1);
    expect((await devices(a, admin)).map((d) => d.id)).toEqual([adminPhone.device.id]);
    const waiting = (await deliveries()).find(
      (d) => d.event === 'repeat' && d.target === 'devices of 1 named member',
    );
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toContain('slow down (HTTP 429');

    // Past the back-off (30 s): the member's phone gets the reminder, once; nobody else again.
    clock += 31_000;
    await bothInstances(3);
    expect(arrived(memberPhone)).toHaveLength(2);
    expect(arrived(memberPhone)[1]!.title).toMatch(/^Still: Behind/);
    expect(arrived(adminPhone)).toHaveLength(2);
    expect(arrived(outsiderPhone)).toHaveLength(0);
    const repeats = (await deliveries()).filter(
      (d) => d.event === 'repeat' && d.channelType === 'push',
    );
    expect(repeats.map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 1],
    ]);
  });

  it('fails a push channel plainly when nobody it names has a device', async () => {
    await a.app.services.push.remove(memberPhone.device.id);
    await a.app.services.push.remove(adminPhone.device.id);
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/alert-rules/${rule.id}/test`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const push = res
      .json()
      .results.filter((r: { channelType: string }) => r.channelType === 'push');
    expect(push).toEqual([
      expect.objectContaining({
        ok: false,
        error: expect.stringContaining('no admin of the company has notifications on'),
      }),
      expect.objectContaining({
        ok: false,
        error: expect.stringContaining('nobody it names has notifications on'),
      }),
    ]);
  });
});

describe('who a push channel can name', () => {
  it("lists the company's members with their devices, for its admins", async () => {
    const phone = await subscribe(a, member);
    const res = await a.app.inject({
      method: 'GET',
      url: '/api/push/members',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().members).toEqual(
      expect.arrayContaining([
        { userId: admin.id, name: 'Dana Admin', email: admin.email, admin: true, devices: 0 },
        { userId: member.id, name: 'Lee Member', email: member.email, admin: false, devices: 1 },
      ]),
    );
    expect(JSON.stringify(res.json())).not.toContain(otherAdmin.id);
    await a.app.services.push.remove(phone.device.id);
    const rows = await a.app.db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
    expect(rows).toHaveLength(1);
  });
});
