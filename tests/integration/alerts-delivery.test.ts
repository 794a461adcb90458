import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDelivery, AlertRule } from '../../src/shared/api/alerts.js';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import { capacityTotals } from '../../src/shared/capacity/totals.js';
import { startMailCatcher, type MailCatcher } from '../../standins/mail-catcher/index.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import { createBoardWithSettings, setCompanyBoardSettings } from '../helpers/board-settings.js';
import { giveCompanyCredential } from '../helpers/fake-service-titan.js';
import { simulatorEnv, simulatorServices } from '../helpers/standins.js';
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
import { freePort } from '../helpers/free-port.js';
import { sql } from 'drizzle-orm';
import { createAlertService } from '../../src/server/services/alerts/alert-service.js';
import type { AlertMessage } from '../../src/server/services/alerts/alert-store.js';
import {
  createChannelSender,
  createSmtpMailer,
  type ChannelSender,
} from '../../src/server/services/alerts/channels.js';

/**
 * Issue 23's "done when": two app instances on one database deliver each firing once to
 * a real SMTP server (the mail catcher stand-in), and real Slack, Teams and webhook receivers;
 * a stale-numbers alert and its recovery against the simulator's faults; retries, then failed.
 * Time is the injected clock: the rule's minute is set, not waited for.
 */

const TIME_ZONE = 'America/New_York';
/** Wednesday 2025-10-29, 13:59 in New York (EDT): the board shows Thu 30, Fri 31, Mon 3. */
const WEDNESDAY_1359 = Date.parse('2025-10-29T17:59:00Z');
const MINUTE = 60_000;

let sim: Simulator;
let catcher: MailCatcher;
let receivers: Awaited<ReturnType<typeof startWebhookReceivers>>;
let instances: TestAppPair;
let a: TestApp;
let b: TestApp;
let admin: TestUser;
let companyId: number;
let clock = WEDNESDAY_1359;
/** Measured figures, printed at the end (never asserted on: the machine's speed is not a result). */
const figures: string[] = [];

beforeAll(async () => {
  sim = await startServiceTitanSimulator({
    now: () => new Date(clock),
    timeZone: TIME_ZONE,
    seed: 7,
  });
  catcher = await startMailCatcher();
  receivers = await startWebhookReceivers();
  const env = {
    ...simulatorEnv(sim),
    CAPACITY_REFRESH_SECONDS: '60',
    SMTP_URL: catcher.smtpUrl,
    MAIL_FROM: 'Call Board <alerts@board.test>',
    ALERTS_ALLOW_PRIVATE_URLS: 'true',
    PUBLIC_URL: 'http://board.test',
    // The board's links name a public host; the development sign-in is told it may (tests only).
    DEV_IDENTITY_ALLOW_REMOTE: 'true',
  };
  instances = await createTestAppPair((database) =>
    createTestApp({ database, env, services: simulatorServices(sim, () => new Date(clock)) }),
  );
  ({ a, b } = instances);
  companyId = await createCompany(a.app, { name: 'Acme Heating' });
  await giveCompanyCredential(a.app, companyId, sim.demoCredential);
  await setCompanyBoardSettings(a.app, companyId, { timezone: TIME_ZONE, title: 'Main board' });
  admin = await createSignedInUser(a.app, { companyId, role: 'account_admin' });
});

afterAll(async () => {
  if (figures.length) console.log(`\nAlert delivery figures:\n  ${figures.join('\n  ')}\n`);
  await instances?.close();
  await receivers?.close();
  await catcher?.close();
  await sim?.close();
});

/** Both instances evaluate and send at once, as two servers behind a load balancer do. */
async function bothInstances(passes = 1) {
  for (let i = 0; i < passes; i++)
    await Promise.all([a.app.services.alerts.runOnce(), b.app.services.alerts.runOnce()]);
}

