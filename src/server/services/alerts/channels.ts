import nodemailer from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import type {
  AlertChannel,
  AlertChannelView,
  ChannelType,
  RecipientKind,
} from '../../../shared/api/alerts.js';
import { formatHours } from '../../../shared/capacity/hours.js';
import { channelTarget, urlHint, type AlertMessage } from './alert-store.js';
import { OutgoingRequestError, type OutgoingClient } from './outgoing-guard.js';

/**
 * The four channels (issue 23): e-mail through nodemailer (SMTP_URL), Slack incoming webhooks,
 * Microsoft Teams Workflows webhooks (an Adaptive Card in a message envelope; the retired
 * Office 365 connector format is not sent) and a generic webhook signed as the Standard Webhooks
 * specification says (the `standardwebhooks` package). Webhooks go through the guarded client.
 */

/** What one attempt came to: delivered, worth another try later, or failed for good. */
export type SendOutcome =
  | {
      ok: true;
      /**
       * The carrier's id of a message it reports on later (a Twilio SID): the delivery is
       * `sent` until its status callback says delivered or undelivered.
       */
      externalId?: string;
    }
  | { ok: false; retry: boolean; error: string };

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /**
   * The `Message-ID` header, `<...@host>`: the same for every attempt of one delivery, so a
   * mail client shows a message sent twice (after a crash mid-send) once.
   */
  messageId?: string;
}

/** The SMTP side behind a small interface (tests and the embedded default use real servers). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The facts every message carries, as label/value pairs. */
export function messageFacts(message: AlertMessage): [string, string][] {
  const facts: [string, string][] = [
    ['Company', message.companyName],
    ['Board', message.boardName],
  ];
  if (message.day) facts.push(['Day', `${message.day.weekday}, ${message.day.date}`]);
  if (message.item) facts.push(['Item', message.item]);
  if (message.booked !== null && message.target !== null)
    facts.push(
      message.measure === 'hours'
        ? // An hours board's numbers, as its day card writes them (issue 35).
          [
            'Technician hours',
            `${formatHours(message.booked)} of ${formatHours(message.target)} h booked (${message.percent ?? 0} %)`,
          ]
        : ['Booked / target', `${message.booked} / ${message.target} (${message.percent ?? 0} %)`],
    );
  facts.push([
    'Expected pace',
    message.expectedPercent === null ? 'not known yet' : `${message.expectedPercent} % by now`,
  ]);
  if (message.staleSince) facts.push(['Last good numbers', message.staleSince]);
  return facts;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(message: AlertMessage, stopUrl: string | null = null): Omit<Mail, 'to'> {
  const facts = messageFacts(message);
  return {
    subject: message.summary,
    text: [
      message.summary,
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      `Open the board: ${message.boardUrl}`,
      '',
      `Rule: ${message.ruleName}`,
      ...(stopUrl ? ['', `Stop these e-mails: ${stopUrl}`] : []),
    ].join('\n'),
    html:
      `<p><strong>${escapeHtml(message.summary)}</strong></p><table>` +
      facts
        .map(([l, v]) => `<tr><th align="left">${escapeHtml(l)}</th><td>${escapeHtml(v)}</td></tr>`)
        .join('') +
      `</table><p><a href="${escapeHtml(message.boardUrl)}">Open the board</a></p>` +
      `<p>Rule: ${escapeHtml(message.ruleName)}</p>` +
      (stopUrl ? `<p><a href="${escapeHtml(stopUrl)}">Stop these e-mails</a></p>` : ''),
  };
}

/**
 * Slack's control characters in text (its "Escaping text" rule): `<` and `>` make mentions
 * (`<!channel>`) and links (`<https://…|here>`), `&` starts an entity. Every name people type
 * (company, board, rule, item) goes through this before it reaches Slack.
 */
export const escapeSlack = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackPayload(message: AlertMessage) {
  const facts = messageFacts(message);
  const summary = escapeSlack(message.summary);
  return {
    text: summary,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${summary}*` } },
      {
        type: 'section',
        fields: facts.map(([l, v]) => ({
          type: 'mrkdwn',
          text: `*${escapeSlack(l)}*\n${escapeSlack(v)}`,
        })),
      },
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          // The board's address is the server's own (PUBLIC_URL), never typed by a customer.
          text: `<${message.boardUrl}|Open the board> · ${escapeSlack(message.ruleName)}`,
        },
      },
    ],
  };
}

/**
 * The Markdown of Teams' Adaptive Cards (TextBlock text, a fact's title and value): `**bold**`,
 * `_italic_`, `[a link](url)` (and `![image](url)`), lists at a line's start, and `<at>`
 * mentions. Every name people type (company, board, rule, item) and every other text of the
 * card goes through this, as Slack's does through `escapeSlack`, so no name can plant a link, a
 * mention or formatting: the characters those are made of are backslash-escaped (CommonMark's
 * escape, which Teams' renderers read as the character itself), and a leading list marker
 * ("- ", "1. ") likewise. Parentheses and the rest are left alone: without `[` and `]` they
 * make no link, and some mobile renderers have shown an escape's backslash.
 */
export const escapeTeams = (text: string) =>
  text
    .replace(/[\\`*_~[\]<>]/g, (c) => `\\${c}`)
    .replace(
      /^(\s*)([-+]|\d+[.)])(?=\s)/gm,
      (_, space: string, marker: string) => `${space}${marker.replace(/[-+.)]/, (c) => `\\${c}`)}`,
    );

