import type { FastifyBaseLogger } from 'fastify';
import { formatPhone, gsm7Safe, smsText, twilioErrorWords } from '../../../shared/alerts/sms.js';
import type { AlertMessage } from '../alerts/alert-store.js';
import type { ChannelDriver, SendOutcome } from '../alerts/channels.js';
import type { ConfirmationMessage, RecipientKindDriver } from '../alerts/recipients.js';
import type { SmsGateway, SmsSendResult } from './twilio-gateway.js';

/**
 * Text messages as an alert channel (issue 36, decision 053): a `ChannelDriver` for
 * `{ type: 'sms', to: [...] }` (one delivery per number, `sent` until Twilio's status callback
 * says delivered or undelivered) and a `RecipientKindDriver` for numbers (a 6-digit code texted
 * once; members have no number of their own in the product, so every number confirms by its
 * code). A number Twilio answers 21610 for replied STOP: it is marked opted out at once.
 */

/** Where Twilio's status callbacks come: PUBLIC_URL and this path (signed over both). */
export const TWILIO_STATUS_PATH = '/api/providers/twilio/status';
/** Where Twilio's incoming messages come (STOP, START), as the number's webhook is set. */
export const TWILIO_INBOUND_PATH = '/api/providers/twilio/inbound';

const NOT_SET_UP =
  'text messages are not set up: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM';

/** The text of an alert (one GSM-7 segment in the common case). */
export function alertText(message: AlertMessage): string {
  return smsText(
    {
      event: message.event,
      kind: message.kind,
      boardName: message.boardName,
      weekday: message.day?.weekday ?? null,
      item: message.item,
      percent: message.percent,
      expectedPercent: message.expectedPercent,
      clock: message.clock ?? null,
      goalPercent: message.goalPercent ?? null,
      staleSince: message.staleSince?.replace(/ \(.*\)$/, '') ?? null,
      summary: message.summary,
      measure: message.measure,
    },
    message.shortUrl ?? message.boardUrl,
  );
}

/** The one confirmation text: the code, who asks, and how to refuse. */
export function confirmationText(message: Pick<ConfirmationMessage, 'companyName' | 'code'>) {
  let company = gsm7Safe(message.companyName) || 'A company';
  if (company.length > 40) company = `${company.slice(0, 39).trimEnd()}.`;
  return `Call board code: ${message.code}. ${company} wants to text you its board alerts; give them this code to agree. Reply STOP to refuse.`;
}

/** What Twilio's answer to a send means for the delivery. */
export function outcomeOf(result: SmsSendResult): SendOutcome {
  if (result.ok) return { ok: true, externalId: result.sid };
  const reached = result.code !== null;
  const retry =
    !reached ||
    result.code === 20429 ||
    (result.httpStatus !== null && (result.httpStatus >= 500 || result.httpStatus === 429));
  const words = reached
    ? twilioErrorWords(result.code, result.message)
    : `Twilio could not be reached: ${result.message}`;
  return { ok: false, retry, error: `text message: ${words}` };
}

export function createSmsRecipients(deps: {
  gateway: SmsGateway | undefined;
  /** A number Twilio says replied STOP (21610) to its confirmation. */
  optedOut(number: string): Promise<unknown>;
}): RecipientKindDriver {
  return {
    kind: 'sms',
    label: formatPhone,
    // Members have no phone number in the product: a member's number confirms by its code too.
    membersOwning: async () => new Set<string>(),
    async sendConfirmation(to, message) {
      if (!deps.gateway) return { ok: false, retry: false, error: NOT_SET_UP };
      // No status callback: a confirmation is not a delivery of the log.
      const result = await deps.gateway.send({
        to,
        body: confirmationText(message),
        statusCallback: null,
      });
      if (!result.ok && result.code === 21610) await deps.optedOut(to);
      return outcomeOf(result);
    },
  };
}

export function createSmsChannel(deps: {
  gateway: SmsGateway | undefined;
  publicUrl: string;
  /** A number Twilio says replied STOP (21610): every company's row of it is opted out. */
  optedOut(number: string): Promise<unknown>;
  logger?: FastifyBaseLogger;
}): ChannelDriver {
  return {
    type: 'sms',
    recipientKind: 'sms',
    view: (channel) => (channel.type === 'sms' ? channel : { type: 'sms', to: [] }),
    destinations: async (channel) =>
      channel.type === 'sms'
        ? [...new Set(channel.to)].map((to) => ({ to, target: formatPhone(to) }))
        : [],
    async send(channel, message, delivery) {
      if (channel.type !== 'sms') return { ok: false, retry: false, error: 'not an sms channel' };
      if (!deps.gateway) return { ok: false, retry: false, error: NOT_SET_UP };
      const result = await deps.gateway.send({
        to: delivery.to,
        body: alertText(message),
        statusCallback: `${deps.publicUrl}${TWILIO_STATUS_PATH}`,
      });
      if (!result.ok && result.code === 21610) {
        await deps.optedOut(delivery.to);
        deps.logger?.info({ deliveryId: delivery.row.deliveryId }, 'a number replied STOP (21610)');
      }
      return outcomeOf(result);
    },
  };
}
