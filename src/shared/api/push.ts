import { z } from 'zod';
import { companyIdQuery, pathParams, serialIdParam } from './path-params.js';

/**
 * Push notifications on a person's own devices (issue 36, decision 052). A browser subscribes
 * through the Push API with the server's VAPID public key and gives the server its
 * `PushSubscription.toJSON()`; an alert rule's push channel then reaches the devices of the
 * members it names. A device is its owner's: they see and remove their own.
 */

/** Devices one person may have with notifications on; the oldest must go before another comes. */
export const MAX_DEVICES_PER_PERSON = 20;
export const MAX_ENDPOINT_LENGTH = 2048;

/**
 * An unpadded URL-safe Base64 string of exactly `bytes` bytes (what `PushSubscription.toJSON()`
 * gives; a padded one is accepted and its padding dropped).
 */
const base64UrlOf = (bytes: number, what: string) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string(`must be ${what} as URL-safe Base64`)
    .trim()
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => /^[A-Za-z0-9_-]*$/.test(value), `must be ${what} as URL-safe Base64`)
    .refine(
      (value) => value.length === length,
      `must be ${what} (${bytes} bytes) as URL-safe Base64`,
    );
};

/** `POST /api/push-subscriptions`: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionBodySchema = z
  .object({
    endpoint: z
      .string('must be the push service URL the browser gave')
      .trim()
      .max(MAX_ENDPOINT_LENGTH, `must be at most ${MAX_ENDPOINT_LENGTH} characters`)
      .refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'https:' || url.protocol === 'http:';
        } catch {
          return false;
        }
      }, 'must be the push service URL the browser gave (https)'),
    /** When the browser says the subscription ends (ms since 1970), or null. */
    expirationTime: z
      .number('must be a time in milliseconds or null')
      .int('must be a whole number of milliseconds')
      .nonnegative('must not be negative')
      .nullable()
      .optional(),
    keys: z
      .object({
        /** The device's P-256 public key (65 bytes, uncompressed). */
        p256dh: base64UrlOf(65, 'a P-256 public key'),
        /** The device's authentication secret (16 bytes). */
        auth: base64UrlOf(16, 'an authentication secret'),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** One device with notifications on, as its owner (or their company's admin) sees it. */
export const pushDeviceSchema = z.object({
  id: z.number().int(),
  /** Browser and system, read from the browser when it subscribed: "Safari on iPhone". */
  label: z.string(),
  /** The push service that carries its messages (its host: "fcm.googleapis.com"). */
  pushService: z.string(),
  /**
   * SHA-256 (hex) of its endpoint: the browser compares it with its own subscription's to tell
   * "this device" from the others, without the endpoint (a capability) ever being shown.
   */
  endpointSha256: z.string(),
  createdAt: z.string(),
  /** The last notification the push service accepted for it. */
  lastSentAt: z.string().nullable(),
  /** Why the last notification did not reach it, when it did not (in plain words). */
  lastError: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema) });
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;

export const pushPublicKeySchema = z.object({
  /** The VAPID public key, URL-safe Base64: the browser's `applicationServerKey`. */
  publicKey: z.string(),
});

export const pushDeviceParamsSchema = pathParams({ id: serialIdParam });

/** `POST /api/push-subscriptions/:id/test`: what the push service answered. */
export const pushTestResultSchema = z.object({
  ok: z.boolean(),
  /** Why it did not go, in plain words (null when it went). */
  error: z.string().nullable(),
  /** The device was gone (the push service answered 404 or 410) and is removed. */
  removed: z.boolean(),
});
export type PushTestResult = z.infer<typeof pushTestResultSchema>;

/** `GET /api/push/members[?companyId=]`: who a rule's push channel can name. */
export const pushMembersQuerySchema = z.object({ companyId: companyIdQuery }).strict();
export const pushMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Counted in "every admin who subscribed" (holds `alerts.manage` in the company). */
  admin: z.boolean(),
  /** Devices with notifications on. */
  devices: z.number().int(),
});
export type PushMember = z.infer<typeof pushMemberSchema>;
export const pushMemberListSchema = z.object({ members: z.array(pushMemberSchema) });

/**
 * What a push message carries to the service worker (JSON, encrypted on its way): the
 * notification's words, the board it opens, and a tag so a rule's newer message replaces its
 * older one on the device (and a message sent twice shows once).
 */
export interface PushPayload {
  title: string;
  body: string;
  /** The board's address (same origin): a click opens or focuses it. */
  url: string;
  tag: string;
  /** ISO-8601: when it happened. */
  at: string;
}
