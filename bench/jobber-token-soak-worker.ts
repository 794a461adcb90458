import crypto from 'node:crypto';
import { openDatabase } from '../src/server/db/index.js';
import { createSecretBox } from '../src/server/security/secret-box.js';
import { createJobberGraphql } from '../src/server/platforms/jobber/graphql-client.js';
import { createJobberTokenStore } from '../src/server/platforms/jobber/token-store.js';

/**
 * One app instance of the token soak (bench/jobber-token-soak.ts): reads the company's Jobber
 * account in a loop through the product's own token store and GraphQL client, every read due for
 * a refresh, from the harness's word on stdin until it kills it with SIGKILL. Prints `ready` once
 * it is up, and `error ...` for a read that failed.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const database = await openDatabase({ kind: 'postgres', url: env('SOAK_DATABASE_URL') });
const apiUrl = env('SOAK_JOBBER_URL');
const companyId = Number(env('SOAK_COMPANY_ID'));
const now = () => new Date();
// SOAK_TRACE: each token call this instance makes, what Jobber answered and what it stored.
const tracing = !!process.env.SOAK_TRACE;
const short = (token: string) =>
  crypto.createHash('sha256').update(token).digest('base64url').slice(0, 8);
const trace = (line: string) => {
  if (tracing) process.stdout.write(`trace ${Date.now()} ${line}\n`);
};
const tracedFetch: typeof fetch = async (input, init) => {
  const sent = typeof init?.body === 'string' ? new URLSearchParams(init.body) : null;
  const presented = sent?.get('refresh_token');
  if (presented) trace(`send ${short(presented)}`);
  const response = await fetch(input, init);
  if (presented) {
    const text = await response.clone().text();
    const answered = /"refresh_token":"([^"]+)"/.exec(text)?.[1];
    trace(`answer ${short(presented)} -> ${answered ? short(answered) : `${response.status}`}`);
  }
  return response;
};
const tokens = createJobberTokenStore({
  db: database.db,
  secretBox: createSecretBox(Buffer.from(env('SOAK_ENCRYPTION_KEY'), 'base64')),
  app: () => ({ clientId: env('SOAK_CLIENT_ID'), clientSecret: env('SOAK_CLIENT_SECRET'), apiUrl }),
  fetch: tracing ? tracedFetch : fetch,
  now,
  onRotated: (_company, version) => trace(`stored v${version}`),
  // Every read finds its token due: the soak rotates as fast as two instances can.
  refreshAheadMs: 24 * 3_600_000,
  owner: `soak-${process.pid}`,
});
const graphql = createJobberGraphql({ apiUrl: () => apiUrl, tokens, fetch, now });
process.stdout.write('ready\n');
// A warm spare waits for the harness's word before it starts reading.
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
for (;;) {
  try {
    await graphql.query(companyId, 'query { account { id } }', {}, { expectedCost: 2 });
  } catch (error) {
    process.stdout.write(`error ${error instanceof Error ? error.message : String(error)}\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
}
