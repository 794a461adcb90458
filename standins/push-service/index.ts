import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service stand-in (issue 36): what FCM, Mozilla's autopush and Apple's push service
 * do with a message for a subscription, on a loopback port. It speaks the protocol the server
 * must speak, and refuses what a real one refuses:
 * - RFC 8030: `POST <endpoint>` with a `TTL` header (400 without), an optional `Urgency` and
 *   `Topic`, an encrypted body of at most 4,096 bytes (413 above), answered `201 Created` with a
 *   `Location`;
 * - RFC 8291: `Content-Encoding: aes128gcm` (415 otherwise); it cannot read the body either;
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`, an ES256 JWT whose `aud`
 *   is this service's origin, `exp` within 24 hours and `sub` a mailto: or https: URI, signed by
 *   `k`, and `k` the key the subscription was made with (403 otherwise, as FCM answers).
 * Knobs answer a subscription's next messages with 404, 410, 429 (with Retry-After), 413 or 5xx,
 * and `unsubscribe` makes it gone for good (410), as when a person revokes permission.
 */

export interface PushedMessage {
  endpointId: string;
  /** The encrypted body as received (the user agent's keys decrypt it). */
  body: Buffer;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  receivedAt: Date;
}

export interface PushServiceStandin {
  /** http://127.0.0.1:<port> */
  url: string;
  /**
   * A new subscription's endpoint, as `pushManager.subscribe` would hand it to a browser;
   * `applicationServerKey` (the server's VAPID public key) binds it as browsers do.
   */
  subscribe(applicationServerKey?: string): { id: string; endpoint: string };
  /** The subscription is gone (permission revoked): every later message answers 410. */
  unsubscribe(id: string): void;
  /** The next messages to this subscription (or to any, `'*'`) answer these statuses in turn. */
  answerNext(id: string | '*', ...statuses: number[]): void;
  /** Messages accepted (201), oldest first. */
  messages(endpointId?: string): PushedMessage[];
  /** Every request received, accepted or not, with the status it got. */
  requests(): { endpointId: string; status: number; reason: string | null }[];
  clear(): void;
  close(): Promise<void>;
}

export const MAX_PAYLOAD_BYTES = 4096;
const DAY_SECONDS = 24 * 60 * 60;

/** The P-256 public key (65 bytes, uncompressed, URL-safe Base64) as a Node key object. */
function publicKeyOf(base64Url: string): crypto.KeyObject {
  const point = Buffer.from(base64Url, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 key');
  return crypto.createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
}

/** Checks a VAPID Authorization header; the claims, or why it is refused. */
export function verifyVapid(
  header: string | undefined,
  audience: string,
  nowSeconds: number,
): { ok: true; key: string; claims: PushedMessage['claims'] } | { ok: false; reason: string } {
  const match = /^vapid\s+t=([^,\s]+)\s*,\s*k=([A-Za-z0-9_-]+)\s*$/i.exec(header ?? '');
  if (!match) return { ok: false, reason: 'Authorization must be "vapid t=<JWT>, k=<key>"' };
  const [, token, key] = match as unknown as [string, string, string];
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'the JWT must have three parts' };
  const [head, body, signature] = parts as [string, string, string];
  let header0: { alg?: string; typ?: string };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header0 = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'the JWT is not JSON' };
  }
  if (header0.alg !== 'ES256') return { ok: false, reason: 'the JWT must be signed with ES256' };
  let verified = false;
  try {
    verified = crypto.verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKeyOf(key), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    verified = false;
  }
  if (!verified) return { ok: false, reason: 'the JWT signature does not match k' };
  if (claims.aud !== audience) return { ok: false, reason: `aud must be ${audience}` };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds)
    return { ok: false, reason: 'exp has passed' };
  if (claims.exp > nowSeconds + DAY_SECONDS)
    return { ok: false, reason: 'exp is more than 24 hours away' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    return { ok: false, reason: 'sub must be a mailto: or https: URI' };
  return { ok: true, key, claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub } };
}

export async function startPushService(
  options: { host?: string; port?: number } = {},
): Promise<PushServiceStandin> {
  const host = options.host ?? '127.0.0.1';
  const subscriptions = new Map<string, { key: string | null; gone: boolean }>();
  const queued = new Map<string, number[]>();
  const accepted: PushedMessage[] = [];
  const log: { endpointId: string; status: number; reason: string | null }[] = [];
  let origin = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAYLOAD_BYTES + 1) chunks.push(chunk);
    });
    request.on('end', () => {
      const answer = (
        status: number,
        reason: string | null,
        headers: http.OutgoingHttpHeaders = {},
      ) => {
        log.push({ endpointId, status, reason });
        response.writeHead(status, { 'content-type': 'text/plain', ...headers });
        response.end(reason ?? '');
      };
      const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '');
      const endpointId = match?.[1] ?? '';
      if (request.method !== 'POST' || !match) return answer(404, 'no such endpoint');
      const subscription = subscriptions.get(endpointId);
      if (!subscription) return answer(404, 'no such subscription');
      if (subscription.gone) return answer(410, 'push subscription has unsubscribed or expired');
      const next = queued.get(endpointId)?.shift() ?? queued.get('*')?.shift();
      if (next !== undefined) {
        if (next === 429) return answer(429, 'too many requests', { 'retry-after': '60' });
        return answer(next, `answered ${next} on request`);
      }
      const ttl = Number(request.headers.ttl);
      if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
        return answer(400, 'TTL header required (RFC 8030)');
      const vapid = verifyVapid(
        request.headers.authorization,
        origin,
        Math.floor(Date.now() / 1000),
      );
      if (!vapid.ok) return answer(403, vapid.reason);
      if (subscription.key !== null && subscription.key !== vapid.key)
        return answer(403, 'k is not the key this subscription was made with');
      const body = Buffer.concat(chunks);
      if (size > MAX_PAYLOAD_BYTES) return answer(413, 'payload too large');
      if (size > 0 && request.headers['content-encoding'] !== 'aes128gcm')
        return answer(415, 'Content-Encoding must be aes128gcm');
      const urgency = request.headers.urgency;
      const topic = request.headers.topic;
      accepted.push({
        endpointId,
        body,
        ttl,
        urgency: typeof urgency === 'string' ? urgency : null,
        topic: typeof topic === 'string' ? topic : null,
        claims: vapid.claims,
        receivedAt: new Date(),
      });
      answer(201, null, { location: `${origin}/message/${crypto.randomUUID()}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    subscribe(applicationServerKey) {
      const id = crypto.randomBytes(12).toString('base64url');
      subscriptions.set(id, { key: applicationServerKey ?? null, gone: false });
      return { id, endpoint: `${origin}/push/${id}` };
    },
    unsubscribe(id) {
      const subscription = subscriptions.get(id);
      if (subscription) subscription.gone = true;
    },
    answerNext(id, ...statuses) {
      queued.set(id, [...(queued.get(id) ?? []), ...statuses]);
    },
    messages: (endpointId) =>
      endpointId ? accepted.filter((m) => m.endpointId === endpointId) : [...accepted],
    requests: () => [...log],
    clear() {
      accepted.length = 0;
      log.length = 0;
      queued.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
