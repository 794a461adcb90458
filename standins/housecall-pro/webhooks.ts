import crypto from 'node:crypto';

/**
 * Housecall Pro's webhook signature as this stand-in sends it (decision 041): `Api-Timestamp` is
 * the Unix time in seconds, and `Api-Signature` the hex HMAC-SHA256, keyed with the signing
 * secret the account's Webhooks card shows, of `<timestamp>.<raw body>`.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
