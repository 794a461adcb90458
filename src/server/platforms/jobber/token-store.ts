import crypto from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { jobberConnections } from '../../db/schema.js';
import type { SecretBox } from '../../security/secret-box.js';
import { holdLease, leaseEnd, leaseFree, type LeaseTicker } from '../../services/leases/lease.js';
import { JobberError } from './errors.js';
import { requestTokens, type JobberApp, type JobberTokens } from './oauth-client.js';
import { sleep } from './sleep.js';

/**
 * A company's Jobber tokens, shared by every instance through `jobber_connections` (decision
 * 057). Access tokens are refreshed ahead of expiry. Refresh tokens rotate and the old one is
 * refused from the moment Jobber answers, so:
 *
 * - one instance at a time refreshes a company's token: the one holding the row's lease (taken
 *   with one conditional UPDATE, renewed while the call runs, dying with its holder in seconds);
 *   the others keep using the current access token while it is valid, or wait for the new one;
 * - the new tokens replace the old ones in one UPDATE that also bumps `token_version`, guarded by
 *   the version the refresh started from: the stored refresh token is never blanked first, and a
 *   writer from an older version (a reconnect happened meanwhile) changes nothing;
 * - a refused refresh turns the connection to "disconnected" only if no newer tokens were stored
 *   meanwhile, and a late good answer for the same version still wins (it clears the state).
 *
 * The one window nobody can close: a process killed after Jobber rotated the token and before
 * the UPDATE committed. Jobber has already refused the old token, so the connection is lost; the
 * UPDATE is the first thing done with the answer, and the board then says so (decision 057).
 */

/** Refresh when the access token has less than this left (Jobber's last about 60 minutes). */
export const REFRESH_AHEAD_MS = 5 * 60_000;
/** How long a caller waits for another instance's refresh before giving up for this read. */
const WAIT_FOR_REFRESH_MS = 20_000;
const POLL_MS = 100;

export interface JobberConnectionRow {
  companyId: number;
  accountId: string;
  accountName: string;
  connectionId: string;
  connected: boolean;
  disconnectedAt: Date | null;
  disconnectedReason: string | null;
  tokenVersion: number;
}

export interface JobberTokenStore {
  /**
   * A current access token for the company's connection, refreshed under the lease when it is
   * due. `staleVersion`: the token of that version was refused by the API (401), refresh it even
   * though its clock says it is valid.
   */
  accessToken(
    companyId: number,
    options?: { signal?: AbortSignal | undefined; staleVersion?: number },
  ): Promise<{ token: string; version: number }>;
  /** Stores a new connection's tokens (the OAuth callback): a new version, connected. */
  connect(input: {
    companyId: number;
    accountId: string;
    accountName: string;
    tokens: JobberTokens;
    connectedBy: string | null;
  }): Promise<void>;
  /** Forgets the company's connection; answers its access token (for `appDisconnect`) if any. */
  forget(companyId: number): Promise<{ accessToken: string | null } | null>;
  /**
   * Jobber answered that the account disconnected the app: the tokens of that version go (a
   * newer version, from a reconnect, stays).
   */
  markDisconnected(companyId: number, version: number, reason: string): Promise<void>;
  /** The account ended the connection in Jobber (APP_DISCONNECT): its companies' tokens go. */
  disconnectAccount(accountId: string, reason: string): Promise<number[]>;
  /** The company's connection as the pages show it; null without one. */
  connection(companyId: number): Promise<JobberConnectionRow | null>;
  /** The companies connected to a Jobber account (webhooks name the account). */
  companiesOf(accountId: string): Promise<number[]>;
}

