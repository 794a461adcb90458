import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutgoingRequestError,
  createOutgoingClient,
  isPrivateAddress,
  parseOutgoingUrl,
} from './outgoing-guard.js';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
    // IPv6 forms that carry an IPv4 address (issue 33 item 5): refused whatever they carry.
    ['::127.0.0.1', true],
    ['::7f00:1', true],
    ['::a9fe:a9fe', true],
    ['::8.8.8.8', true],
    ['2002:7f00:1::', true],
    ['2002:a9fe:a9fe::1', true],
    ['2002:808:808::1', true],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', true],
    ['2001::1', true],
    ['64:ff9b:1::a00:1', true],
    ['2001:4860:4860::8888', false],
    ['not an address', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('parseOutgoingUrl', () => {
  it.each(['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'nonsense'])(
    'refuses %s',
    (raw) => {
      expect(() => parseOutgoingUrl(raw)).toThrow(OutgoingRequestError);
    },
  );
  it('refuses credentials in the URL', () => {
    expect(() => parseOutgoingUrl('https://user:pw@example.com/')).toThrow(/password/);
  });
  it('accepts http and https', () => {
    expect(parseOutgoingUrl('https://hooks.slack.com/services/x').hostname).toBe('hooks.slack.com');
    expect(parseOutgoingUrl('http://example.com:8080/a').port).toBe('8080');
  });
});

/** A resolver that answers every name with one address (a public name that points inside). */
const resolvingTo = (address: string) =>
  ((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
    callback(null, [
      { address, family: address.includes(':') ? 6 : 4 },
    ])) as unknown as typeof dns.lookup;

describe('the guarded client against real servers', () => {
  let server: http.Server;
  let base: string;
  const received: { method?: string; body: string; headers: http.IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method, body, headers: req.headers });
        if (req.url === '/redirect') {
          res.writeHead(302, { location: '/elsewhere' }).end();
        } else if (req.url === '/hang') {
          // Never answers: the client's deadline must end it.
        } else if (req.url === '/fail') {
          res.writeHead(503).end('try later');
        } else {
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a loopback address without connecting when private URLs are not allowed', async () => {
    const client = createOutgoingClient({ allowPrivate: false });
    const before = received.length;
    await expect(client.request({ url: `${base}/ok`, body: '{}' })).rejects.toMatchObject({
      kind: 'refused-address',
    });
    await expect(client.check(`${base}/ok`)).rejects.toMatchObject({ kind: 'refused-address' });
    expect(received.length).toBe(before);
  });

  it('refuses a name that resolves to a private address, at check and at connect', async () => {
    const port = (server.address() as AddressInfo).port;
    const client = createOutgoingClient({
      allowPrivate: false,
      lookup: resolvingTo('127.0.0.1'),
    });
    const before = received.length;
    await expect(client.check(`http://hooks.example.com:${port}/ok`)).rejects.toMatchObject({
      kind: 'refused-address',
    });
    await expect(
      client.request({ url: `http://hooks.example.com:${port}/ok`, body: '{}' }),
    ).rejects.toMatchObject({ kind: 'refused-address' });
    expect(received.length).toBe(before);
  });

  it('accepts a name resolving to a public address at check', async () => {
    const client = createOutgoingClient({
      allowPrivate: false,
      lookup: resolvingTo('93.184.216.34'),
    });
    await expect(client.check('https://hooks.example.com/x')).resolves.toBeUndefined();
  });

  it('posts and reads the answer when private URLs are allowed', async () => {
    const client = createOutgoingClient({ allowPrivate: true });
    const answer = await client.request({
      url: `${base}/ok`,
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer).toEqual({ status: 200, body: 'ok' });
    const last = received.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.body).toBe('{"a":1}');
    expect(last.headers['content-type']).toBe('application/json');
  });

  it('does not follow a redirect', async () => {
    const client = createOutgoingClient({ allowPrivate: true });
    const before = received.length;
    const answer = await client.request({ url: `${base}/redirect`, body: '{}' });
    expect(answer.status).toBe(302);
    expect(received.length).toBe(before + 1);
  });

  it('answers a 5xx as it came', async () => {
    const client = createOutgoingClient({ allowPrivate: true });
    expect(await client.request({ url: `${base}/fail`, body: '{}' })).toEqual({
      status: 503,
      body: 'try later',
    });
  });

  it('ends a request that gets no answer by its deadline', async () => {
    const client = createOutgoingClient({ allowPrivate: true });
    await expect(
      client.request({ url: `${base}/hang`, body: '{}', timeoutMs: 50 }),
    ).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('reports a closed port as a network failure', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = createOutgoingClient({ allowPrivate: true });
    await expect(
      client.request({ url: `http://127.0.0.1:${port}/`, body: '{}' }),
    ).rejects.toMatchObject({ kind: 'network' });
  });
});
