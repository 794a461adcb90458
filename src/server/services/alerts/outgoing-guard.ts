import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * The one HTTP client for addresses people type (alert webhooks: Slack, Teams, generic; issue
 * 23). Only http(s); every address the host name resolves to is checked, and loopback, private,
 * link-local, carrier-grade NAT, multicast and reserved ranges are refused unless
 * `allowPrivate` (ALERTS_ALLOW_PRIVATE_URLS, on by default only on the embedded default, whose
 * stand-ins listen on loopback). The check runs inside the connection's own DNS lookup, so the
 * address connected to is the address checked (no second lookup a rebinding DNS could change).
 * Redirects are never followed (a 3xx is an answer like any other), and every request has a
 * deadline for the whole exchange.
 */

/** Why an outgoing request did not get an answer. */
export type OutgoingFailureKind = 'invalid-url' | 'refused-address' | 'timeout' | 'network';

export class OutgoingRequestError extends Error {
  constructor(
    readonly kind: OutgoingFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'OutgoingRequestError';
  }
}

export interface OutgoingRequest {
  url: string;
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  /** Text (webhooks) or bytes (an encrypted push message). */
  body?: string | Buffer;
  /** Deadline for the whole exchange (connect, send, answer). */
  timeoutMs?: number;
}

export interface OutgoingResponse {
  status: number;
  /** The answer's first 4 KB as text (for a failure's reason). */
  body: string;
}

export interface OutgoingClient {
  request(request: OutgoingRequest): Promise<OutgoingResponse>;
  /** Refuses (OutgoingRequestError) a URL this client would not call: scheme, or its addresses. */
  check(url: string): Promise<void>;
}

export const DEFAULT_OUTGOING_TIMEOUT_MS = 10_000;

/**
 * A failed connection in plain words (issue 33 item 7), as the connection check says its
 * problems: what happened and what to check, with Node's code last for whoever debugs it.
 */
export function networkWords(error: Error, host: string): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const said = (words: string) => (code ? `${words} (${code})` : words);
  if (code === 'ECONNREFUSED')
    return said(
      `nothing at ${host} took the connection: check the address, and that the receiver is running`,
    );
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return said(`${host} could not be found: check the address`);
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return said(`${host} closed the connection before answering`);
  if (['ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH', 'EHOSTDOWN'].includes(code))
    return said(`${host} could not be reached from here`);
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return said(`${host}'s HTTPS certificate is not valid`);
  return said(`the connection to ${host} failed`);
}
const MAX_BODY_BYTES = 4 * 1024;

const blockedRanges = (() => {
  const list = new net.BlockList();
  for (const [address, prefix] of [
    ['0.0.0.0', 8], // "this network"
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local (cloud metadata services live here)
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ] as const)
    list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of [
    // Forms that carry an IPv4 address inside, so any of them can reach a private one: refused
    // whole, like NAT64 (IPv4-mapped ::ffff:0:0/96 is checked as the IPv4 address it names).
    ['::', 96], // IPv4-compatible (::a.b.c.d, deprecated), also :: and ::1
    ['64:ff9b::', 96], // NAT64: carries an IPv4 address of any kind
    ['64:ff9b:1::', 48], // local-use NAT64
    ['2001::', 32], // Teredo: the client's IPv4 address, obfuscated, in the last 32 bits
    ['2002::', 16], // 6to4: an IPv4 address in bits 16-47
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['ff00::', 8], // multicast
  ] as const)
    list.addSubnet(address, prefix, 'ipv6');
  return list;
})();

/** True for an address a typed URL may not reach (IPv4-mapped IPv6 is checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blockedRanges.check(mapped[1]!, 'ipv4');
  }
  return blockedRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL parsed, if it is one this client calls at all (http or https, no credentials). */
export function parseOutgoingUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutgoingRequestError('invalid-url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutgoingRequestError('invalid-url', 'only http and https URLs are called');
  if (url.username || url.password)
    throw new OutgoingRequestError('invalid-url', 'a URL with a user name or password is refused');
  return url;
}

const refused = (host: string) =>
  new OutgoingRequestError(
    'refused-address',
    `${host} is a loopback, private or link-local address (set ALERTS_ALLOW_PRIVATE_URLS=true to allow it)`,
  );

const literalAddress = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

export function createOutgoingClient(options: {
  allowPrivate: boolean;
  /** Tests: another resolver (the system's otherwise). */
  lookup?: typeof dns.lookup;
}): OutgoingClient {
  const resolve = options.lookup ?? dns.lookup;

  /** The connection's lookup: the system's answer, refused when any address is private. */
  const guardedLookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      if (!options.allowPrivate && list.some((a) => isPrivateAddress(a.address)))
        return callback(refused(hostname) as unknown as NodeJS.ErrnoException, '', 0);
      if (lookupOptions.all) return (callback as unknown as AllCallback)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };

  async function check(raw: string): Promise<void> {
    const url = parseOutgoingUrl(raw);
    if (options.allowPrivate) return;
    const host = literalAddress(url.hostname);
    if (net.isIP(host)) {
      if (isPrivateAddress(host)) throw refused(host);
      return;
    }
    const addresses = await new Promise<dns.LookupAddress[]>((ok, fail) =>
      resolve(host, { all: true }, (error, found) =>
        error
          ? fail(new OutgoingRequestError('network', `${host} could not be resolved`))
          : ok(found as unknown as dns.LookupAddress[]),
      ),
    );
    if (addresses.some((a) => isPrivateAddress(a.address))) throw refused(host);
  }

  function request(outgoing: OutgoingRequest): Promise<OutgoingResponse> {
    let url: URL;
    try {
      url = parseOutgoingUrl(outgoing.url);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const host = literalAddress(url.hostname);
    // A literal address is connected to without a lookup: check it here.
    if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host))
      return Promise.reject(refused(host));
    const timeoutMs = outgoing.timeoutMs ?? DEFAULT_OUTGOING_TIMEOUT_MS;
    const body = typeof outgoing.body === 'string' ? Buffer.from(outgoing.body) : outgoing.body;
    return new Promise<OutgoingResponse>((resolvePromise, reject) => {
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.request(
        url,
        {
          method: outgoing.method ?? 'POST',
          headers: {
            ...outgoing.headers,
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
          lookup: guardedLookup,
          // One connection per request: no pooled socket outlives the deadline.
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < MAX_BODY_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () => {
            clearTimeout(deadline);
            resolvePromise({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8'),
            });
          });
          res.on('error', (error) => fail(error));
        },
      );
      const fail = (error: Error) => {
        clearTimeout(deadline);
        reject(
          error instanceof OutgoingRequestError
            ? error
            : new OutgoingRequestError('network', networkWords(error, url.host)),
        );
      };
      const deadline = setTimeout(() => {
        req.destroy(
          new OutgoingRequestError(
            'timeout',
            `${url.host} did not answer within ${Math.round(timeoutMs / 1000)} s`,
          ),
        );
      }, timeoutMs);
      req.on('error', fail);
      req.end(body);
    });
  }

  return { request, check };
}

type AllCallback = (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;
