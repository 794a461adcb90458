import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Twilio stand-in (issue 36, decision 053) for the embedded default and tests: the Messages
 * API the `twilio` SDK calls (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded, HTTP Basic auth with the account SID and auth token), answering 201 with a `sid`
 * and `queued` (`accepted` through a Messaging Service), or Twilio's error JSON (`code`,
 * `message`, `more_info`, `status`) for the errors the product must handle. It then sends the
 * status callbacks Twilio sends (`sent`, then `delivered` or `undelivered` with `ErrorCode`),
 * form-encoded and signed with `X-Twilio-Signature` as Twilio signs them (written here from
 * Twilio's description, not with the SDK that checks them). A person's reply (STOP, START) is
 * simulated by `inbound()` or a button on its page, sent to the number's webhook, and a number
 * that said STOP is refused with 21610 as Twilio refuses it. Nothing leaves the machine.
 *
 * Numbers that behave as on Twilio's test credentials:
 * - +15005550001: 21211, not a valid phone number;
 * - +15005550009: 21608, not verified on a trial account;
 * - +15005550004: 21610, replied STOP (as does any number that sent STOP here);
 * - +15005550003 / +15005550005 / +15005550007: taken, then undelivered with 30003 / 30005 / 30007.
 */

export interface StandinMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** queued | accepted | sent | delivered | undelivered. */
  status: string;
  errorCode: number | null;
  statusCallback: string | null;
  messagingServiceSid: string | null;
  dateCreated: string;
}

export interface TwilioStandin {
  /** TWILIO_API_URL: where the SDK's requests go instead of https://api.twilio.com. */
  url: string;
  /** The page listing the messages it took (as the mail catcher's). */
  pageUrl: string;
  accountSid: string;
  authToken: string;
  /** The account's number (TWILIO_FROM). */
  from: string;
  /** Newest last. */
  messages(): StandinMessage[];
  /** Where a message a person sends to our number goes (the number's incoming webhook). */
  setInboundTarget(url: string): void;
  /** Status callbacks go to this origin (the app's own address) while signed over their URL. */
  setReach(origin: string): void;
  /** A person texts our number (STOP, START...): answers the webhook's HTTP status. */
  inbound(from: string, body: string): Promise<number>;
  /** The next message to this number is taken, then undelivered with this code. */
  failDelivery(to: string, errorCode: number): void;
  /**
   * While on, a message's status callbacks are sent (and answered) before the create is
   * answered: the order Twilio's callbacks can take when they beat its answer to the sender.
   */
  setCallbacksFirst(on: boolean): void;
  /** Waits until every status callback and inbound message has been sent. */
  settled(): Promise<void>;
  /** Answers of the webhooks it called: [url, status]. */
  callbacks(): { url: string; params: Record<string, string>; status: number }[];
  clear(): void;
  close(): Promise<void>;
}

/** How a signed POST reaches the app (tests hand it to `app.inject`); default: fetch. */
export type Deliver = (
  url: string,
  params: Record<string, string>,
  headers: Record<string, string>,
) => Promise<number>;

export const KEPT_MESSAGES = 200;
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
]);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

