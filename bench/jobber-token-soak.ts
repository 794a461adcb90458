import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
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
 * SOAK_TRACE=/tmp/file writes every redemption, token call, stored version and judgement there.
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
// SOAK_TRACE=file: every redemption at the stand-in, every instance's token calls and writes,
// and each judgement after a kill, one line each with the time in ms.
const traceFile = process.env.SOAK_TRACE;
const short = (token: string) =>
  crypto.createHash('sha256').update(token).digest('base64url').slice(0, 8);
const trace = (line: string) => {
  if (traceFile) fs.appendFileSync(traceFile, `${line}\n`);
};
if (traceFile) {
  fs.writeFileSync(traceFile, '');
  const redeem = standin.oauth.refresh.bind(standin.oauth);
  standin.oauth.refresh = (input) => {
    const answer = redeem(input);
    trace(
      `${Date.now()} jobber redeem ${short(input.refreshToken)} -> ${answer ? short(answer.refresh_token) : 'refused'} (rotations ${standin.oauth.rotations})`,
    );
    return answer;
  };
}
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

/** Looks thrown away: Jobber rotated during the read, or a living instance held the lease. */
let looksAcrossARedemption = 0;
let looksAtALivingHolder = 0;
/** Lease owners of instances this harness killed (a lease of theirs is nobody's refresh). */
const deadOwners = new Set<string>();
/** Whether `refresh` is the refresh token the stand-in accepts next. */
function jobberAccepts(refresh: string | null): boolean {
  if (!refresh) return false;
  const stored = secretBox.open(refresh);
  const grant = standin.oauth.grants().find((g) => g.active && stored.startsWith(`${g.id}.`));
  return (
    !!grant && grant.refreshHash === crypto.createHash('sha256').update(stored).digest('base64url')
  );
}

interface Look {
  inSync: boolean;
  /** The lease's owner when judged (a dead instance's, or null), and the version stored. */
  leaseOwner: string | null;
  version: number;
  /** False when a living instance still held the lease after 30 s (judged anyway). */
  settled: boolean;
}
/**
 * The stored refresh token against the stand-in's, judged on one consistent look: one read of
 * the row (token, version and lease together) during which the stand-in rotated nothing, taken
 * when no living instance holds the lease (nobody is between taking it and writing Jobber's
 * answer). The stand-in runs in this process, so a redemption can land while the row is being
 * read: a look across one is thrown away. (Judging the lease in one query and the token in a
 * later one counted a living instance's refresh in flight as a lost token: issue 38.)
 */
async function look(): Promise<Look> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rotationsBefore = standin.oauth.rotations;
    const [row] = await database.db
      .select({
        refresh: jobberConnections.refreshTokenEnc,
        version: jobberConnections.tokenVersion,
        owner: jobberConnections.leaseOwner,
      })
      .from(jobberConnections)
      .where(eq(jobberConnections.companyId, companyId));
    if (standin.oauth.rotations !== rotationsBefore) {
      looksAcrossARedemption += 1;
      continue;
    }
    // A living holder's lease, even one run out (a stall): its refresh may still write.
    const owner = row?.owner ?? null;
    const living = owner !== null && !deadOwners.has(owner);
    if (!living || Date.now() > deadline) {
      return {
        inSync: jobberAccepts(row?.refresh ?? null),
        leaseOwner: owner,
        version: row?.version ?? 0,
        settled: !living,
      };
    }
    looksAtALivingHolder += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
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
    // The bundle built above (through tsx a start took seconds on a loaded machine, and a spare
    // not yet up held the next kill back).
    const child = spawn(process.execPath, [workerFile], {
      env: workerEnv,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdout!.setEncoding('utf8');
    let ready = false;
    let partial = '';
    child.stdout!.on('data', (text: string) => {
      if (!ready && text.includes('ready')) {
        ready = true;
        resolve(child);
      }
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('error ')) errors.push(line.slice(6));
        if (line.startsWith('error ') || line.startsWith('trace '))
          trace(
            `${line.startsWith('trace ') ? line.slice(6) : `${Date.now()} ${line}`} [${child.pid}]`,
          );
      }
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
  trace(`${Date.now()} harness killed [${victim.pid}] (kill ${kills})`);
  // Judge the stored token once no living instance is inside a refresh: the lease is free, or
  // held by a killed one (whose refresh, if Jobber answered it, died with it).
  const deadOwner = `soak-${victim.pid}`;
  deadOwners.add(deadOwner);
  const judged = await look();
  trace(
    `${Date.now()} harness judged kill ${kills}: lease ${judged.leaseOwner ?? 'free'}, stored v${judged.version}, rotations ${standin.oauth.rotations}, ${judged.inSync ? 'in sync' : 'NOT in sync'}${judged.settled ? '' : ' (a living holder kept the lease 30 s)'}`,
  );
  if (!judged.inSync) {
    // Lost in the window: the killed instance held the lease and Jobber had answered it (one
    // rotation more than the database stored). Anything else is the product's own fault.
    const answered = standin.oauth.rotations - rotationsAtConnect;
    const stored = judged.version - versionAtConnect;
    const inWindow = judged.leaseOwner === deadOwner && answered === stored + 1;
    if (inWindow) lostInWindow += 1;
    else lostOtherwise += 1;
    process.stdout.write(
      `kill ${kills}: the stored refresh token is no longer Jobber's (${inWindow ? "the killed instance held Jobber's answer" : `NOT in the window: lease ${judged.leaseOwner ?? 'free'}, Jobber answered ${answered} rotations, ${stored} stored`}); connecting again\n`,
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
const finalOk = (await look()).inSync;
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
      looksAcrossARedemption,
      looksAtALivingHolder,
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
