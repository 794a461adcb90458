import webpush from 'web-push';
import type { PushPayload } from '../../../shared/api/push.js';
import { formatHours } from '../../../shared/capacity/hours.js';
import type { AlertMessage } from '../alerts/alert-store.js';
import { OutgoingRequestError, type OutgoingClient } from '../alerts/outgoing-guard.js';
import type { OpenSubscription } from './push-store.js';
import type { VapidKeys } from './vapid-keys.js';

/**
 * One Web Push message to one device (issue 36, decision 052). The `web-push` library encrypts
 * the payload (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the request goes out
 * through the one guarded client (decision 023), since an endpoint is whatever a browser, or
 * someone posing as one, sent us: no private addresses, no redirects, a deadline.
 */

/** What the push service's answer means for this device. */
export type DeviceOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the subscription is gone (unsubscribed, expired): delete it. */
  | { kind: 'gone'; error: string }
  /** 429, 5xx, 408, a timeout or a network failure: try again later. */
  | { kind: 'retry'; error: string }
  /** Anything else (400, 401, 403, 413): this message will not reach this device. */
  | { kind: 'failed'; error: string };

/** Seconds a push service keeps a message for a device that is off: an alert is news for hours. */
export const PUSH_TTL_SECONDS = 6 * 60 * 60;
export const PUSH_TIMEOUT_MS = 10_000;

/** The notification's words and the board it opens, from an alert's message. */
export function pushPayload(message: AlertMessage, ruleId: number): PushPayload {
  const facts: string[] = [];
  if (message.booked !== null && message.target !== null)
    facts.push(
      message.measure === 'hours'
        ? `${formatHours(message.booked)} of ${formatHours(message.target)} h booked`
        : `${message.booked} of ${message.target} booked`,
    );
  if (message.expectedPercent !== null && message.event !== 'resolved')
    facts.push(`${message.expectedPercent} % expected by now`);
  facts.push(`${message.companyName}, ${message.boardName}`);
  // A phone shows a line of title: the board's name is in the body already.
  const onBoard = ` on ${message.boardName}`;
  return {
    title: message.summary.endsWith(onBoard)
      ? message.summary.slice(0, -onBoard.length)
      : message.summary,
    body: facts.join(' · '),
    url: message.boardUrl,
    // A rule's newer message replaces its older one on the device; a repeat of one shows once.
    tag: `rule-${ruleId}`,
    at: message.at,
  };
}

/**
 * What a push service said, without the device's endpoint: a service may echo it (FCM's "a valid
 * push subscription endpoint should be specified..."), and the delivery log is every member's.
 */
function withoutEndpoint(body: string, endpoint: string): string {
  let said = body.trim();
  try {
    const { pathname } = new URL(endpoint);
    const parts = [endpoint, pathname, ...pathname.split('/').filter((p) => p.length >= 8)];
    for (const part of parts.sort((a, b) => b.length - a.length))
      if (part.length > 1) said = said.split(part).join('…');
  } catch {
    // Not a URL: nothing of it to find.
  }
  return said.slice(0, 160);
}

/** The push service's status in plain words, for the owner's device list and the log. */
function words(status: number, said: string): string {
  const why =
    status === 404 || status === 410
      ? 'the device has turned notifications off or its subscription expired'
      : status === 429
        ? 'the push service asks us to slow down'
        : status === 413
          ? 'the message was too large for the push service'
          : status === 401 || status === 403
            ? 'the push service refused our signature (the device subscribed with another key: turn notifications on again on it)'
            : status >= 500
              ? 'the push service is having trouble'
              : 'the push service refused the message';
  return `${why} (HTTP ${status}${said ? `: ${said}` : ''})`;
}

/** What an answer means for the device at `endpoint`. */
export function outcomeOf(status: number, body: string, endpoint: string): DeviceOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  const error = words(status, withoutEndpoint(body, endpoint));
  if (status === 404 || status === 410) return { kind: 'gone', error };
  if (status === 429 || status === 408 || status >= 500) return { kind: 'retry', error };
  return { kind: 'failed', error };
}

export function createPushSender(deps: {
  outgoing: OutgoingClient;
  vapid: () => Promise<VapidKeys>;
  subject: string;
  timeoutMs?: number;
}) {
  /** Sends one payload to one device; `topic` lets the push service keep only the latest. */
  async function send(
    device: OpenSubscription,
    payload: PushPayload,
    options: { urgency: 'normal' | 'high'; topic: string },
  ): Promise<DeviceOutcome> {
    const keys = await deps.vapid();
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: device.keys },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: deps.subject, ...keys },
          TTL: PUSH_TTL_SECONDS,
          urgency: options.urgency,
          topic: options.topic,
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // Keys the library cannot encrypt to (checked when the device subscribed; kept safe here).
      return {
        kind: 'failed',
        error: `the device's keys are unusable: ${(error as Error).message}`,
      };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers))
      headers[name.toLowerCase()] = String(value);
    try {
      const answer = await deps.outgoing.request({
        url: details.endpoint,
        method: 'POST',
        headers,
        body: details.body ?? Buffer.alloc(0),
        timeoutMs: deps.timeoutMs ?? PUSH_TIMEOUT_MS,
      });
      return outcomeOf(answer.status, answer.body, device.endpoint);
    } catch (error) {
      if (!(error instanceof OutgoingRequestError)) throw error;
      const retry = error.kind === 'timeout' || error.kind === 'network';
      return retry
        ? { kind: 'retry', error: `push service: ${error.message}` }
        : { kind: 'failed', error: `push service: ${error.message}` };
    }
  }

  return { send };
}

export type PushSender = ReturnType<typeof createPushSender>;
