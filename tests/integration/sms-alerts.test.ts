import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDelivery, AlertRecipient, AlertRule } from '../../src/shared/api/alerts.js';
import { segments } from '../../src/shared/alerts/sms.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import {
  startTwilioStandin,
  twilioSignature,
  type TwilioStandin,
} from '../../standins/twilio/index.js';
import { setCompanyBoardSettings } from '../helpers/board-settings.js';
import { giveCompanyCredential } from '../helpers/fake-service-titan.js';
import { deliverTwilioCallbacksTo, simulatorEnv, simulatorServices } from '../helpers/standins.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Issue 36, text messages, through the real `twilio` SDK pointed at the Twilio stand-in
 * (TWILIO_API_URL): a number gets one confirmation text with a 6-digit code and nothing else
 * until its owner's code is typed; alerts then arrive as one GSM-7 segment with the board's
 * short link, and Twilio's signed status callbacks move the delivery log to delivered or
 * undelivered in plain words; STOP (an inbound reply, or 21610 on a send) is honoured until
 * START; forged callbacks are refused and change nothing.
 */

const TIME_ZONE = 'America/New_York';
/** Wednesday 2025-10-29, 14:05 in New York: the board shows Thu 30, Fri 31, Mon 3. */
const WEDNESDAY_1405 = Date.parse('2025-10-29T18:05:00Z');
const PUBLIC_URL = 'http://board.test';
const STRANGER = '+12025550143';
const MANAGER = '+13125550123';

let sim: Simulator;
let twilio: TwilioStandin;
let t: TestApp;
let admin: TestUser;
let companyId: number;
let boardId: number;
const clock = WEDNESDAY_1405;
const figures: string[] = [];
/** Twilio's callbacks wait for this before they reach the app. */
let callbackGate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  sim = await startServiceTitanSimulator({
    now: () => new Date(clock),
    timeZone: TIME_ZONE,
    seed: 7,
  });
  // Twilio calls PUBLIC_URL; here its callbacks are handed to the app in-process (once the
  // gate opens: a test may hold them back).
  const toApp = deliverTwilioCallbacksTo(() => t.app);
  twilio = await startTwilioStandin({
    deliver: async (url, params, headers) => {
      await callbackGate;
      return toApp(url, params, headers);
    },
  });
  twilio.setInboundTarget(`${PUBLIC_URL}/api/providers/twilio/inbound`);
  t = await createTestApp({
    env: {
      ...simulatorEnv(sim),
      PUBLIC_URL,
      DEV_IDENTITY_ALLOW_REMOTE: 'true',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_API_URL: twilio.url,
    },
    services: simulatorServices(sim, () => new Date(clock)),
  });
  companyId = await createCompany(t.app, { name: 'Acme Heating' });
  await giveCompanyCredential(t.app, companyId, sim.demoCredential);
  await setCompanyBoardSettings(t.app, companyId, { timezone: TIME_ZONE, title: 'Main board' });
  boardId = (await t.app.services.boards.first(companyId)).id;
  admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
});

afterAll(async () => {
  if (figures.length) console.log(`\nText message figures:\n  ${figures.join('\n  ')}\n`);
  await t?.close();
  await twilio?.close();
  await sim?.close();
});

async function createRule(fields: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/alert-rules',
    headers: { cookie: admin.cookie },
    payload: { kind: 'behind', thresholdPercent: 1000, at: ['14:00'], ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AlertRule>();
}

async function sendTest(ruleId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/alert-rules/${ruleId}/test`,
    headers: { cookie: admin.cookie },
  });
  await twilio.settled();
  return res;
}

async function recipients(): Promise<AlertRecipient[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/alert-recipients',
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().recipients;
}

async function deliveries(): Promise<AlertDelivery[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/alert-deliveries?boardId=${boardId}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().deliveries;
}

/** The status callbacks Twilio sent for a message, and how the app answered them. */
const callbacksAnswered = (sid: string) =>
  twilio
    .callbacks()
    .filter((c) => c.params.MessageSid === sid)
    .map((c) => [c.params.MessageStatus, c.status]);

/** Twilio's callback delivered again, signed as Twilio signs it (a retry, or a late one). */
function callbackAgain(params: Record<string, string>) {
  const url = `${PUBLIC_URL}/api/providers/twilio/status`;
  return t.app.inject({
    method: 'POST',
    url: '/api/providers/twilio/status',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(twilio.authToken, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const textsTo = (number: string) => twilio.messages().filter((m) => m.to === number);

/** The code the number was texted, typed in by someone of the company (its owner read it out). */
async function confirmWithCode(number: string) {
  const [confirmation] = textsTo(number);
  const code = /code: (\d{6})\./.exec(confirmation!.body)![1]!;
  const row = (await recipients()).find((r) => r.address === number)!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/alert-recipients/${row.id}/confirm`,
    headers: { cookie: admin.cookie },
    payload: { code },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().recipients[0]).toMatchObject({ status: 'confirmed' });
}