/** Teams Workflows ("Send webhook alerts to a channel"): a message with one Adaptive Card. */
export function teamsPayload(message: AlertMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: escapeTeams(message.summary),
              weight: 'Bolder',
              wrap: true,
            },
            {
              type: 'FactSet',
              facts: messageFacts(message).map(([title, value]) => ({
                title: escapeTeams(title),
                value: escapeTeams(value),
              })),
            },
            {
              type: 'TextBlock',
              text: `Rule: ${escapeTeams(message.ruleName)}`,
              isSubtle: true,
              wrap: true,
            },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Open the board', url: message.boardUrl }],
        },
      },
    ],
  };
}

/** The generic webhook's JSON (Standard Webhooks: type, timestamp, data). */
export function webhookPayload(message: AlertMessage) {
  return { type: `alert.${message.event}`, timestamp: message.at, data: message };
}

/** Classifies an HTTP answer: 2xx delivered; 5xx, 408 and 429 retried; anything else failed. */
export function outcomeOfStatus(status: number, body: string): SendOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  const said = body.trim().slice(0, 200);
  const error = `HTTP ${status}: ${statusWords(status)}${said ? ` (it said: ${said})` : ''}`;
  return { ok: false, retry: status >= 500 || status === 408 || status === 429, error };
}

/** What a receiver's answer means, in plain words (issue 33 item 7). */
function statusWords(status: number): string {
  if (status >= 300 && status < 400)
    return 'the receiver sent it to another address, and redirects are not followed: use the final address';
  if (status === 401 || status === 403)
    return 'the receiver refused it: the address or its key may have been revoked';
  if (status === 404) return 'the receiver has no such address: check the URL';
  if (status === 410) return 'this address no longer exists at the receiver';
  if (status === 408 || status === 429) return 'the receiver is busy: it is tried again later';
  if (status === 413) return 'the receiver found the message too large';
  if (status >= 500) return 'the receiver failed on its side';
  return 'the receiver did not accept the message';
}

/** Every spelling a receiver might echo: as sent, percent-decoded, and form-decoded (`+`). */
function spellings(part: string): string[] {
  const forms = new Set([part]);
  for (const decode of [
    (t: string) => decodeURIComponent(t),
    (t: string) => decodeURIComponent(t.replace(/\+/g, ' ')),
    (t: string) => decodeURI(t),
  ]) {
    try {
      forms.add(decode(part));
    } catch {
      // A malformed escape: the part as sent is enough.
    }
  }
  return [...forms];
}

/**
 * The secret parts of a webhook URL: whatever follows the host (a Slack or Teams URL's path
 * and query are its credential). Whole, then piece by piece: the path, each path segment, the
 * query, each parameter and value; each in every spelling a receiver may echo it in.
 */
