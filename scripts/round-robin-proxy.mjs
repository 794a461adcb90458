// A minimal round-robin HTTP load balancer for checking docs/deploy.md on one machine:
//   node scripts/round-robin-proxy.mjs --port 5800 --upstream 127.0.0.1:5801 --upstream 127.0.0.1:5802
// Each request goes to the next instance, as a load balancer without sticky sessions would send
// it; X-Forwarded-For/Proto/Host are set as a real one sets them, and answers (event streams
// too) are streamed through unbuffered. Not for production: use your platform's load balancer.
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5800' },
    upstream: { type: 'string', multiple: true, default: [] },
  },
});
if (values.upstream.length === 0) {
  console.error('--upstream host:port (at least one, repeat for more)');
  process.exit(1);
}
const upstreams = values.upstream.map((u) => {
  const [host, port] = u.split(':');
  return { host, port: Number(port) };
});
let next = 0;

const server = http.createServer((request, response) => {
  const target = upstreams[next++ % upstreams.length];
  const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
    .filter(Boolean)
    .join(', ');
  const upstream = http.request(
    {
      host: target.host,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: {
        ...request.headers,
        'x-forwarded-for': forwardedFor,
        'x-forwarded-proto': 'http',
        'x-forwarded-host': request.headers.host ?? '',
      },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, {
        ...answer.headers,
        'x-served-by': `${target.host}:${target.port}`,
      });
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
    response.end('upstream unavailable');
  });
  request.pipe(upstream);
  response.on('close', () => upstream.destroy());
});
server.listen(Number(values.port), '127.0.0.1', () =>
  console.log(
    `round-robin proxy on http://127.0.0.1:${values.port} -> ${values.upstream.join(', ')}`,
  ),
);
