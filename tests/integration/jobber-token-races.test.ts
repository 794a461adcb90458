import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../src/server/db/schema.js';
import type { Database, DatabaseHandle } from '../../src/server/db/index.js';
import { createSecretBox } from '../../src/server/security/secret-box.js';
import type { LeaseTicker } from '../../src/server/services/leases/lease.js';
import { createJobberTokenStore } from '../../src/server/platforms/jobber/token-store.js';
import { startJobberStandin, type JobberStandin } from '../../standins/jobber/index.js';
import { openTestDatabase } from '../helpers/database.js';
import { jobberConsent } from '../helpers/jobber-consent.js';

/**
 * The token store's races (issue 38, decision 057), each played in one fixed order: a holder
 * whose lease runs out while Jobber's answer is on its way, and a reconnect while another
 * instance stores a rotation. A shared clock moves the lease; a gate holds Jobber's answer or
 * the reconnect's write at the moment the race needs.
 */

let database: DatabaseHandle;
let standin: JobberStandin;
let clockMs = Date.parse('2026-11-20T15:00:00Z');
const now = () => new Date(clockMs);
const secretBox = createSecretBox(crypto.randomBytes(32));
/** Refusals expected so far (the first test's B is refused once, on purpose). */
let refusedAtStart = 0;

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function until(condition: () => boolean) {
  for (let tries = 0; tries < 500 && !condition(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

function storeFor(
  options: {
    db?: Database;
    fetch?: typeof fetch;
    leaseTicker?: LeaseTicker;
  } = {},
) {
  return createJobberTokenStore({
    db: options.db ?? database.db,
    secretBox,
    app: () => ({
      clientId: standin.app.clientId,
      clientSecret: standin.app.clientSecret,
      apiUrl: standin.url,
    }),
    fetch: options.fetch ?? fetch,
    now,
    // Every read is due for a refresh.
    refreshAheadMs: 3_600_000,
    ...(options.leaseTicker ? { leaseTicker: options.leaseTicker } : {}),
  });
}

const consent = () => jobberConsent(standin, now);

async function connectedCompany(name: string) {
  const [company] = await database.db
    .insert(companies)
    .values({ name })
    .returning({ id: companies.id });
  const companyId = company!.id;
  await storeFor().connect({
    companyId,
    accountId: standin.account.id,
    accountName: standin.account.name,
    tokens: await consent(),
    connectedBy: null,
  });
  return companyId;
}

/** Every call's awaiting held at `held` first (the builder chain of one drizzle statement). */
function heldUntil<T extends object>(target: T, held: () => Promise<void>): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (property === 'then' && typeof value === 'function')
        return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
          held().then(() => (value as (...a: unknown[]) => unknown).call(object, resolve, reject));
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(object, args);
        return result && typeof result === 'object' ? heldUntil(result, held) : result;
      };
    },
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  standin = await startJobberStandin({ now, webhookTickMs: 0 });
});
afterAll(async () => {
  await standin?.close();
  await database?.close();
});

describe('Jobber token races', () => {
  it("a holder whose lease ran out while Jobber's answer was on its way still stores it", async () => {
    const companyId = await connectedCompany('Stalled holder');
    refusedAtStart = standin.oauth.refused + 1;
    // Instance A: Jobber's answer to its token call is held back; its lease renewals are ours.
    const answer = gate();
    const slowFetch: typeof fetch = async (input, init) => {
      const { signal, ...rest } = init ?? {};
      const response = await fetch(input, rest);
      const text = await response.text();
      await answer.opened;
      // As a real call does when its answer has not arrived: an abort ends it.
      signal?.throwIfAborted();
      return new Response(text, { status: response.status, headers: response.headers });
    };
    const renewals: (() => Promise<void>)[] = [];
    const a = storeFor({
      fetch: slowFetch,
      leaseTicker: (_ms, renew) => {
        renewals.push(renew);
        return () => undefined;
      },
    });
    const b = storeFor();
    const rotationsBefore = standin.oauth.rotations;
    const first = a.accessToken(companyId);
    // Jobber has rotated for A: the stored refresh token is refused from now on.
    await until(() => standin.oauth.rotations === rotationsBefore + 1);
    // A stalls past its 10 s lease; B takes the lease over and is refused (A's rotation won).
    clockMs += 11_000;
    await expect(b.accessToken(companyId)).rejects.toMatchObject({ kind: 'disconnected' });
    // A's next renewal finds the lease gone; then Jobber's answer reaches A.
    await renewals[0]!();
    answer.open();
    const got = await first;
    expect(got.version).toBe(2);
    // Stored over the refusal: connected, and the stored token is the one Jobber takes next.
    expect(await b.connection(companyId)).toMatchObject({ connected: true, tokenVersion: 2 });
    await expect(b.accessToken(companyId)).resolves.toMatchObject({ version: 3 });
    expect(standin.oauth.rotations).toBe(rotationsBefore + 2);
  });

  it('a reconnect while another instance stores a rotation gets a version of its own', async () => {
    const companyId = await connectedCompany('Reconnect during a refresh');
    // The other instance: Jobber's answer to its refresh is held back.
    const answer = gate();
    const other = storeFor({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const text = await response.text();
        await answer.opened;
        return new Response(text, { status: response.status, headers: response.headers });
      },
    });
    // The reconnect: its write waits (after whatever it read) until the rotation is stored.
    const reached = gate();
    const stored = gate();
    const reconnecting = storeFor({
      db: new Proxy(database.db, {
        get(db, property) {
          const value = Reflect.get(db, property, db) as unknown;
          if (property === 'insert')
            return (...args: unknown[]) =>
              heldUntil((db.insert as (...a: unknown[]) => object)(...args), () => {
                reached.open();
                return stored.opened;
              });
          return typeof value === 'function' ? (value as () => unknown).bind(db) : value;
        },
      }),
    });
    const rotationsBefore = standin.oauth.rotations;
    const refreshing = other.accessToken(companyId);
    // Jobber rotated for the other instance; then the admin consents again (a new grant) and
    // the reconnect is being written when the other instance stores its rotation.
    await until(() => standin.oauth.rotations === rotationsBefore + 1);
    const reconnect = reconnecting.connect({
      companyId,
      accountId: standin.account.id,
      accountName: standin.account.name,
      tokens: await consent(),
      connectedBy: null,
    });
    await reached.opened;
    answer.open();
    const rotated = await refreshing;
    expect(rotated.version).toBe(2);
    stored.open();
    await reconnect;
    const connection = await reconnecting.connection(companyId);
    expect(connection).toMatchObject({ connected: true, tokenVersion: 3 });
    // The other instance reads with the old grant's access token and hears "disconnected this
    // app": that version goes, the new connection stays and refreshes on the new grant.
    await other.markDisconnected(companyId, rotated.version, 'app_disconnected');
    expect(await reconnecting.connection(companyId)).toMatchObject({ connected: true });
    answer.open();
    await expect(other.accessToken(companyId)).resolves.toMatchObject({ version: 4 });
    expect(standin.oauth.refused).toBe(refusedAtStart);
  });
});