/** Twilio's signature: Base64 HMAC-SHA1 of the URL and each parameter (name+value) sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

const ERRORS: Record<number, { status: number; message: string }> = {
  20003: { status: 401, message: 'Authenticate' },
  21211: { status: 400, message: "Invalid 'To' Phone Number" },
  21602: { status: 400, message: 'Message body is required.' },
  21603: { status: 400, message: "A 'From' phone number is required." },
  21604: { status: 400, message: "A 'To' phone number is required." },
  21608: {
    status: 400,
    message:
      'The number is unverified. Trial accounts cannot send messages to unverified numbers; verify it at twilio.com/user/account/phone-numbers/verified, or purchase a Twilio number to send messages to unverified numbers',
  },
  21610: { status: 400, message: 'Attempt to send to unsubscribed recipient' },
};

export async function startTwilioStandin(
  options: {
    host?: string;
    port?: number;
    /** How signed callbacks reach the app (default: POST with fetch). */
    deliver?: Deliver;
    /** Sent status callbacks to this origin instead of the URL's own (signed over the URL). */
    reach?: string;
  } = {},
): Promise<TwilioStandin> {
  const host = options.host ?? '127.0.0.1';
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const from = '+15005550006';
  const kept: StandinMessage[] = [];
  const optedOut = new Set<string>(['+15005550004']);
  const failing = new Map<string, number>([
    ['+15005550003', 30003],
    ['+15005550005', 30005],
    ['+15005550007', 30007],
  ]);
  const failNext = new Map<string, number>();
  const pending = new Set<Promise<unknown>>();
  const called: { url: string; params: Record<string, string>; status: number }[] = [];
  let inboundTarget: string | null = null;
  let reach = options.reach ?? null;
  let callbacksFirst = false;

  const deliver: Deliver =
    options.deliver ??
    (async (url, params, headers) => {
      const target = new URL(url);
      const to = reach ? `${reach}${target.pathname}${target.search}` : url;
      const res = await fetch(to, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(params).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    });

  /** A signed POST as Twilio makes it (never throws: Twilio logs a failed webhook). */
  function post(url: string, params: Record<string, string>): Promise<number> {
    const work = deliver(url, params, {
      'x-twilio-signature': twilioSignature(authToken, url, params),
      'user-agent': 'TwilioProxy/1.1',
      'i-twilio-idempotency-token': crypto.randomUUID(),
    })
      .catch(() => 0)
      .then((status) => {
        called.push({ url, params, status });
        return status;
      });
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  }

  function callbacksOf(message: StandinMessage): Promise<void> {
    if (!message.statusCallback) {
      message.status = message.errorCode ? 'undelivered' : 'delivered';
      return Promise.resolve();
    }
    const url = message.statusCallback;
    const base = {
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      From: message.from,
      To: message.to,
      MessageSid: message.sid,
      SmsSid: message.sid,
      ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
    };
    const errorCode = failNext.get(message.to) ?? failing.get(message.to) ?? null;
    failNext.delete(message.to);
    // No callback for the first status (queued/accepted), as Twilio: sent, then the outcome.
    const chain = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      message.status = 'sent';
      await post(url, { ...base, MessageStatus: 'sent', SmsStatus: 'sent' });
      const final = errorCode ? 'undelivered' : 'delivered';
      message.status = final;
      message.errorCode = errorCode;
      await post(url, {
        ...base,
        MessageStatus: final,
        SmsStatus: final,
        ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
        RawDlrDoneDate: rawDlrDate(new Date()),
      });
    })();
    pending.add(chain);
    void chain.finally(() => pending.delete(chain));
    return chain;
  }

  function errorAnswer(res: http.ServerResponse, code: number) {
    const { status, message } = ERRORS[code]!;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        code,
        message,
        more_info: `https://www.twilio.com/docs/errors/${code}`,
        status,
      }),
    );
  }

  async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  function authorized(req: http.IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user, password] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return user === accountSid && password === authToken;
  }

  async function inbound(person: string, body: string): Promise<number> {
    const word = body.trim().toUpperCase();
    // Advanced Opt-Out: Twilio itself keeps the list and refuses later sends with 21610.
    const optOutType = STOP_WORDS.has(word) ? 'STOP' : START_WORDS.has(word) ? 'START' : null;
    if (optOutType === 'STOP') optedOut.add(person);
    if (optOutType === 'START') optedOut.delete(person);
    if (!inboundTarget) return 0;
    return post(inboundTarget, {
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      MessageSid: `SM${hex(16)}`,
      SmsSid: `SM${hex(16)}`,
      From: person,
      To: from,
      Body: body,
      NumMedia: '0',
      NumSegments: '1',
      ...(optOutType ? { OptOutType: optOutType } : {}),
    });
  }

  function page(): string {
    const numbers = [...new Set(kept.map((m) => m.to))];
    const rows = [...kept]
      .reverse()
      .map(
        (m) =>
          `<article><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.dateCreated)} · <strong>${escapeHtml(m.status)}</strong>${m.errorCode ? ` (error ${m.errorCode})` : ''} · ${m.body.length} characters</p><pre>${escapeHtml(m.body)}</pre></article>`,
      )
      .join('');
    const replies = numbers
      .map(
        (n) =>
          `<form method="post" action="/_standin/inbound"><input type="hidden" name="From" value="${escapeHtml(n)}">` +
          `<span>${escapeHtml(n)}${optedOut.has(n) ? ' (opted out)' : ''}</span> ` +
          `<button name="Body" value="STOP">Reply STOP</button> <button name="Body" value="START">Reply START</button></form>`,
      )
      .join('');
    return (
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Text messages (Twilio stand-in)</title>` +
      `<style>body{font:16px system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap;font-size:1.05rem}.meta{color:#555}form{margin:.4rem 0}</style></head>` +
      `<body><h1>Text messages</h1><p>Texts the 3-Day Call Board sent through the Twilio stand-in on this machine (from ${escapeHtml(from)}); the last ${KEPT_MESSAGES} are kept, nothing is sent to a phone.</p>` +
      (replies ? `<h2>Reply as a phone</h2>${replies}` : '') +
      (rows ||
        '<p>No text yet. Add a phone number to an alert rule: its confirmation code arrives here.</p>') +
      `</body></html>`
    );
  }

  const server = http.createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status: 500 }));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      });
      res.end(page());
      return;
    }
    if (req.method === 'GET' && path === '/messages.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: kept }));
      return;
    }
    if (req.method === 'POST' && path === '/_standin/inbound') {
      const form = await readForm(req);
      await inbound(form.get('From') ?? '', form.get('Body') ?? '');
      res.writeHead(303, { location: '/' }).end();
      return;
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 20404,
          message: 'The requested resource was not found',
          status: 404,
        }),
      );
      return;
    }
    if (!authorized(req) || match[1] !== accountSid) return errorAnswer(res, 20003);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: kept.map(json) }));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const form = await readForm(req);
    const to = form.get('To') ?? '';
    const sender = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    if (!to) return errorAnswer(res, 21604);
    if (!sender && !service) return errorAnswer(res, 21603);
    if (!body) return errorAnswer(res, 21602);
    if (!/^\+[1-9]\d{6,14}$/.test(to) || to === '+15005550001') return errorAnswer(res, 21211);
    if (to === '+15005550009') return errorAnswer(res, 21608);
    if (optedOut.has(to)) return errorAnswer(res, 21610);
    const message: StandinMessage = {
      sid: `SM${hex(16)}`,
      to,
      from: sender ?? from,
      body,
      status: service ? 'accepted' : 'queued',
      errorCode: null,
      statusCallback: form.get('StatusCallback'),
      messagingServiceSid: service,
      dateCreated: new Date().toUTCString(),
    };
    kept.push(message);
    while (kept.length > KEPT_MESSAGES) kept.shift();
    const answer = JSON.stringify(json(message));
    // Twilio's callbacks may reach the app before its answer to the create does.
    if (callbacksFirst) await callbacksOf(message);
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(answer);
    if (!callbacksFirst) void callbacksOf(message);
  }

  function json(m: StandinMessage) {
    return {
      sid: m.sid,
      account_sid: accountSid,
      api_version: '2010-04-01',
      to: m.to,
      from: m.from,
      body: m.body,
      status: m.status,
      direction: 'outbound-api',
      num_segments: '1',
      num_media: '0',
      messaging_service_sid: m.messagingServiceSid,
      error_code: m.errorCode,
      error_message: null,
      price: null,
      price_unit: 'USD',
      date_created: m.dateCreated,
      date_updated: m.dateCreated,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
      subresource_uris: {
        media: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}/Media.json`,
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;

  return {
    url,
    pageUrl: `${url}/`,
    accountSid,
    authToken,
    from,
    messages: () => [...kept],
    setInboundTarget(target) {
      inboundTarget = target;
    },
    setReach(origin) {
      reach = origin;
    },
    inbound,
    failDelivery(to, errorCode) {
      failNext.set(to, errorCode);
    },
    setCallbacksFirst(on) {
      callbacksFirst = on;
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    callbacks: () => [...called],
    clear() {
      kept.splice(0);
      called.splice(0);
    },
    async close() {
      await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** RawDlrDoneDate: YYMMDDhhmm (UTC here; Twilio's carries no zone). */
function rawDlrDate(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(at.getUTCFullYear() % 100)}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}${p(at.getUTCHours())}${p(at.getUTCMinutes())}`;
}
