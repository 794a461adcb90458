/**
 * The server half of bench/capacity-throughput.ts: one app instance in a process of its own (so
 * the benchmark can give it a core of its own and read its CPU time), on the database and the
 * ServiceTitan simulator the parent names, with a company and a signed-in user. It prints one
 * line of JSON (`{ baseUrl, cookie }`) when it is ready and stops on SIGTERM.
 * Benchmark tooling only; the product never loads it.
 */
import { openDatabase } from '../src/server/db/index.js';
import type { SimulatorCredential } from '../standins/servicetitan-simulator/index.js';
import { createCompanyWithCredential, createSignedInUser, startAppInstance } from './support.js';

const { BENCH_DATABASE_URL, BENCH_SERVICETITAN_URL, BENCH_CREDENTIAL, BENCH_ENCRYPTION_KEY } =
  process.env;
if (!BENCH_SERVICETITAN_URL || !BENCH_CREDENTIAL || !BENCH_ENCRYPTION_KEY) {
  throw new Error('run by bench/capacity-throughput.ts, which sets BENCH_* variables');
}

const database = await openDatabase(
  BENCH_DATABASE_URL
    ? { kind: 'postgres', url: BENCH_DATABASE_URL }
    : { kind: 'pglite', dataDir: undefined },
);
const instance = await startAppInstance({
  database,
  encryptionKey: BENCH_ENCRYPTION_KEY,
  serviceTitanUrl: BENCH_SERVICETITAN_URL,
});
const credential = JSON.parse(BENCH_CREDENTIAL) as SimulatorCredential;
const companyId = await createCompanyWithCredential(instance.app, credential);
const cookie = await createSignedInUser(instance.app, companyId);
process.stdout.write(`${JSON.stringify({ baseUrl: instance.baseUrl, cookie })}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await instance.close();
    await database.close();
    process.exit(0);
  })();
});