export function secretPartsOf(raw: string): string[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.length > 4 ? spellings(raw) : [];
  }
  const rest = raw.slice(raw.indexOf(url.host) + url.host.length);
  const parts = [raw, rest, `${url.pathname}${url.search}`, url.pathname, url.search];
  for (const segment of url.pathname.split('/')) parts.push(segment);
  const query = url.search.slice(1);
  for (const pair of query.split('&')) {
    parts.push(pair);
    const eq = pair.indexOf('=');
    if (eq >= 0) parts.push(pair.slice(eq + 1));
  }
  for (const [name, value] of url.searchParams) parts.push(`${name}=${value}`, value);
  if (url.hash) parts.push(url.hash, url.hash.slice(1));
  const all = new Set<string>();
  // Single characters and the bare "/" would blank out ordinary words of the answer.
  for (const part of parts)
    for (const form of spellings(part)) if (form.replace(/[/?&=#]/g, '').length >= 3) all.add(form);
  return [...all].sort((a, b) => b.length - a.length);
}

/**
 * A receiver may echo the address it was called at (a 404 page naming the route), encoded or
 * decoded: the delivery log, which every member reads, never shows more of a webhook URL than
 * its host and last characters. Every secret part is cut out of the reason, longest first.
 */
export function withoutSecrets(text: string, url: string): string {
  let out = text;
  for (const part of secretPartsOf(url)) out = out.split(part).join('…');
  return out;
}

function withoutAddress(outcome: SendOutcome, url: string): SendOutcome {
  if (outcome.ok) return outcome;
  return { ...outcome, error: withoutSecrets(outcome.error, url) };
}

/** Which delivery a message is: its row, its rule and the rule's company. */
export interface DeliveryContext {
  deliveryId: number;
  ruleId: number;
  companyId: number;
}

/**
 * The push channel's sender (services/push, issue 36): it finds the members' devices itself and
 * reaches each once per delivery, however often the delivery is retried.
 */
export interface PushAlertSender {
  sendAlert(
    context: DeliveryContext & {
      channel: Extract<AlertChannel, { type: 'push' }>;
      message: AlertMessage;
    },
  ): Promise<SendOutcome>;
}

/** What one attempt of one delivery needs besides the channel and the message. */
export interface DeliveryIdentity {
  /** Its stable id (`msg_alert_<id>`): a webhook's `webhook-id`, the same on every attempt. */
  id: string;
  /** Its e-mail `Message-ID`, the same on every attempt (decision 045). */
  messageId: string;
  /** The rule's `whsec_` secret (generic webhooks are signed with it). */
  secret: string;
  /** Which of the channel's recipients this message is for; '' for a URL channel. */
  to: string;
  /** A link that stops these messages for this recipient (e-mail), when there is one. */
  stopUrl: string | null;
  /** The delivery row, its rule and company (push remembers which devices each one reached). */
  row: DeliveryContext;
}

/** One destination of a channel's notification: one delivery each. */
export interface Destination {
  /** The recipient (an address, a number, a member's id); '' for a URL channel. */
  to: string;
  /** Where it goes, as the delivery log shows it. */
  target: string;
}

/**
 * A kind of channel (decision 046). A new one (push, text messages) is a driver: its Zod schema
 * joins `channelSchema` in src/shared/api/alerts.ts, and its driver joins the list
 * `createChannelSender` is given. The queue, retries, the log, consent and the API need nothing
 * else.
 */
export interface ChannelDriver {
  type: ChannelType;
  /**
   * The kind of recipient its destinations are, who must agree first (decision 30); null for a
   * channel that posts to a URL an admin typed (Slack, Teams, a webhook).
   */
  recipientKind: RecipientKind | null;
  /** The channel as answers show it (a URL's secret parts hidden). */
  view(channel: AlertChannel): AlertChannelView;
  /** Where one notification goes: one delivery per destination. */
  destinations(channel: AlertChannel, context: { companyId: number }): Promise<Destination[]>;
  /** Checks a typed channel when a rule is saved: what is wrong with it, or null. */
  check?(channel: AlertChannel): Promise<string | null>;
  /** One attempt to send one message to one destination. */
  send(
    channel: AlertChannel,
    message: AlertMessage,
    delivery: DeliveryIdentity,
  ): Promise<SendOutcome>;
}

/** The built-in channels (e-mail, Slack, Teams, generic webhook) and the ones given. */
export function createChannelSender(deps: {
  outgoing: OutgoingClient;
  mailer: Mailer | undefined;
  push?: PushAlertSender | undefined;
  timeoutMs?: number;
  /** More kinds of channel (text messages, push), each a driver. */
  drivers?: ChannelDriver[];
}) {
  async function post(url: string, body: string, headers: Record<string, string>) {
    try {
      const answer = await deps.outgoing.request({
        url,
        body,
        headers: { 'content-type': 'application/json', ...headers },
        timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      });
      return withoutAddress(outcomeOfStatus(answer.status, answer.body), url);
    } catch (error) {
      if (error instanceof OutgoingRequestError)
        return withoutAddress(
          {
            ok: false,
            retry: error.kind === 'timeout' || error.kind === 'network',
            error: error.message,
          },
          url,
        );
      throw error;
    }
  }

  const email: ChannelDriver = {
    type: 'email',
    recipientKind: 'email',
    view: (channel) => (channel.type === 'email' ? channel : { type: 'email', to: [] }),
    destinations: async (channel) =>
      channel.type === 'email'
        ? [...new Set(channel.to.map((to) => to.toLowerCase()))].map((to) => ({ to, target: to }))
        : [],
    async send(_channel, message, delivery) {
      if (!deps.mailer)
        return { ok: false, retry: false, error: 'SMTP_URL is not set: e-mail cannot be sent' };
      try {
        await deps.mailer.send({
          to: [delivery.to],
          ...renderMail(message, delivery.stopUrl),
          messageId: delivery.messageId,
        });
        return { ok: true };
      } catch (error) {
        return smtpOutcome(error);
      }
    },
  };

  const urlDriver = (
    type: 'slack' | 'teams' | 'webhook',
    send: (url: string, message: AlertMessage, delivery: DeliveryIdentity) => Promise<SendOutcome>,
  ): ChannelDriver => ({
    type,
    recipientKind: null,
    view: (channel) => ('url' in channel ? { type, urlHint: urlHint(channel.url) } : channel),
    destinations: async (channel) =>
      'url' in channel ? [{ to: '', target: urlHint(channel.url) }] : [],
    async check(channel) {
      if (!('url' in channel)) return null;
      try {
        await deps.outgoing.check(channel.url);
        return null;
      } catch (error) {
        if (error instanceof OutgoingRequestError) return error.message;
        throw error;
      }
    },
    send: (channel, message, delivery) =>
      'url' in channel
        ? send(channel.url, message, delivery)
        : Promise.resolve({ ok: false, retry: false, error: 'not a URL channel' }),
  });

  /**
   * Push (decision 052): one delivery per channel, to the devices members subscribed themselves
   * (their consent); services/push finds them and reaches each once per delivery.
   */
  const push: ChannelDriver = {
    type: 'push',
    recipientKind: null,
    view: (channel) => (channel.type === 'push' ? channel : { type: 'push' }),
    destinations: async (channel) =>
      channel.type === 'push' ? [{ to: '', target: channelTarget(channel) }] : [],
    send: (channel, message, delivery) =>
      channel.type !== 'push'
        ? Promise.resolve({ ok: false, retry: false, error: 'not a push channel' })
        : deps.push
          ? deps.push.sendAlert({ ...delivery.row, channel, message })
          : Promise.resolve({
              ok: false,
              retry: false,
              error: 'push notifications are not set up',
            }),
  };

  const builtIn: ChannelDriver[] = [
    email,
    push,
    urlDriver('slack', (url, message) => post(url, JSON.stringify(slackPayload(message)), {})),
    urlDriver('teams', (url, message) => post(url, JSON.stringify(teamsPayload(message)), {})),
    urlDriver('webhook', (url, message, delivery) => {
      const body = JSON.stringify(webhookPayload(message));
      // The signature's timestamp is the real time of sending: receivers check it against theirs.
      const sentAt = new Date();
      const signature = new Webhook(delivery.secret).sign(delivery.id, sentAt, body);
      return post(url, body, {
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      });
    }),
  ];
  const drivers = new Map<ChannelType, ChannelDriver>(
    [...builtIn, ...(deps.drivers ?? [])].map((d) => [d.type, d]),
  );

  function driver(type: ChannelType): ChannelDriver {
    const found = drivers.get(type);
    if (!found) throw new Error(`no driver for the ${type} channel`);
    return found;
  }

  /**
   * Sends one message to one destination of a channel. Every attempt of a delivery carries the
   * same identity (its id, Message-ID): delivery is at least once, and a receiver can drop a
   * repeat (decision 045).
   */
  function send(
    channel: AlertChannel,
    message: AlertMessage,
    delivery: DeliveryIdentity,
  ): Promise<SendOutcome> {
    return driver(channel.type).send(channel, message, delivery);
  }

  return { send, driver, drivers: [...drivers.values()] };
}

/** An SMTP failure: a 5xx answer is permanent, anything else is worth another try. */
export function smtpOutcome(error: unknown): SendOutcome {
  const smtp = error as { responseCode?: number; code?: string; response?: string };
  const permanent = typeof smtp.responseCode === 'number' && smtp.responseCode >= 500;
  const code = smtp.code ?? '';
  const words =
    code === 'EAUTH'
      ? 'the mail server refused its user name or password (SMTP_URL)'
      : code === 'ECONNECTION' || code === 'ESOCKET' || code === 'ETIMEDOUT'
        ? 'the mail server (SMTP_URL) could not be reached: check its address, and that it is running'
        : code === 'EENVELOPE'
          ? 'the mail server refused the address'
          : permanent
            ? 'the mail server refused the message'
            : 'the mail server did not take the message: it is tried again later';
  const said = smtp.response?.trim().slice(0, 200);
  return {
    ok: false,
    retry: !permanent && code !== 'EAUTH' && code !== 'EENVELOPE',
    error: `e-mail: ${words}${said ? ` (it said: ${said})` : code ? ` (${code})` : ''}`,
  };
}

export type ChannelSender = ReturnType<typeof createChannelSender>;
