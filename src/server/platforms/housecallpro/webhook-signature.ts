import crypto from 'node:crypto';

/** Events older (or further ahead) than this are refused: a captured one cannot be sent later. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export type WebhookVerdict =
  { ok: true } | { ok: false; reason: 'no_secret' | 'missing_headers' | 'stale' | 'bad_signature' };

/**
 * Housecall Pro's webhook signature (decision 041): `Api-Timestamp` (Unix seconds) and
 * `Api-Signature`, the hex HMAC-SHA256 keyed with the company's signing secret over
 * `<timestamp>.<raw body>` (a `sha256=` prefix is allowed). Checked over the exact bytes that
 * arrived, in constant time, and only within WEBHOOK_TOLERANCE_MS of now.
 */
export function verifyHousecallProWebhook(input: {
  secret: string | null;
  timestamp: string | undefined;
  signature: string | undefined;
  raw: Buffer;
  now: Date;
}): WebhookVerdict {
  if (!input.secret) return { ok: false, reason: 'no_secret' };
  const timestamp = input.timestamp?.trim();
  const given = input.signature?.trim().replace(/^sha256=/i, '');
  if (!timestamp || !given || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: 'missing_headers' };
  }
  if (Math.abs(input.now.getTime() - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS) {
    return { ok: false, reason: 'stale' };
  }
  const expected = crypto
    .createHmac('sha256', input.secret)
    .update(`${timestamp}.`)
    .update(input.raw)
    .digest();
  const received = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : null;
  if (!received || !crypto.timingSafeEqual(received, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  return { ok: true };
}

/** The events that can change what the board counts: a job and its appointments. */
export function isBookingEvent(event: unknown): boolean {
  return (
    typeof event === 'string' &&
    /^job\.(created|updated|scheduled|canceled|deleted|completed|started|on_my_way|appointment\.)/.test(
      event,
    )
  );
}