export function createJobberTokenStore(deps: {
  db: Database;
  secretBox: SecretBox;
  app: () => JobberApp | null;
  fetch: typeof fetch;
  now: () => Date;
  /** Default REFRESH_AHEAD_MS (the soak test refreshes at every read). */
  refreshAheadMs?: number;
  leaseTicker?: LeaseTicker;
  /** A name for this instance in lease rows (default: random). */
  owner?: string;
  /** Told after each rotation is stored (the soak counts them). */
  onRotated?: (companyId: number, version: number) => void;
}): JobberTokenStore {
  const { db, secretBox, now } = deps;
  const owner = deps.owner ?? crypto.randomUUID();
  const refreshAheadMs = deps.refreshAheadMs ?? REFRESH_AHEAD_MS;

  const row = async (companyId: number) =>
    (
      await db
        .select()
        .from(jobberConnections)
        .where(eq(jobberConnections.companyId, companyId))
        .limit(1)
    )[0];

  const open = (envelope: string): string => {
    try {
      return secretBox.open(envelope);
    } catch {
      throw new JobberError('disconnected', 'stored Jobber tokens cannot be opened');
    }
  };

  /** One refresh under the lease, from the stored version `version`. */
  async function refresh(
    companyId: number,
    version: number,
    refreshTokenEnc: string,
    signal: AbortSignal | undefined,
  ): Promise<{ token: string; version: number }> {
    const app = deps.app();
    if (!app) throw new JobberError('not_connected', 'JOBBER_CLIENT_ID is not configured');
    const mine = and(
      eq(jobberConnections.companyId, companyId),
      eq(jobberConnections.leaseOwner, owner),
    );
    /** The row while still at the version this refresh started from: what its writes guard on. */
    const atVersion = and(
      eq(jobberConnections.companyId, companyId),
      eq(jobberConnections.tokenVersion, version),
    );
    try {
      return await holdLease({
        now,
        ticker: deps.leaseTicker,
        ...(signal ? { signal } : {}),
        renew: async (until) =>
          (
            await db
              .update(jobberConnections)
              .set({ leaseUntil: until })
              .where(mine)
              .returning({ id: jobberConnections.companyId })
          ).length > 0,
        work: async (leaseSignal) => {
          // Lost before the call (a stall): the instance that took the lease over refreshes.
          leaseSignal.throwIfAborted();
          let tokens: JobberTokens;
          try {
            // Once sent, the call is never abandoned (only its own timeout ends it): Jobber may
            // have rotated already, and its answer is then the only usable refresh token. A lease
            // lost meanwhile, or the read or the app giving up, does not drop it; the version
            // guard below settles a late answer.
            tokens = await requestTokens(
              app,
              { grant_type: 'refresh_token', refresh_token: open(refreshTokenEnc) },
              { fetch: deps.fetch, now },
            );
          } catch (error) {
            if (error instanceof JobberError && error.kind === 'disconnected') {
              // Refused: unless newer tokens were stored meanwhile, the connection is over.
              await db
                .update(jobberConnections)
                .set({
                  accessTokenEnc: null,
                  accessExpiresAt: null,
                  refreshTokenEnc: null,
                  disconnectedAt: now(),
                  disconnectedReason: 'refresh_refused',
                  leaseOwner: null,
                  leaseUntil: null,
                  updatedAt: now(),
                })
                .where(atVersion);
            }
            throw error;
          }
          // The first thing done with Jobber's answer: the new tokens replace the old in one
          // statement (not after the lease check: a late answer for this version still counts).
          const written = await db
            .update(jobberConnections)
            .set({
              accessTokenEnc: secretBox.seal(tokens.accessToken),
              accessExpiresAt: tokens.accessExpiresAt,
              refreshTokenEnc: secretBox.seal(tokens.refreshToken),
              tokenVersion: version + 1,
              refreshedAt: now(),
              disconnectedAt: null,
              disconnectedReason: null,
              leaseOwner: null,
              leaseUntil: null,
              updatedAt: now(),
            })
            .where(atVersion)
            .returning({ version: jobberConnections.tokenVersion });
          if (written.length === 0) {
            // Disconnected or connected again meanwhile: these tokens belong to nothing now.
            throw new JobberError('disconnected', 'the connection changed during a refresh');
          }
          deps.onRotated?.(companyId, version + 1);
          return { token: tokens.accessToken, version: version + 1 };
        },
      });
    } finally {
      // Released whatever happened (a no-op once the write above cleared it).
      await db
        .update(jobberConnections)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(mine)
        .catch(() => undefined);
    }
  }

  return {
    async accessToken(companyId, options = {}) {
      const { signal, staleVersion } = options;
      const deadline = Date.now() + WAIT_FOR_REFRESH_MS;
      for (;;) {
        signal?.throwIfAborted();
        const current = await row(companyId);
        if (!current) throw new JobberError('not_connected', 'no Jobber connection');
        if (!current.refreshTokenEnc)
          throw new JobberError('disconnected', current.disconnectedReason ?? 'disconnected');
        const at = now().getTime();
        const expiresMs = current.accessExpiresAt?.getTime() ?? 0;
        const usable =
          !!current.accessTokenEnc && expiresMs > at && current.tokenVersion !== staleVersion;
        if (usable && expiresMs - at > refreshAheadMs)
          return { token: open(current.accessTokenEnc!), version: current.tokenVersion };
        const leaseHeld = !!current.leaseUntil && current.leaseUntil.getTime() >= at;
        if (!leaseHeld) {
          const until = leaseEnd(now());
          const taken = await db
            .update(jobberConnections)
            .set({ leaseOwner: owner, leaseUntil: until })
            .where(
              and(
                eq(jobberConnections.companyId, companyId),
                eq(jobberConnections.tokenVersion, current.tokenVersion),
                isNotNull(jobberConnections.refreshTokenEnc),
                leaseFree(jobberConnections.leaseUntil, now()),
              ),
            )
            .returning({ id: jobberConnections.companyId });
          if (taken.length > 0) {
            try {
              return await refresh(
                companyId,
                current.tokenVersion,
                current.refreshTokenEnc,
                signal,
              );
            } catch (error) {
              // Jobber could not be reached: the token still valid serves this read.
              if (usable && error instanceof JobberError && error.kind !== 'disconnected')
                return { token: open(current.accessTokenEnc!), version: current.tokenVersion };
              throw error;
            }
          }
        }
        // Another instance is refreshing: the current token serves while valid, else wait.
        if (usable) return { token: open(current.accessTokenEnc!), version: current.tokenVersion };
        if (Date.now() > deadline)
          throw new JobberError('timeout', 'waited too long for another instance to refresh');
        await sleep(POLL_MS, signal);
      }
    },

    async connect({ companyId, accountId, accountName, tokens, connectedBy }) {
      const values = {
        accountId,
        accountName,
        connectionId: crypto.randomUUID(),
        accessTokenEnc: secretBox.seal(tokens.accessToken),
        accessExpiresAt: tokens.accessExpiresAt,
        refreshTokenEnc: secretBox.seal(tokens.refreshToken),
        refreshedAt: now(),
        disconnectedAt: null,
        disconnectedReason: null,
        leaseOwner: null,
        leaseUntil: null,
        connectedBy,
        updatedAt: now(),
      };
      // A new version, bumped in the same statement, so a refresh still running on the old
      // connection writes nothing, and no version ever names two token pairs (read first and
      // written after, a refresh stored in between shared its number with the new connection:
      // its readers then redeemed the old grant's token and blanked the new one).
      await db
        .insert(jobberConnections)
        .values({ companyId, ...values, tokenVersion: 1 })
        .onConflictDoUpdate({
          target: jobberConnections.companyId,
          set: { ...values, tokenVersion: sql`${jobberConnections.tokenVersion} + 1` },
        });
    },

    async forget(companyId) {
      const [gone] = await db
        .delete(jobberConnections)
        .where(eq(jobberConnections.companyId, companyId))
        .returning({
          accessTokenEnc: jobberConnections.accessTokenEnc,
          accessExpiresAt: jobberConnections.accessExpiresAt,
        });
      if (!gone) return null;
      let accessToken: string | null = null;
      if (gone.accessTokenEnc && (gone.accessExpiresAt?.getTime() ?? 0) > now().getTime()) {
        try {
          accessToken = secretBox.open(gone.accessTokenEnc);
        } catch {
          accessToken = null;
        }
      }
      return { accessToken };
    },

    async markDisconnected(companyId, version, reason) {
      await db
        .update(jobberConnections)
        .set({
          accessTokenEnc: null,
          accessExpiresAt: null,
          refreshTokenEnc: null,
          disconnectedAt: now(),
          disconnectedReason: reason,
          updatedAt: now(),
        })
        .where(
          and(
            eq(jobberConnections.companyId, companyId),
            eq(jobberConnections.tokenVersion, version),
            isNotNull(jobberConnections.refreshTokenEnc),
          ),
        );
    },

    async disconnectAccount(accountId, reason) {
      const rows = await db
        .update(jobberConnections)
        .set({
          accessTokenEnc: null,
          accessExpiresAt: null,
          refreshTokenEnc: null,
          disconnectedAt: now(),
          disconnectedReason: reason,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: now(),
        })
        .where(
          and(
            eq(jobberConnections.accountId, accountId),
            isNotNull(jobberConnections.refreshTokenEnc),
          ),
        )
        .returning({ companyId: jobberConnections.companyId });
      return rows.map((r) => r.companyId);
    },

    async connection(companyId) {
      const current = await row(companyId);
      if (!current) return null;
      return {
        companyId,
        accountId: current.accountId,
        accountName: current.accountName,
        connectionId: current.connectionId,
        connected: !!current.refreshTokenEnc,
        disconnectedAt: current.disconnectedAt,
        disconnectedReason: current.disconnectedReason,
        tokenVersion: current.tokenVersion,
      };
    },

    async companiesOf(accountId) {
      const rows = await db
        .select({ companyId: jobberConnections.companyId })
        .from(jobberConnections)
        .where(eq(jobberConnections.accountId, accountId));
      return rows.map((r) => r.companyId);
    },
  };
}
