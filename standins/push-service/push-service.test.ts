import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushServiceStandin } from './index.js';
import { createPushUserAgent } from './user-agent.js';

/**
 * The push service stand-in refuses what a real push service refuses (so a server that passes
 * against it speaks the protocol), and the user agent's decryption reads what `web-push` sends.
 */

let service: PushServiceStandin;
const server = webpush.generateVAPIDKeys();
const vapidDetails = { subject: 'mailto:ops@board.test', ...server };

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

async function post(endpoint: string, headers: Record<string, string | number>, body: Buffer) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
    body: new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('the push service stand-in', () => {
  it('accepts a VAPID-signed aes128gcm message, which only the subscriber can read', async () => {
    const agent = createPushUserAgent();
    const { id, endpoint } = service.subscribe(server.publicKey);
    const details = webpush.generateRequestDetails({ endpoint, keys: agent.keys }, 'hello', {
      vapidDetails,
      TTL: 60,
    });
    expect((await post(endpoint, details.headers, details.body!)).status).toBe(201);
    const [message] = service.messages(id);
    expect(agent.decrypt(message!.body)).toBe('hello');
    expect(message!.claims.aud).toBe(service.url);
  });

  it('refuses another VAPID key, a forged signature, no TTL, and answers 410 once unsubscribed', async () => {
    const agent = createPushUserAgent();
    const { id, endpoint } = service.subscribe(server.publicKey);
    const other = webpush.generateVAPIDKeys();
    const signedByOther = webpush.generateRequestDetails({ endpoint, keys: agent.keys }, 'x', {
      vapidDetails: { ...vapidDetails, ...other },
    });
    const refused = await post(endpoint, signedByOther.headers, signedByOther.body!);
    expect(refused).toEqual({
      status: 403,
      text: 'k is not the key this subscription was made with',
    });

    const good = webpush.generateRequestDetails({ endpoint, keys: agent.keys }, 'x', {
      vapidDetails,
    });
    const auth = String(good.headers.Authorization);
    const forged = auth.replace(/t=([^.]+)\.([^.]+)\./, (_, h: string) => {
      const claims = Buffer.from(
        JSON.stringify({ aud: service.url, exp: 9e9, sub: 'mailto:x@y.z' }),
      );
      return `t=${h}.${claims.toString('base64url')}.`;
    });
    expect(
      (await post(endpoint, { ...good.headers, Authorization: forged }, good.body!)).status,
    ).toBe(403);

    const { TTL: _ttl, ...noTtl } = good.headers as Record<string, string>;
    expect((await post(endpoint, noTtl, good.body!)).status).toBe(400);

    service.unsubscribe(id);
    expect((await post(endpoint, good.headers, good.body!)).status).toBe(410);
    expect(service.messages(id)).toEqual([]);
  });
});