describe('a text message channel', () => {
  it('refuses a number that is not E.164, naming the field, and saves nothing', async () => {
    for (const bad of ['2025550143', '+1 202 555 0143', '+1202555014', '+99912345678', 'call me']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/alert-rules',
        headers: { cookie: admin.cookie },
        payload: {
          name: 'Bad number',
          kind: 'behind',
          thresholdPercent: 50,
          at: ['14:00'],
          channels: [{ type: 'sms', to: [MANAGER, bad] }],
        },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().details.issues[0].field, bad).toBe('channels[0].to[1]');
      expect(res.json().error, bad).toContain('E.164');
    }
    expect(twilio.messages()).toHaveLength(0);
    expect(await recipients()).toEqual([]);
  });

  it("texts a stranger's number one confirmation code and nothing else, however many tests", async () => {
    const rule = await createRule({
      name: 'Thursday behind',
      channels: [{ type: 'sms', to: [STRANGER] }],
    });
    expect(rule.recipients).toEqual([
      expect.objectContaining({
        address: STRANGER,
        label: '+1 202 555 0143',
        status: 'pending',
        statusText: 'Waiting for the 6-digit code sent to this number',
      }),
    ]);
    const [confirmation] = textsTo(STRANGER);
    expect(confirmation!.body).toMatch(
      /^Call board code: \d{6}\. Acme Heating wants to text you its board alerts; give them this code to agree\. Reply STOP to refuse\.$/,
    );
    expect(segments(confirmation!.body)).toBe(1);
    for (let i = 0; i < 5; i++) {
      const res = await sendTest(rule.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual([
        {
          channelType: 'sms',
          target: '+1 202 555 0143',
          ok: false,
          error: '+1 202 555 0143 has not confirmed yet: only the confirmation message was sent',
        },
      ]);
    }
    // The sixth test in the hour: 429, with when to try again in words.
    const sixth = await sendTest(rule.id);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json().error).toMatch(
      /^Send test is limited to 5 per rule per hour: try again in \d+ minutes?\.$/,
    );
    // A re-save and a second rule naming the number send nothing more.
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/alert-rules/${rule.id}`,
      headers: { cookie: admin.cookie },
      payload: { channels: [{ type: 'sms', to: [STRANGER] }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await createRule({
      name: 'Same number again',
      kind: 'stale',
      staleMinutes: 30,
      channels: [{ type: 'sms', to: [STRANGER] }],
    });
    expect(textsTo(STRANGER)).toHaveLength(1);
    figures.push(
      "consent: a stranger's number got 1 text (the code) after 5 tests, a 6th refused (429), a re-save and a second rule",
    );
  });

  it('takes the code typed for the number (a wrong one is a 400 naming code), then texts alerts in one segment', async () => {
    const row = (await recipients()).find((r) => r.address === STRANGER)!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/alert-recipients/${row.id}/confirm`,
      headers: { cookie: admin.cookie },
      payload: {
        code:
          '000000' === /code: (\d{6})/.exec(textsTo(STRANGER)[0]!.body)![1] ? '111111' : '000000',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.issues[0].field).toBe('code');
    await confirmWithCode(STRANGER);

    const rule = await createRule({
      name: 'Thursday at 2 PM',
      channels: [{ type: 'sms', to: [STRANGER] }],
    });
    const res = await sendTest(rule.id);
    expect(res.json().results).toEqual([
      { channelType: 'sms', target: '+1 202 555 0143', ok: true, error: null },
    ]);
    const text = textsTo(STRANGER).at(-1)!;
    expect(text.body).toMatch(
      new RegExp(
        `^Call board test Main board: Thu \\d+% of target at 2:05 PM( \\(expected \\d+%\\))?\\. http://board\\.test/b/${boardId.toString(36)}$`,
      ),
    );
    expect(segments(text.body)).toBe(1);
    expect(text.status).toBe('delivered');
    // Twilio's callbacks said sent, then delivered: the log shows it delivered (the callback is
    // answered at once and recorded after the answer, so the log catches up a moment later).
    await expect
      .poll(async () => (await deliveries()).find((d) => d.ruleId === rule.id)?.status)
      .toBe('delivered');
    const [logged] = (await deliveries()).filter((d) => d.ruleId === rule.id);
    expect(logged).toMatchObject({ channelType: 'sms', status: 'delivered', lastError: null });
    expect(callbacksAnswered(text.sid)).toEqual([
      ['sent', 200],
      ['delivered', 200],
    ]);
    // The short link opens the board.
    const link = await t.app.inject({ method: 'GET', url: `/b/${boardId.toString(36)}` });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`/boards/${boardId}`);
    figures.push(`text: "${text.body}" (${text.body.length} characters, 1 segment)`);
  });

  it('shows an undelivered text with its error code in plain words, and refuses forged callbacks', async () => {
    const rule = await createRule({
      name: 'Out of reach',
      channels: [{ type: 'sms', to: [STRANGER] }],
    });
    twilio.failDelivery(STRANGER, 30003);
    await sendTest(rule.id);
    const [logged] = (await deliveries()).filter((d) => d.ruleId === rule.id);
    expect(logged).toMatchObject({
      status: 'failed',
      lastError:
        'text message not delivered: the phone is switched off or out of reach (Twilio error 30003)',
    });

    // A forged "delivered" for it: refused, and nothing changes.
    const sid = textsTo(STRANGER).at(-1)!.sid;
    const params = { MessageSid: sid, MessageStatus: 'delivered', To: STRANGER };
    const url = `${PUBLIC_URL}/api/providers/twilio/status`;
    for (const signature of [
      twilioSignature('not-the-auth-token', url, params),
      twilioSignature(twilio.authToken, 'http://evil.test/api/providers/twilio/status', params),
      twilioSignature(twilio.authToken, url, { ...params, MessageStatus: 'undelivered' }),
    ]) {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/providers/twilio/status',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error).toContain('X-Twilio-Signature');
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/providers/twilio/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    const [still] = (await deliveries()).filter((d) => d.ruleId === rule.id);
    expect(still).toMatchObject({ status: 'failed' });

    // Twilio's own callback delivered again (at least once): answered, nothing moves.
    const genuine = twilio
      .callbacks()
      .filter((c) => c.params.MessageSid === sid)
      .at(-1)!;
    const again = await callbackAgain(genuine.params);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, changed: false });
  });

  it('keeps a status callback that arrives before the send is recorded: the log ends delivered, or failed in plain words', async () => {
    const rule = await createRule({
      name: 'Callback first',
      channels: [{ type: 'sms', to: [STRANGER] }],
    });
    twilio.setCallbacksFirst(true);
    try {
      // Twilio's "sent" and "delivered" are answered before the sender knows the message's SID.
      const res = await sendTest(rule.id);
      const sid = textsTo(STRANGER).at(-1)!.sid;
      expect(callbacksAnswered(sid)).toEqual([
        ['sent', 200],
        ['delivered', 200],
      ]);
      expect(res.json().results).toEqual([
        { channelType: 'sms', target: '+1 202 555 0143', ok: true, error: null },
      ]);
      let [logged] = (await deliveries()).filter((d) => d.ruleId === rule.id);
      expect(logged).toMatchObject({ status: 'delivered', lastError: null });
      expect(logged!.deliveredAt).not.toBeNull();

      // Undelivered, reported before the SID is recorded: failed, Twilio's code in plain words.
      twilio.failDelivery(STRANGER, 30007);
      const failed = await sendTest(rule.id);
      const words =
        'text message not delivered: the carrier filtered the message as spam (Twilio error 30007)';
      expect(failed.json().results).toEqual([
        { channelType: 'sms', target: '+1 202 555 0143', ok: false, error: words },
      ]);
      [logged] = (await deliveries()).filter((d) => d.ruleId === rule.id);
      expect(logged).toMatchObject({ status: 'failed', lastError: words });

      // The same callback again, now that the SID is recorded: answered, nothing moves.
      const late = twilio
        .callbacks()
        .filter((c) => c.params.MessageSid === textsTo(STRANGER).at(-1)!.sid)
        .at(-1)!;
      const again = await callbackAgain(late.params);
      expect(again.json()).toEqual({ received: true, changed: false });
    } finally {
      twilio.setCallbacksFirst(false);
    }
  });

  it('moves a delivery recorded as sent when its callback comes after, and a late "sent" never moves it back', async () => {
    const rule = await createRule({
      name: 'Callback after',
      channels: [{ type: 'sms', to: [STRANGER] }],
    });
    let open!: () => void;
    callbackGate = new Promise((resolve) => (open = resolve));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/alert-rules/${rule.id}/test`,
        headers: { cookie: admin.cookie },
      });
      expect(res.json().results).toEqual([
        { channelType: 'sms', target: '+1 202 555 0143', ok: true, error: null },
      ]);
      // Recorded with its SID, awaiting Twilio's word.
      const [waiting] = (await deliveries()).filter((d) => d.ruleId === rule.id);
      expect(waiting).toMatchObject({ status: 'sent', lastError: null, deliveredAt: null });
    } finally {
      open();
      callbackGate = Promise.resolve();
    }
    await twilio.settled();
    const sid = textsTo(STRANGER).at(-1)!.sid;
    expect(callbacksAnswered(sid)).toEqual([
      ['sent', 200],
      ['delivered', 200],
    ]);
    const [logged] = (await deliveries()).filter((d) => d.ruleId === rule.id);
    expect(logged).toMatchObject({ status: 'delivered', lastError: null });

    // Twilio's "sent" delivered once more, after "delivered": nothing moves.
    const sent = twilio
      .callbacks()
      .find((c) => c.params.MessageSid === sid && c.params.MessageStatus === 'sent')!;
    const late = await callbackAgain(sent.params);
    expect(late.json()).toEqual({ received: true, changed: false });
    const [still] = (await deliveries()).filter((d) => d.ruleId === rule.id);
    expect(still).toMatchObject({ status: 'delivered', lastError: null });
  });

  it('says 21211 and 21608 in plain words on the recipient, and marks 21610 opted out', async () => {
    const rule = await createRule({
      name: 'Bad numbers',
      kind: 'stale',
      staleMinutes: 30,
      channels: [{ type: 'sms', to: ['+15005550001', '+15005550009', '+15005550004'] }],
    });
    const byNumber = new Map(rule.recipients.map((r) => [r.address, r]));
    expect(byNumber.get('+15005550001')).toMatchObject({
      status: 'pending',
      statusText:
        'Not confirmed: the confirmation message was not sent: text message: this is not a valid phone number (Twilio error 21211)',
    });
    expect(byNumber.get('+15005550009')!.statusText).toBe(
      'Not confirmed: the confirmation message was not sent: text message: the number is not verified on this Twilio trial account: verify it in the Twilio console, or upgrade the account (Twilio error 21608)',
    );
    expect(byNumber.get('+15005550004')).toMatchObject({
      status: 'opted_out',
      statusText: '+1 500 555 0004 replied STOP: nothing is texted until they opt in again',
    });
  });

  it('honours STOP until START: a reply to our number stops every text to it', async () => {
    const rule = await createRule({ name: 'Manager', channels: [{ type: 'sms', to: [MANAGER] }] });
    await confirmWithCode(MANAGER);
    expect((await sendTest(rule.id)).json().results[0]).toMatchObject({ ok: true });
    const before = textsTo(MANAGER).length;

    expect(await twilio.inbound(MANAGER, 'Stop')).toBe(200);
    expect((await recipients()).find((r) => r.address === MANAGER)).toMatchObject({
      status: 'opted_out',
    });
    const stopped = await sendTest(rule.id);
    expect(stopped.json().results[0]).toMatchObject({
      ok: false,
      error: '+1 312 555 0123 replied STOP: nothing is texted until they opt in again',
    });
    expect(textsTo(MANAGER)).toHaveLength(before);
    const skipped = (await deliveries()).filter(
      (d) => d.ruleId === rule.id && d.status === 'skipped',
    );
    expect(skipped).toHaveLength(1);

    // A forged STOP for another number changes nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/providers/twilio/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': 'AAAA',
      },
      payload: new URLSearchParams({ From: STRANGER, Body: 'STOP' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect((await recipients()).find((r) => r.address === STRANGER)).toMatchObject({
      status: 'confirmed',
    });

    expect(await twilio.inbound(MANAGER, 'START')).toBe(200);
    expect((await recipients()).find((r) => r.address === MANAGER)).toMatchObject({
      status: 'confirmed',
    });
    expect((await sendTest(rule.id)).json().results[0]).toMatchObject({ ok: true });
    expect(textsTo(MANAGER)).toHaveLength(before + 1);

    const log = await deliveries();
    const sms = log.filter((d) => d.channelType === 'sms');
    figures.push(
      `delivery log (sms): ${sms.length} rows: delivered ${sms.filter((d) => d.status === 'delivered').length}, failed ${sms.filter((d) => d.status === 'failed').length}, skipped ${sms.filter((d) => d.status === 'skipped').length}, sent (awaiting a callback) ${sms.filter((d) => d.status === 'sent').length}; texts the stand-in took: ${twilio.messages().length}`,
    );
  });

  it('opts a number out when a send is refused with 21610', async () => {
    const rule = await createRule({
      name: 'Opted out elsewhere',
      channels: [{ type: 'sms', to: [MANAGER] }],
    });
    // The person replied STOP to our number on Twilio's side only (the webhook never came).
    twilio.setInboundTarget('http://127.0.0.1:9/nowhere');
    await twilio.inbound(MANAGER, 'STOP');
    twilio.setInboundTarget(`${PUBLIC_URL}/api/providers/twilio/inbound`);
    expect((await recipients()).find((r) => r.address === MANAGER)).toMatchObject({
      status: 'confirmed',
    });
    const res = await sendTest(rule.id);
    expect(res.json().results[0]).toMatchObject({
      ok: false,
      error:
        'text message: the person replied STOP: nothing is texted until they reply START (Twilio error 21610)',
    });
    expect((await recipients()).find((r) => r.address === MANAGER)).toMatchObject({
      status: 'opted_out',
    });
  });
});
