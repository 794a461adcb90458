import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { build } from 'esbuild';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/index.js';
import { companies, jobberConnections } from '../src/server/db/schema.js';
import { createSecretBox } from '../src/server/security/secret-box.js';
import { requestTokens } from '../src/server/platforms/jobber/oauth-client.js';
import { createJobberTokenStore } from '../src/server/platforms/jobber/token-store.js';
import { startJobberStandin } from '../standins/jobber/index.js';

/**
 * Jobber token soak (issue 38): two app instances (child processes on one PostgreSQL database)
 * read one company's Jobber account through the product's token store, every read due for a
 * refresh, while this harness kills one of them with SIGKILL at a random moment (20-400 ms
 * after it is ready) and starts it again, until the stand-in has rotated the refresh token
 * SOAK_ROTATIONS times (default 1,000). After each kill it checks that the refresh token stored
 * is the one the stand-in (strict rotation: a reused token is refused) will accept next.
 *
 *   SOAK_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/jobber-token-soak.ts
 *
 * A kill can land in the one window no party can close: after Jobber rotated the token and
 * before the database holds the new one (decision 057). The harness tells those apart from any
 * other loss: "lost in the window" vs "lost otherwise" (which would be a defect).
 */
const serverUrl = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const target = Number(process.env.SOAK_ROTATIONS ?? 1000);
const dbName = `jobber_soak_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({
  kind: 'postgres',
  url: url.toString(),
  onConnectionError: () => undefined,
});
// The worker bundled once, so a restarted instance is up in a fraction of a second (through tsx
// each start took 15 s on a loaded 2-core machine, and the kills waited on the starts).
const workerFile = 'node_modules/.cache/jobber-token-soak-worker.mjs';
await build({
  entryPoints: ['bench/jobber-token-soak-worker.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: workerFile,
  logLevel: 'error',
});
const key = crypto.randomBytes(32);
const secretBox = createSecretBox(key);
const standin = await startJobberStandin({
  webhookTickMs: 0,
  port: Number(process.env.SOAK_STANDIN_PORT ?? 0),
});
const app = {
  clientId: standin.app.clientId,
  clientSecret: standin.app.clientSecret,
  apiUrl: standin.url,
};
const tokens = createJobberTokenStore({
  db: database.db,
  secretBox,
  app: () => app,
  fetch,
  now: () => new Date(),
});
const [company] = await database.db.insert(companies).values({ name: 'Soak' }).returning();
const companyId = company!.id;

/** The stand-in's rotations and the stored version when the connection was last made. */
let rotationsAtConnect = 0;
let versionAtConnect = 0;
async function storedVersion(): Promise<number> {
  const [row] = await database.db
    .select({ version: jobberConnections.tokenVersion })
    .from(jobberConnections)
    .where(eq(jobberConnections.companyId, companyId));
  return row?.version ?? 0;
}
async function connect() {
  const redirect = 'http://localhost/cb';
  const code = standin.oauth.issueCode({
    clientId: app.clientId,
    redirectUri: redirect,
    accountId: standin.account.id,
    userId: standin.account.users[0]!.id,
  });
  const issued = await requestTokens(
    app,
    { grant_type: 'authorization_code', code, redirect_uri: redirect },
    { fetch, now: () => new Date() },
  );
  await tokens.connect({
    companyId,
    accountId: standin.account.id,
    accountName: standin.account.name,
    tokens: issued,
    connectedBy: null,
  });
  rotationsAtConnect = standin.oauth.rotations;
  versionAtConnect = await storedVersion();
}
await connect();

async function leaseOf() {
  const [row] = await database.db
    .select({ owner: jobberConnections.leaseOwner, until: jobberConnections.leaseUntil })
    .from(jobberConnections)
    .where(eq(jobberConnections.companyId, companyId));
  const expired = !row?.until || row.until.getTime() < Date.now();
  return { owner: expired ? null : (row?.owner ?? null), until: row?.until ?? null };
}

/** Whether the stored refresh token is the one the stand-in accepts next. */
async function inSync(): Promise<boolean> {
  const [row] = await database.db
    .select({ refresh: jobberConnections.refreshTokenEnc })
    .from(jobberConnections)
    .where(eq(jobberConnections.companyId, companyId));
  if (!row?.refresh) return false;
  const stored = secretBox.open(row.refresh);
  const grant = standin.oauth.grants().find((g) => g.active && stored.startsWith(`${g.id}.`));
  return (
    !!grant && grant.refreshHash === crypto.createHash('sha256').update(stored).digest('base64url')
  );
}

const workerEnv = {
  ...process.env,
  SOAK_DATABASE_URL: url.toString(),
  SOAK_JOBBER_URL: standin.url,
  SOAK_COMPANY_ID: String(companyId),
  SOAK_ENCRYPTION_KEY: key.toString('base64'),
  SOAK_CLIENT_ID: app.clientId,
  SOAK_CLIENT_SECRET: app.clientSecret,
};
function startWorker(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/jobber-token-soak-worker.ts'],
      {
        env: workerEnv,
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    child.stdout!.setEncoding('utf8');
    let ready = false;
    child.stdout!.on('data', (text: string) => {
      if (!ready && text.includes('ready')) {
        ready = true;
        resolve(child);
      }
      for (const line of text.split('\n'))
        if (line.startsWith('error ')) errors.push(line.slice(6));
    });
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`a worker exited with ${code} before it was ready`));
    });
  });
}
const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const errors: string[] = [];
const started = Date.now();
const startCpu = process.cpuUsage();
// Two instances read; two warm spares wait, so a killed one is replaced at once.
const go = (child: ChildProcess) => {
  child.stdin!.write('go\n');
  return child;
};
const workers = (await Promise.all([startWorker(), startWorker()])).map(go);
const spares: Promise<ChildProcess>[] = [startWorker(), startWorker()];
let kills = 0;
let lostInWindow = 0;
let lostOtherwise = 0;
const rotationsAtStart = standin.oauth.rotations;
while (standin.oauth.rotations - rotationsAtStart < target) {
  await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 380));
  const index = Math.random() < 0.5 ? 0 : 1;
  const victim = workers[index]!;
  await killed(victim);
  kills += 1;
  // Judge the stored token once no living instance is inside a refresh: the lease is free, or
  // held by the killed one (whose refresh, if Jobber answered it, died with it).
  const deadOwner = `soak-${victim.pid}`;
  let lease: { owner: string | null; until: Date | null } = { owner: null, until: null };
  for (let tries = 0; tries < 200; tries++) {
    lease = await leaseOf();
    if (!lease.owner || lease.owner === deadOwner) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!(await inSync())) {
    // Lost in the window: the killed instance held the lease and Jobber had answered it (one
    // rotation more than the database stored). Anything else is the product's own fault.
    const answered = standin.oauth.rotations - rotationsAtConnect;
    const stored = (await storedVersion()) - versionAtConnect;
    if (lease.owner === deadOwner && answered === stored + 1) lostInWindow += 1;
    else lostOtherwise += 1;
    process.stdout.write(
      `kill ${kills}: the stored refresh token is no longer Jobber's (${lease.owner === deadOwner ? "the killed instance held Jobber's answer" : 'NOT in the window'}); connecting again\n`,
    );
    await connect();
  }
  workers[index] = go(await spares.shift()!);
  spares.push(startWorker());
  if (kills % 10 === 0)
    process.stdout.write(
      `${kills} kills, ${standin.oauth.rotations - rotationsAtStart} rotations, ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
}
await Promise.all([...workers, ...(await Promise.all(spares))].map(killed));
const finalOk = await inSync();
// The stored token still reads Jobber through the product's store.
const last = await tokens.accessToken(companyId);
const seconds = (Date.now() - started) / 1000;
const cpu = process.cpuUsage(startCpu);
console.log(
  JSON.stringify(
    {
      rotations: standin.oauth.rotations - rotationsAtStart,
      kills,
      refusedRefreshes: standin.oauth.refused,
      lostInWindow,
      lostOtherwise,
      finalStoredTokenIsJobbers: finalOk,
      finalReadVersion: last.version,
      workerErrors: errors.length,
      firstErrors: [...new Set(errors)].slice(0, 5),
      seconds: Math.round(seconds),
      harnessCpuSeconds: Math.round((cpu.user + cpu.system) / 1e6),
    },
    null,
    2,
  ),
);
await standin.close();
await database.close();
await admin.query(`drop database ${dbName} with (force)`);
await admin.end();
process.exit(lostOtherwise === 0 && finalOk ? 0 : 1);
