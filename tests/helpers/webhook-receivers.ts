import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** performance.now() when it arrived (for measured latencies, never for assertions). */
  arrivedAt: number;
}

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path.replace(/\+/g, ' '));
  } catch {
    return path;
  }
};

/**
 * Real HTTP receivers for alert webhooks (Slack, Teams, generic) on one loopback server: every
 * path records what it got and answers 200, except the answers queued with `answerNext`.
 */
export async function startWebhookReceivers() {
  const received: ReceivedRequest[] = [];
  const queued = new Map<string, number[]>();
  const always = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, arrivedAt: performance.now() });
      const status = queued.get(path)?.shift() ?? always.get(path) ?? 200;
      // A failing receiver names the address it was called at, as sent and decoded, as many
      // web servers' error pages do (the delivery log must not repeat it).
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status < 300 ? 'ok' : `unavailable: ${req.method} ${path} (${decoded(path)})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    received: (path?: string) => (path ? received.filter((r) => r.path === path) : [...received]),
    /** The next answers of one path, in order (then 200 again). */
    answerNext(path: string, ...statuses: number[]) {
      queued.set(path, [...(queued.get(path) ?? []), ...statuses]);
    },
    /** Every answer of one path. */
    answerAlways(path: string, status: number) {
      always.set(path, status);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