async function board(): Promise<CapacityResponse> {
  const res = await b.app.inject({
    method: 'POST',
    url: '/api/capacity',
    headers: { cookie: admin.cookie },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function createRule(body: object): Promise<AlertRule & { secret: string }> {
  const res = await a.app.inject({
    method: 'POST',
    url: '/api/alert-rules',
    headers: { cookie: admin.cookie },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The rule's Send test, asked of `instance`. */
function sendTest(instance: TestApp, ruleId: number) {
  return instance.app.inject({
    method: 'POST',
    url: `/api/alert-rules/${ruleId}/test`,
    headers: { cookie: admin.cookie },
  });
}

async function rules(): Promise<AlertRule[]> {
  const res = await b.app.inject({
    method: 'GET',
    url: '/api/alert-rules',
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().rules;
}

/** What a board and its TVs show: the firing rules' lines (default: the first board). */
async function wallLines(query = ''): Promise<string[]> {
  const res = await b.app.inject({
    method: 'GET',
    url: `/api/alert-lines${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().lines.map((l: { line: string }) => l.line);
}

/**
 * Confirms every address that was sent a confirmation e-mail, as its owner would (decision 30):
 * opens the link (which changes nothing) and presses "Yes". Then empties the mail catcher.
 */
async function confirmByMail(): Promise<string[]> {
  const confirmed: string[] = [];
  for (const mail of catcher
    .messages()
    .filter((m) => /would like to send you call board alerts/.test(m.subject))) {
    const link = /http:\/\/board\.test(\/alerts\/confirm\/[\w-]+)/.exec(mail.text)![1]!;
    const asked = await b.app.inject({ method: 'GET', url: link });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Yes, send me these alerts');
    const answered = await b.app.inject({
      method: 'POST',
      url: link,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://board.test',
      },
      payload: 'answer=yes',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    confirmed.push(...mail.to);
  }
  catcher.clear();
  return confirmed;
}

async function deliveries(): Promise<AlertDelivery[]> {
  const res = await a.app.inject({
    method: 'GET',
    url: '/api/alert-deliveries',
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().deliveries;
}

describe('a behind rule on two instances', () => {
  let rule: AlertRule & { secret: string };
  let threshold: number;
  let day1: { date: string; booked: number; target: number; percent: number };

  it('fires at its minute, once per channel, naming company, board, day and numbers', async () => {
    const before = await board();
    const first = before.days[0]!;
    expect(first.date).toBe('2025-10-30');
    const totals = capacityTotals(first.data);
    expect(totals.target).toBeGreaterThan(0);
    day1 = {
      date: first.date,
      booked: totals.scheduled,
      target: totals.target,
      percent: totals.percent,
    };
    threshold = totals.percent + 20;
    rule = await createRule({
      name: 'Tomorrow behind at 2 PM',
      kind: 'behind',
      dayOffset: 1,
      thresholdPercent: threshold,
      at: ['14:00'],
      channels: [
        { type: 'email', to: ['office@acme.test', 'owner@acme.test'] },
        { type: 'slack', url: receivers.url('/slack') },
        { type: 'teams', url: receivers.url('/teams') },
        { type: 'webhook', url: receivers.url('/webhook') },
      ],
    });
    expect(rule.secret).toMatch(/^whsec_/);
    // The two addresses are strangers to the company: one confirmation e-mail each, then yes.
    expect(rule.recipients.map((r) => [r.address, r.status])).toEqual([
      ['office@acme.test', 'pending'],
      ['owner@acme.test', 'pending'],
    ]);
    expect((await confirmByMail()).sort()).toEqual(['office@acme.test', 'owner@acme.test']);

    // Instance B hears of the change of state (its open boards and TVs re-read their lines).
    const heard: number[] = [];
    const unsubscribe = b.app.services.events.subscribe((event) => {
      if (event.type === 'alerts.changed') heard.push(event.companyId);
    });

    // 13:59: not yet the rule's minute.
    await bothInstances(2);
    expect(receivers.received()).toHaveLength(0);
    expect(catcher.messages()).toHaveLength(0);

    // 14:00 on the injected clock: both instances evaluate, three times over.
    clock = WEDNESDAY_1359 + MINUTE;
    const started = performance.now();
    await bothInstances(3);
    const slack = receivers.received('/slack');
    const teams = receivers.received('/teams');
    const webhook = receivers.received('/webhook');
    expect(slack).toHaveLength(1);
    expect(teams).toHaveLength(1);
    expect(webhook).toHaveLength(1);
    // One e-mail per recipient (decision 046): neither sees the other's address.
    expect(catcher.messages()).toHaveLength(2);
    const mail = catcher.messages().find((m) => m.to.includes('office@acme.test'))!;
    const latest = Math.max(...[slack, teams, webhook].map((r) => r[0]!.arrivedAt));
    figures.push(
      `firing: 4 channels, 5 deliveries (2 confirmed addresses), duplicates 0 after 3 passes on each of 2 instances; ` +
        `rule minute (14:00, injected clock) → last receiver: ${(latest - started).toFixed(0)} ms of real time`,
    );

    const line = `Thursday at ${day1.percent} % of target at 2:00 PM`;
    // E-mail: a real SMTP exchange; the subject is the summary, the body every fact and the link.
    expect(catcher.messages().map((m) => m.to)).toEqual(
      expect.arrayContaining([['office@acme.test'], ['owner@acme.test']]),
    );
    // A Message-ID of its own delivery, the same on every attempt (issue 33 item 6).
    expect(mail.messageId).toMatch(/^<alert-\d+\.\d+@board\.test>$/);
    expect(mail.subject).toContain(line);
    for (const fact of [
      'Company: Acme Heating',
      'Board: Main board',
      `Day: Thursday, ${day1.date}`,
      `Booked / target: ${day1.booked} / ${day1.target} (${day1.percent} %)`,
      'Expected pace:',
      'Open the board: http://board.test/',
    ])
      expect(mail.text).toContain(fact);

    // Slack: text plus blocks with the same facts.
    const slackBody = JSON.parse(slack[0]!.body);
    expect(slackBody.text).toContain(line);
    expect(JSON.stringify(slackBody.blocks)).toContain('Acme Heating');
    expect(JSON.stringify(slackBody.blocks)).toContain('http://board.test/');

    // Teams Workflows: a message carrying one Adaptive Card (not the retired MessageCard).
    const teamsBody = JSON.parse(teams[0]!.body);
    expect(teamsBody.type).toBe('message');
    expect(teamsBody.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    const card = teamsBody.attachments[0].content;
    expect(card.type).toBe('AdaptiveCard');
    expect(card.body[1].facts).toContainEqual({ title: 'Board', value: 'Main board' });
    expect(card.actions[0]).toEqual({
      type: 'Action.OpenUrl',
      title: 'Open the board',
      url: 'http://board.test/',
    });

    // Generic webhook: verified with the Standard Webhooks library under the secret shown once.
    const signed = webhook[0]!;
    const payload = new Webhook(rule.secret).verify(signed.body, {
      'webhook-id': String(signed.headers['webhook-id']),
      'webhook-timestamp': String(signed.headers['webhook-timestamp']),
      'webhook-signature': String(signed.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('alert.firing');
    expect(payload.data).toMatchObject({
      companyName: 'Acme Heating',
      boardName: 'Main board',
      day: { date: day1.date, weekday: 'Thursday' },
      booked: day1.booked,
      target: day1.target,
      percent: day1.percent,
      boardUrl: 'http://board.test/',
    });
    expect(() =>
      new Webhook(`whsec_${crypto.randomBytes(24).toString('base64')}`).verify(signed.body, {
        'webhook-id': String(signed.headers['webhook-id']),
        'webhook-timestamp': String(signed.headers['webhook-timestamp']),
        'webhook-signature': String(signed.headers['webhook-signature']),
      }),
    ).toThrow();

    // The wall's line, on either instance, and the secret in no later answer.
    await expect.poll(() => heard).toEqual([companyId]);
    unsubscribe();
    expect(await wallLines()).toEqual([line]);
    const [listed] = await rules();
    expect(listed).toMatchObject({ state: 'firing', firingLine: line });
    expect(JSON.stringify(listed)).not.toContain(rule.secret);
    expect(JSON.stringify(listed)).not.toContain(receivers.url('/slack'));
  });

  it('stays quiet while still behind, and tells once when the day catches up', async () => {
    clock += 5 * MINUTE;
    await bothInstances(2);
    expect(receivers.received()).toHaveLength(3);

    // Dispatchers book Thursday until it is past the threshold.
    const needed = Math.ceil((threshold * day1.target) / 100) - day1.booked;
    for (let i = 0; i < needed; i++) sim.book({ start: new Date('2025-10-30T14:00:00Z') });
    clock += MINUTE; // a new snapshot is due
    await bothInstances(3);
    expect(receivers.received('/slack')).toHaveLength(2);
    expect(receivers.received('/teams')).toHaveLength(2);
    expect(receivers.received('/webhook')).toHaveLength(2);
    expect(catcher.messages()).toHaveLength(4);
    expect(catcher.messages()[3]!.subject).toMatch(/^Caught up: Thursday at \d+ % of target/);
    const resolved = JSON.parse(receivers.received('/webhook')[1]!.body);
    expect(resolved.type).toBe('alert.resolved');
    expect((await rules())[0]).toMatchObject({ state: 'ok', firingLine: null });
    expect(await wallLines()).toEqual([]);

    const log = await deliveries();
    expect(log).toHaveLength(10);
    expect(log.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    figures.push(`firing + resolved: ${log.length} deliveries for 10 expected, duplicates 0`);
  });
});

describe('a stale-numbers rule against the simulator', () => {
  it('fires once when ServiceTitan has failed longer than its minutes, retrying a 503, and tells of the recovery', async () => {
    catcher.clear();
    const rule = await createRule({
      name: 'ServiceTitan down',
      kind: 'stale',
      staleMinutes: 5,
      channels: [
        { type: 'slack', url: receivers.url('/flaky') },
        { type: 'webhook', url: receivers.url('/down') },
        { type: 'email', to: ['office@acme.test'] },
      ],
    });
    receivers.answerNext('/flaky', 503, 503);
    receivers.answerAlways('/down', 500);
    await bothInstances();
    const fresh = await board();
    expect(fresh.stale).toBe(false);

    sim.faults.inject({ kind: 'server_error', status: 503, times: 'always' });
    for (let minute = 1; minute <= 5; minute++) {
      clock += MINUTE;
      await bothInstances();
    }
    // Stale for 5 minutes: not more than 5 yet.
    expect((await board()).stale).toBe(true);
    expect(catcher.messages()).toHaveLength(0);
    clock += MINUTE;
    await bothInstances(2);
    expect(catcher.messages()).toHaveLength(1);
    expect(catcher.messages()[0]!.subject).toMatch(
      /^Stale numbers on Main board: ServiceTitan has failed for 6 minutes/,
    );
    expect(receivers.received('/flaky')).toHaveLength(1);
    const [firing] = (await rules()).filter((r) => r.id === rule.id);
    expect(firing!.firingLine).toMatch(/^Numbers stale since \d+:\d\d (AM|PM)$/);

    // Retries with back-off: 30 s, then 1 min; the flaky receiver answers 200 on the third try.
    clock += 30_000;
    await bothInstances();
    expect(receivers.received('/flaky')).toHaveLength(2);
    clock += MINUTE;
    await bothInstances();
    expect(receivers.received('/flaky')).toHaveLength(3);
    // The receiver that always fails: attempts 4 and 5 (2 and 4 minutes later), then failed.
    clock += 2 * MINUTE;
    await bothInstances();
    clock += 4 * MINUTE;
    await bothInstances();
    expect(receivers.received('/down')).toHaveLength(5);
    let log = (await deliveries()).filter((d) => d.ruleId === rule.id);
    expect(log.find((d) => d.channelType === 'slack')).toMatchObject({
      status: 'delivered',
      attempts: 3,
    });
    expect(log.find((d) => d.channelType === 'webhook')).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: expect.stringMatching(/^gave up after 5 attempts: HTTP 500/),
    });
    // The receiver echoed its address; the log, which members read, does not repeat it.
    expect(log.find((d) => d.channelType === 'webhook')!.lastError).not.toContain('/down');
    clock += 10 * MINUTE;
    await bothInstances();
    expect(receivers.received('/down')).toHaveLength(5);
    expect(catcher.messages()).toHaveLength(1);

    // ServiceTitan answers again: one "fresh again" per channel.
    sim.faults.clear();
    clock += MINUTE;
    await bothInstances(2);
    expect((await board()).stale).toBe(false);
    expect(catcher.messages()).toHaveLength(2);
    expect(catcher.messages()[1]!.subject).toBe(
      'Numbers fresh again on Main board: ServiceTitan answers',
    );
    expect(receivers.received('/flaky')).toHaveLength(4);
    log = (await deliveries()).filter((d) => d.ruleId === rule.id);
    expect(log).toHaveLength(6);
    figures.push(
      `stale: fired after 6 min of faults, recovered 1 min after; slack 503,503,200 → delivered on attempt 3; ` +
        `always-500 webhook → failed after 5 attempts; duplicates 0`,
    );
  });
});

describe('queued once by the database', () => {
  it('queues one delivery per channel when both instances record the same occurrence at once', async () => {
    const [rule] = await rules();
    const [ruleA, ruleB] = await Promise.all([
      a.app.services.alertRules.byId(rule!.id),
      b.app.services.alertRules.byId(rule!.id),
    ]);
    const message = {
      event: 'firing' as const,
      ruleName: 'x',
      kind: 'behind' as const,
      companyName: 'Acme Heating',
      boardName: 'Main board',
      boardUrl: 'http://board.test/',
      summary: 'same occurrence',
      day: null,
      item: null,
      booked: null,
      target: null,
      percent: null,
      expectedPercent: null,
      staleSince: null,
      at: new Date(clock).toISOString(),
    };
    const planned = await a.app.services.alerts.plan(ruleA!);
    expect(planned).toHaveLength(5);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a : b).app.services.alertRules.enqueue(
          i % 2 ? ruleA! : ruleB!,
          'behind:2025-10-31@2025-10-30T14:00',
          message,
          new Date(clock),
          planned,
        ),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.length, 0)).toBe(5);
  });
});

describe('a rule reads its own board', () => {
  it("checks at its board's local time and shows only on that board's wall", async () => {
    // Thursday 2025-10-30, 13:59 in New York, 10:59 in Los Angeles.
    clock = Date.parse('2025-10-30T17:59:00Z');
    const west = await createBoardWithSettings(
      a.app,
      companyId,
      'West wall',
      { timezone: 'America/Los_Angeles' },
      new Date(clock),
    );
    const rule = await createRule({
      boardId: west.id,
      name: 'West behind at 2 PM',
      kind: 'behind',
      thresholdPercent: 1000,
      at: ['14:00'],
      channels: [{ type: 'webhook', url: receivers.url('/west') }],
    });
    expect(rule.boardId).toBe(west.id);

    // 2 PM in New York is 11 AM on the West board: not its minute.
    clock = Date.parse('2025-10-30T18:00:00Z');
    await bothInstances(2);
    expect(receivers.received('/west')).toHaveLength(0);

    // 2 PM in Los Angeles.
    clock = Date.parse('2025-10-30T21:00:00Z');
    await bothInstances(2);
    const [west1] = receivers.received('/west');
    expect(receivers.received('/west')).toHaveLength(1);
    const data = JSON.parse(west1!.body).data;
    expect(data).toMatchObject({
      boardName: 'West wall',
      boardUrl: `http://board.test/boards/${west.id}`,
      day: { date: '2025-10-31', weekday: 'Friday' },
    });
    expect(await wallLines(`?boardId=${west.id}`)).toEqual([
      expect.stringMatching(/^Friday at \d+ % of target at 2:00 PM$/),
    ]);
    // The first board's wall shows its own rules' lines only.
    const firstBoard = await b.app.inject({
      method: 'GET',
      url: '/api/alert-lines',
      headers: { cookie: admin.cookie },
    });
    expect(firstBoard.json().lines.map((l: { ruleId: number }) => l.ruleId)).not.toContain(rule.id);
    const westLog = await a.app.inject({
      method: 'GET',
      url: `/api/alert-deliveries?boardId=${west.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(westLog.json().deliveries.map((d: AlertDelivery) => d.ruleId)).toEqual([rule.id]);
  });
});

describe('a below-pace rule', () => {
  it("fires while a day is below its board's expected fill and resolves once it reaches it", async () => {
    // Friday 2025-10-31, 13:59 in New York: the board shows Mon 3, Tue 4, Wed 5 November.
    clock = Date.parse('2025-10-31T17:59:00Z');
    const paced = await createBoardWithSettings(
      a.app,
      companyId,
      'Pace wall',
      { timezone: TIME_ZONE, paceCurve: { day1: 90, day2: 50, day3: 20 } },
      new Date(clock),
    );
    const rule = await createRule({
      boardId: paced.id,
      name: 'Monday below pace',
      kind: 'behind',
      dayOffset: 1,
      thresholdPercent: null,
      belowPace: true,
      at: ['14:00'],
      channels: [{ type: 'webhook', url: receivers.url('/pace') }],
    });

    const monday = async () => {
      const res = await b.app.inject({
        method: 'POST',
        url: `/api/capacity?boardId=${paced.id}`,
        headers: { cookie: admin.cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      const day = (res.json() as CapacityResponse).days[0]!;
      expect(day.date).toBe('2025-11-03');
      return {
        ...capacityTotals(day.data),
        items: day.data,
        expectedPercent: day.expectedPercent,
        pace: day.pace,
      };
    };

    // The sample tenant has Monday past its default targets of 5: each business unit is given
    // 20 for its 1st day ahead, so Monday is well short of its expected fill.
    for (const item of (await monday()).items) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/business-unit-preferences',
        headers: { cookie: admin.cookie },
        payload: { businessUnitId: item.id, day1Target: 20 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // 14:00: two thirds of the 08:00-17:00 working day gone, so the 1st day ahead is expected
    // at 90 + (100 - 90) × 6/9 / 2 = 93.3 (decision 038: halfway to 100 % by today's end), and
    // never above the day's goal: 90 %.
    clock = Date.parse('2025-10-31T18:00:00Z');
    const before = await monday();
    expect(before.expectedPercent).toBe(90);
    expect(before.target).toBeGreaterThan(0);
    expect(before.percent).toBeLessThan(90);
    expect(before.pace).not.toBe('on_track');
    await bothInstances(2);
    const fired = receivers.received('/pace');
    expect(fired).toHaveLength(1);
    const firing = JSON.parse(fired[0]!.body);
    expect(firing.type).toBe('alert.firing');
    expect(firing.data).toMatchObject({
      boardName: 'Pace wall',
      day: { date: '2025-11-03', weekday: 'Monday' },
      booked: before.scheduled,
      target: before.target,
      percent: before.percent,
      expectedPercent: 90,
    });
    expect(await wallLines(`?boardId=${paced.id}`)).toEqual([
      `Monday at ${before.percent} % of target at 2:00 PM`,
    ]);

    // Dispatchers book Monday up to its expected fill; a minute later the rule tells once.
    const needed = Math.ceil((90 * before.target) / 100) - before.scheduled;
    for (let i = 0; i < needed; i++) sim.book({ start: new Date('2025-11-03T14:00:00Z') });
    clock += MINUTE;
    const after = await monday();
    expect(after.percent).toBeGreaterThanOrEqual(after.expectedPercent!);
    expect(after.pace).toBe('on_track');
    await bothInstances(3);
    expect(receivers.received('/pace')).toHaveLength(2);
    expect(JSON.parse(receivers.received('/pace')[1]!.body).type).toBe('alert.resolved');
    expect(await wallLines(`?boardId=${paced.id}`)).toEqual([]);
    const listed = await a.app.inject({
      method: 'GET',
      url: `/api/alert-rules?boardId=${paced.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(listed.json().rules).toEqual([
      expect.objectContaining({ id: rule.id, state: 'ok', firingLine: null }),
    ]);
  });
});

describe('Send test cannot be turned into a relay (issue 33 item 5)', () => {
  const HOUR = 60 * MINUTE;

  it('is limited per rule and per company on every instance together, with 429, Retry-After and words', async () => {
    // Monday 2025-11-03, 10:20 in New York: 40 minutes before the hour's budget renews.
    clock = Date.parse('2025-11-03T15:20:00Z');
    const rule = await createRule({
      name: 'Limited',
      kind: 'stale',
      staleMinutes: 30,
      channels: [{ type: 'webhook', url: receivers.url('/limited') }],
    });
    for (let i = 0; i < 5; i++)
      expect((await sendTest(i % 2 ? a : b, rule.id)).statusCode).toBe(200);
    expect(receivers.received('/limited')).toHaveLength(5);
    const refused = await sendTest(a, rule.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Send test is limited to 5 per rule per hour: try again in 40 minutes.',
    });
    expect((await sendTest(b, rule.id)).statusCode).toBe(429);
    // Nothing more reached the receiver, nor the log.
    expect(receivers.received('/limited')).toHaveLength(5);
    expect((await deliveries()).filter((d) => d.ruleId === rule.id)).toHaveLength(5);

    // The next hour: the rule's budget is whole again. The company's (20 an hour) is shared by
    // its rules: 4 more rules take it to 20, and the 21st test is refused whatever the rule.
    clock += 40 * MINUTE;
    expect((await sendTest(a, rule.id)).statusCode).toBe(200);
    const others = [];
    for (let i = 0; i < 4; i++)
      others.push(
        await createRule({
          name: `Limited ${i}`,
          kind: 'stale',
          staleMinutes: 30,
          channels: [{ type: 'webhook', url: receivers.url('/limited') }],
        }),
      );
    for (const other of others.slice(0, 3))
      for (let i = 0; i < 5; i++) expect((await sendTest(b, other.id)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await sendTest(a, others[3]!.id)).statusCode).toBe(200);
    const spent = await sendTest(b, others[3]!.id);
    expect(spent.statusCode).toBe(429);
    expect(spent.json().error).toBe(
      'Send test is limited to 20 per company per hour: try again in 60 minutes.',
    );
    expect(spent.headers['retry-after']).toBe(String(HOUR / 1000));
    expect(receivers.received('/limited')).toHaveLength(5 + 20);
    figures.push('Send test: the 6th test of a rule in an hour and the 21st of a company: 429');
  });

  it("escapes &, < and > of every name in Slack's text, so no name can mention @channel or plant a link", async () => {
    clock += HOUR;
    const planted = '<!channel> & <https://evil.test|click here>';
    const rule = await createRule({
      name: planted,
      kind: 'behind',
      thresholdPercent: 1000,
      at: ['14:00'],
      channels: [{ type: 'slack', url: receivers.url('/slack-names') }],
    });
    expect((await sendTest(a, rule.id)).statusCode).toBe(200);
    const [sent] = receivers.received('/slack-names');
    const body = sent!.body;
    expect(body).not.toContain('<!channel>');
    expect(body).not.toContain('<https://evil.test');
    expect(body).toContain('&lt;!channel&gt; &amp; &lt;https://evil.test|click here&gt;');
    // The one link left is the board's own.
    const payload = JSON.parse(body) as { text: string; blocks: unknown[] };
    expect(JSON.stringify(payload).match(/<http[^>]*>/g)).toEqual([
      '<http://board.test/|Open the board>',
    ]);
  });

  it("escapes the Markdown of every name in Teams' Adaptive Card, so no name can plant a link, a mention or formatting", async () => {
    const planted = '**[click](https://evil.test)** <at>everyone</at> _x_';
    const rule = await createRule({
      name: planted,
      kind: 'behind',
      thresholdPercent: 1000,
      at: ['14:00'],
      channels: [{ type: 'teams', url: receivers.url('/teams-names') }],
    });
    expect((await sendTest(a, rule.id)).statusCode).toBe(200);
    const [sent] = receivers.received('/teams-names');
    const card = JSON.parse(sent!.body).attachments[0].content as {
      body: { type: string; text?: string; facts?: { title: string; value: string }[] }[];
      actions: { url: string }[];
    };
    const texts = card.body.flatMap((element) =>
      element.facts
        ? element.facts.flatMap((f) => [f.title, f.value])
        : element.text
          ? [element.text]
          : [],
    );
    const escaped = String.raw`\*\*\[click\](https://evil.test)\*\* \<at\>everyone\</at\> \_x\_`;
    expect(texts).toContain(`Rule: ${escaped}`);
    expect(texts.find((t) => t.startsWith('Test of'))).toContain(escaped);
    for (const text of texts) {
      // No unescaped link, emphasis or mention is left in any text the card shows.
      expect(text, text).not.toMatch(/(^|[^\\])\[[^\]]*[^\\]\]\(/);
      expect(text, text).not.toMatch(/(^|[^\\])[*_]/);
      expect(text, text).not.toMatch(/(^|[^\\])<at/);
    }
    // The one link is the board's own, as a button.
    expect(card.actions).toEqual([expect.objectContaining({ url: 'http://board.test/' })]);
  });

  it("removes a webhook URL's secret parts from the reason, also when the receiver echoes them decoded", async () => {
    const path = '/hooks/T0%41B/s%65cret-token-9f3?sig=abc%2Bdef%3D&sp=%2Ftriggers%2Fmanual';
    receivers.answerAlways(path, 404);
    const rule = await createRule({
      name: 'Echoing receiver',
      kind: 'stale',
      staleMinutes: 30,
      channels: [{ type: 'webhook', url: receivers.url(path) }],
    });
    const res = await sendTest(b, rule.id);
    expect(res.statusCode).toBe(200);
    const [result] = res.json().results;
    const [logged] = (await deliveries()).filter((d) => d.ruleId === rule.id);
    for (const reason of [result.error as string, logged!.lastError!]) {
      expect(reason).toMatch(/HTTP 404/);
      for (const secret of [
        's%65cret-token-9f3',
        'secret-token-9f3',
        'abc%2Bdef',
        'abc+def',
        'abc def',
        '%2Ftriggers',
        '/triggers/manual',
        'T0%41B',
        'T0AB',
      ])
        expect(reason, reason).not.toContain(secret);
    }
  });
});

describe('alerts say what they do (issue 33 item 7)', () => {
  it('Send test of a full or stale rule sends what the alert will say when it fires, not its recovery', async () => {
    clock = Date.parse('2025-11-05T16:00:00Z');
    const stale = await createRule({
      name: 'Numbers stale',
      kind: 'stale',
      staleMinutes: 45,
      channels: [{ type: 'webhook', url: receivers.url('/test-words') }],
    });
    const full = await createRule({
      name: 'Thursday full',
      kind: 'full',
      dayOffset: 1,
      channels: [{ type: 'webhook', url: receivers.url('/test-words') }],
    });
    expect((await sendTest(b, stale.id)).statusCode).toBe(200);
    expect((await sendTest(b, full.id)).statusCode).toBe(200);
    const [staleSent, fullSent] = receivers
      .received('/test-words')
      .map((r) => JSON.parse(r.body) as { type: string; data: { summary: string } });
    expect(staleSent!.type).toBe('alert.test');
    expect(staleSent!.data.summary).toBe(
      'Test of "Numbers stale": Stale numbers on Main board: ServiceTitan has failed for more than 45 minutes',
    );
    // "Full" is the board's goal line for the day (90 % for the first displayed day by default).
    expect(fullSent!.data.summary).toMatch(
      /^Test of "Thursday full": \w+ is full: \d+ % of target, at its goal of 90 % on Main board$/,
    );
    for (const sent of [staleSent!, fullSent!])
      expect(sent.data.summary).not.toMatch(/fresh again|below its goal/);
  });

  it('e-mails an invitation through the same mailer: who invited, the company, where to sign in', async () => {
    catcher.clear();
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: { cookie: admin.cookie },
      payload: { email: 'new.dispatcher@acme.test', firstName: 'Dana', lastName: 'Reyes' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ emailed: true, emailProblem: null });
    const [mail] = catcher.messages();
    expect(mail!.to).toEqual(['new.dispatcher@acme.test']);
    expect(mail!.subject).toMatch(/ invited you to join Acme Heating on 3-Day Call Board$/);
    expect(mail!.text).toContain(admin.email);
    expect(mail!.text).toContain(
      'Sign in here with this e-mail address (new.dispatcher@acme.test) to join: http://board.test',
    );
  });

  it('limits invitation e-mails per person and per company: 429 with Retry-After and words, nothing saved', async () => {
    // Friday 2025-11-07, 12:20 in New York (a day nothing else invites on): 40 minutes before
    // the hour's budget renews, 6 h 40 min before the day's (UTC).
    clock = Date.parse('2025-11-07T17:20:00Z');
    catcher.clear();
    const invite = (who: TestUser, email: string, app = a) =>
      app.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: { cookie: who.cookie },
        payload: { email, firstName: 'Sam', lastName: 'Stranger' },
      });
    const pending = async () =>
      (
        await a.app.inject({
          method: 'GET',
          url: '/api/admin/invitations',
          headers: { cookie: admin.cookie },
        })
      ).json<unknown[]>().length;
    const before = await pending();
    // Side by side on both instances, as a script would send them.
    const statuses = (sent: Promise<{ statusCode: number }>[]) =>
      Promise.all(sent).then((answers) => answers.map((r) => r.statusCode));
    expect(
      await statuses(
        Array.from({ length: 20 }, (_, i) =>
          invite(admin, `crew${i}@elsewhere.test`, i % 2 ? a : b),
        ),
      ),
    ).toEqual(Array(20).fill(201));
    const refused = await invite(admin, 'crew20@elsewhere.test', b);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Invitation e-mails are limited to 20 per person per hour: try again in 40 minutes.',
    });
    expect(await pending()).toBe(before + 20);
    expect(catcher.messages()).toHaveLength(20);

    // Other admins of the company share its day: 50 a day.
    const second = await createSignedInUser(a.app, { companyId, role: 'account_admin' });
    const third = await createSignedInUser(a.app, { companyId, role: 'account_admin' });
    expect(
      await statuses([
        ...Array.from({ length: 20 }, (_, i) => invite(second, `office${i}@elsewhere.test`)),
        ...Array.from({ length: 10 }, (_, i) => invite(third, `yard${i}@elsewhere.test`, b)),
      ]),
    ).toEqual(Array(30).fill(201));
    const spent = await invite(third, 'yard10@elsewhere.test', b);
    expect(spent.statusCode).toBe(429);
    expect(spent.json().error).toBe(
      'Invitation e-mails are limited to 50 per company per day: try again in 7 hours.',
    );
    expect(Number(spent.headers['retry-after'])).toBe(6 * 3600 + 40 * 60);
    expect(catcher.messages()).toHaveLength(50);
    expect(await pending()).toBe(before + 50);
    figures.push(
      'invitations: the 21st of a person in an hour and the 51st of a company in a day: 429, nothing saved or sent',
    );
  });

  it("explains a failed delivery in plain words instead of Node's", async () => {
    const port = await freePort();
    const rule = await createRule({
      name: 'Nobody listening',
      kind: 'stale',
      staleMinutes: 30,
      channels: [{ type: 'webhook', url: `http://127.0.0.1:${port}/hook` }],
    });
    const [result] = (await sendTest(b, rule.id)).json().results;
    expect(result.error).toBe(
      `nothing at 127.0.0.1:${port} took the connection: check the address, and that the receiver is running (ECONNREFUSED)`,
    );
    const [logged] = (await deliveries()).filter((d) => d.ruleId === rule.id);
    expect(logged!.lastError).toBe(result.error);
    expect(logged!.lastError).not.toMatch(/^connect /);
  });
});

describe('nothing lost to a crash (issue 33 item 6)', () => {
  /** Makes every insert of this rule's notifications fail as if the instance died right there. */
  async function killOnQueue(ruleId: number) {
    await a.app.db.execute(
      sql.raw(`create or replace function kill_on_queue() returns trigger language plpgsql as $$
        begin raise exception 'instance killed while queueing'; end $$`),
    );
    await a.app.db.execute(
      sql.raw(`create trigger kill_on_queue before insert on alert_deliveries for each row
        when (new.rule_id = ${ruleId}) execute function kill_on_queue()`),
    );
  }
  const revive = () => a.app.db.execute(sql.raw('drop trigger kill_on_queue on alert_deliveries'));

  it('an instance killed between moving a rule to firing and queueing its notifications leaves neither, and the next pass does both', async () => {
    // Tuesday 2025-11-04, 13:59 in New York.
    clock = Date.parse('2025-11-04T18:59:00Z');
    catcher.clear();
    const rule = await createRule({
      name: 'Killed mid-firing',
      kind: 'behind',
      thresholdPercent: 1000,
      at: ['14:00'],
      channels: [
        { type: 'webhook', url: receivers.url('/killed-firing') },
        { type: 'email', to: ['killed@acme.test'] },
      ],
    });
    expect(await confirmByMail()).toEqual(['killed@acme.test']);
    clock += MINUTE;
    await killOnQueue(rule.id);
    await a.app.services.alerts.runOnce();
    await revive();
    const after = (await rules()).find((r) => r.id === rule.id)!;
    expect(after.state).toBe('ok');
    expect((await deliveries()).filter((d) => d.ruleId === rule.id)).toEqual([]);

    await bothInstances(2);
    expect((await rules()).find((r) => r.id === rule.id)!.state).toBe('firing');
    expect(receivers.received('/killed-firing')).toHaveLength(1);
    expect(catcher.messages().filter((m) => m.to.includes('killed@acme.test'))).toHaveLength(1);

    // A rule left firing without its notifications (by a version that wrote them apart): the
    // next evaluation queues them, once.
    const lost = await createRule({
      name: 'Firing without notifications',
      kind: 'behind',
      thresholdPercent: 1000,
      at: ['14:00'],
      channels: [{ type: 'webhook', url: receivers.url('/repaired') }],
    });
    await a.app.db.execute(
      sql.raw(`update alert_rules set state = 'firing', firing_key = 'behind:2025-11-05@2025-11-04T14:00',
        firing_line = 'lost', firing_since = now(), last_check = '2025-11-04T14:00' where id = ${lost.id}`),
    );
    await bothInstances(2);
    expect(receivers.received('/repaired')).toHaveLength(1);
  });

  it('23 kills over 43 deliveries lose none: each arrives, a repeat only after a kill mid-send, with the same webhook-id or Message-ID', async () => {
    catcher.clear();
    const hook = await createRule({
      name: 'Crash sends (webhook)',
      kind: 'stale',
      staleMinutes: 600,
      channels: [{ type: 'webhook', url: receivers.url('/crash-send') }],
    });
    const mail = await createRule({
      name: 'Crash sends (e-mail)',
      kind: 'stale',
      staleMinutes: 600,
      channels: [{ type: 'email', to: ['crash@acme.test'] }],
    });
    expect(await confirmByMail()).toEqual(['crash@acme.test']);
    const store = a.app.services.alertRules;
    const message = (n: number): AlertMessage => ({
      event: 'firing',
      ruleName: 'Crash sends',
      kind: 'stale',
      companyName: 'Acme Heating',
      boardName: 'Main board',
      boardUrl: 'http://board.test/',
      summary: `Crash delivery ${n}`,
      day: null,
      item: null,
      booked: null,
      target: null,
      percent: null,
      expectedPercent: null,
      staleSince: null,
      at: new Date(clock).toISOString(),
    });
    const ids: number[] = [];
    for (let n = 1; n <= 43; n++) {
      const rule = (await store.byId(n % 2 ? hook.id : mail.id))!;
      const planned = await a.app.services.alerts.plan(rule);
      const [queued] = await store.enqueue(
        rule,
        `crash:${n}`,
        message(n),
        new Date(clock),
        planned,
      );
      ids.push(queued!.id);
    }

    // An instance that dies at its k-th message: before it leaves, or after the receiver got it
    // and before the instance recorded it. A dead instance writes nothing again and renews no
    // lease: its claimed delivery waits out the lease (10 s) and another instance sends it.
    const real: ChannelSender = createChannelSender({
      outgoing: a.app.services.outgoing,
      mailer: createSmtpMailer({ smtpUrl: catcher.smtpUrl, from: 'alerts@board.test' }),
    });
    let afterSendKills = 0;
    const doomed = (killAt: number, afterSending: boolean, died: () => void) => {
      let sends = 0;
      return createAlertService({
        store,
        events: a.app.services.events,
        now: () => new Date(clock),
        readBoard: async () => null,
        publicUrl: 'http://board.test',
        tickMs: 0,
        leaseTicker: () => () => undefined,
        sendBatch: 1,
        recipients: a.app.services.alertRecipients,
        sender: {
          ...real,
          async send(channel, msg, delivery) {
            sends += 1;
            if (sends < killAt) return real.send(channel, msg, delivery);
            if (afterSending) {
              await real.send(channel, msg, delivery);
              afterSendKills += 1;
            }
            died();
            return new Promise<never>(() => undefined);
          },
        },
      });
    };
    let kills = 0;
    for (let round = 0; round < 23; round++) {
      await new Promise<void>((resolve) => {
        void doomed(1 + (round % 3), round % 2 === 0, resolve)
          .runOnce()
          .then(() => resolve());
      });
      kills += 1;
      clock += 11_000;
    }
    expect(kills).toBe(23);
    expect(afterSendKills).toBe(12);
    // The living instances send what is left.
    await bothInstances(2);

    const log = (await deliveries()).filter((d) => ids.includes(d.id));
    expect(log).toHaveLength(43);
    expect(log.filter((d) => d.status !== 'delivered')).toEqual([]);
    const hooks = receivers.received('/crash-send');
    const mails = catcher.messages().filter((m) => m.to.includes('crash@acme.test'));
    const hookIds = hooks.map((r) => String(r.headers['webhook-id']));
    const mailIds = mails.map((m) => m.messageId!);
    // Every delivery arrived; the only repeats are the messages an instance died after sending.
    expect(new Set(hookIds).size).toBe(22);
    expect(new Set(mailIds).size).toBe(21);
    expect(hooks.length + mails.length).toBe(43 + afterSendKills);
    // A repeat is the same message: one body per webhook-id, one subject per Message-ID.
    const variants = (pairs: [string, string][]) => {
      const seen = new Map<string, Set<string>>();
      for (const [id, content] of pairs) seen.set(id, (seen.get(id) ?? new Set()).add(content));
      return Math.max(...[...seen.values()].map((set) => set.size));
    };
    expect(variants(hooks.map((r, i) => [hookIds[i]!, r.body]))).toBe(1);
    expect(variants(mails.map((m, i) => [mailIds[i]!, m.subject]))).toBe(1);
    figures.push(
      `crashes: 23 kills over 43 deliveries (${afterSendKills} after the message left): 43 delivered, ` +
        `${hooks.length + mails.length - 43} repeats, each with its delivery's webhook-id or Message-ID; 0 lost`,
    );
  });
});

describe('only people who agreed (decision 30, issue 36 item 3)', () => {
  it('sends a stranger one confirmation e-mail and nothing else, however many tests and saves', async () => {
    clock = Date.parse('2025-11-06T15:00:00Z');
    catcher.clear();
    const stranger = 'stranger@elsewhere.test';
    const rule = await createRule({
      name: 'To a stranger',
      kind: 'stale',
      staleMinutes: 30,
      channels: [{ type: 'email', to: [stranger] }],
    });
    expect(rule.recipients).toEqual([
      expect.objectContaining({ address: stranger, status: 'pending', member: false }),
    ]);
    for (let i = 0; i < 5; i++) {
      const res = await sendTest(b, rule.id);
      expect(res.json().results[0]).toMatchObject({
        ok: false,
        error: `${stranger} has not confirmed yet: only the confirmation message was sent`,
      });
    }
    // Saving it again, and a second rule naming the same address, send nothing more.
    const saved = await a.app.inject({
      method: 'PATCH',
      url: `/api/alert-rules/${rule.id}`,
      headers: { cookie: admin.cookie },
      payload: { channels: [{ type: 'email', to: [stranger] }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await createRule({
      name: 'To the same stranger',
      kind: 'stale',
      staleMinutes: 30,
      channels: [{ type: 'email', to: [stranger.toUpperCase()] }],
    });
    expect(catcher.messages().map((m) => [m.to, m.subject])).toEqual([
      [[stranger], 'Acme Heating would like to send you call board alerts'],
    ]);
    const listed = await a.app.inject({
      method: 'GET',
      url: '/api/alert-recipients',
      headers: { cookie: admin.cookie },
    });
    expect(listed.json().recipients).toContainEqual(
      expect.objectContaining({
        address: stranger,
        status: 'pending',
        statusText: 'Waiting: a confirmation link was e-mailed',
      }),
    );
    // A member's own verified address is theirs: no confirmation, confirmed as a member.
    const member = await createSignedInUser(a.app, { companyId, emailVerified: true });
    const own = await createRule({
      name: 'To a member',
      kind: 'stale',
      staleMinutes: 30,
      channels: [{ type: 'email', to: [member.email] }],
    });
    expect(own.recipients).toEqual([
      expect.objectContaining({ status: 'confirmed', member: true }),
    ]);
    expect(catcher.messages()).toHaveLength(1);
    figures.push(
      'consent: a stranger got 1 message (the confirmation) after 5 tests, a re-save and a second rule',
    );
  });

  it('limits confirmation messages per rule: past it, 429 with Retry-After and nothing saved', async () => {
    const before = (await rules()).length;
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/alert-rules',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Too many strangers',
        kind: 'stale',
        staleMinutes: 30,
        channels: [{ type: 'email', to: Array.from({ length: 11 }, (_, i) => `p${i}@many.test`) }],
      },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error).toMatch(
      /^This rule would send 11 confirmation messages, and they are limited to 10 per rule per hour: try again in \d+ minutes\.$/,
    );
    expect(await rules()).toHaveLength(before);
  });
});
