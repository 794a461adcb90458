import nodemailer from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import type { AlertChannel } from '../../../shared/api/alerts.js';
import type { AlertMessage } from './alert-store.js';
import { OutgoingRequestError, type OutgoingClient } from './outgoing-guard.js';

/**
 * The four channels (issue 23): e-mail through nodemailer (SMTP_URL), Slack incoming webhooks,
 * Microsoft Teams Workflows webhooks (an Adaptive Card in a message envelope; the retired
 * Office 365 connector format is not sent) and a generic webhook signed as the Standard Webhooks
 * specification says (the `standardwebhooks` package). Webhooks go through the guarded client.
 */

/** What one attempt came to: delivered, worth another try later, or failed for good. */
export type SendOutcome = { ok: true } | { ok: false; retry: boolean; error: string };

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
    facts.push([
      'Booked / target',
      `${message.booked} / ${message.target} (${message.percent ?? 0} %)`,
    ]);
  facts.push([
    'Expected pace',
    message.expectedPercent === null ? 'not known yet' : `${message.expectedPercent} % by now`,
  ]);
  if (message.staleSince) facts.push(['Last good numbers', message.staleSince]);
  return facts;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(message: AlertMessage): Omit<Mail, 'to'> {
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
    ].join('\n'),
    html:
      `<p><strong>${escapeHtml(message.summary)}</strong></p><table>` +
      facts
        .map(([l, v]) => `<tr><th align="left">${escapeHtml(l)}</th><td>${escapeHtml(v)}</td></tr>`)
        .join('') +
      `</table><p><a href="${escapeHtml(message.boardUrl)}">Open the board</a></p>` +
      `<p>Rule: ${escapeHtml(message.ruleName)}</p>`,
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
            { type: 'TextBlock', text: message.summary, weight: 'Bolder', wrap: true },
            {
              type: 'FactSet',
              facts: messageFacts(message).map(([title, value]) => ({ title, value })),
            },
            { type: 'TextBlock', text: `Rule: ${message.ruleName}`, isSubtle: true, wrap: true },
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
  const error = `HTTP ${status}${said ? `: ${said}` : ''}`;
  if (status >= 300 && status < 400)
    return { ok: false, retry: false, error: `${error} (redirects are not followed)` };
  return { ok: false, retry: status >= 500 || status === 408 || status === 429, error };
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

export function createChannelSender(deps: {
  outgoing: OutgoingClient;
  mailer: Mailer | undefined;
  push?: PushAlertSender | undefined;
  timeoutMs?: number;
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

  /**
   * Sends one message to one channel. `delivery.id` is the message's stable id and
   * `delivery.messageId` its e-mail `Message-ID` (every attempt sends the same ones, so a
   * receiver can drop a repeat: delivery is at least once); `delivery.secret` signs webhooks;
   * `delivery.row` names the delivery row, its rule and company (push remembers which devices
   * each delivery reached).
   */
  async function send(
    channel: AlertChannel,
    message: AlertMessage,
    delivery: { id: string; messageId: string; secret: string; row: DeliveryContext },
  ): Promise<SendOutcome> {
    const { id: deliveryId, secret } = delivery;
    if (channel.type === 'push') {
      if (!deps.push)
        return { ok: false, retry: false, error: 'push notifications are not set up' };
      return deps.push.sendAlert({ ...delivery.row, channel, message });
    }
    if (channel.type === 'email') {
      if (!deps.mailer)
        return { ok: false, retry: false, error: 'SMTP_URL is not set: e-mail cannot be sent' };
      try {
        await deps.mailer.send({
          to: channel.to,
          ...renderMail(message),
          messageId: delivery.messageId,
        });
        return { ok: true };
      } catch (error) {
        const smtp = error as { responseCode?: number; message?: string };
        const permanent = typeof smtp.responseCode === 'number' && smtp.responseCode >= 500;
        return {
          ok: false,
          retry: !permanent,
          error: `e-mail: ${smtp.message ?? 'the SMTP server refused the message'}`,
        };
      }
    }
    if (channel.type === 'slack')
      return post(channel.url, JSON.stringify(slackPayload(message)), {});
    if (channel.type === 'teams')
      return post(channel.url, JSON.stringify(teamsPayload(message)), {});
    const body = JSON.stringify(webhookPayload(message));
    // The signature's timestamp is the real time of sending: receivers check it against theirs.
    const sentAt = new Date();
    const signature = new Webhook(secret).sign(deliveryId, sentAt, body);
    return post(channel.url, body, {
      'webhook-id': deliveryId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    });
  }

  return { send };
}

export type ChannelSender = ReturnType<typeof createChannelSender>;
