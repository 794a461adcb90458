import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { PushDevice } from '../../../shared/api/push.js';
import type { Database } from '../../db/index.js';
import { pushSends, pushSubscriptions, users } from '../../db/schema.js';
import type { SecretBox } from '../../security/secret-box.js';

/**
 * The one module that reads and writes `push_subscriptions` and `push_sends` (issue 36, decision
 * 052). Endpoints and keys are sealed by the secret box; a subscription is found by its
 * endpoint's SHA-256.
 */

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A device's subscription opened for sending (what `web-push` takes). */
export interface OpenSubscription {
  id: number;
  userId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const endpointSha256 = (endpoint: string) =>
  crypto.createHash('sha256').update(endpoint).digest('hex');

export function createPushStore(deps: { db: Database; secretBox: SecretBox }) {
  const { db, secretBox } = deps;

  const view = (row: SubscriptionRow): PushDevice => ({
    id: row.id,
    label: row.label,
    pushService: row.pushService,
    endpointSha256: row.endpointSha256,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    lastError: row.lastError,
  });

  const open = (row: SubscriptionRow): OpenSubscription => ({
    id: row.id,
    userId: row.userId,
    endpoint: secretBox.open(row.endpointEnc),
    keys: JSON.parse(secretBox.open(row.keysEnc)) as OpenSubscription['keys'],
  });

  /**
   * Saves a browser's subscription for `userId`: a new row, or the row of the same endpoint
   * (the browser subscribed again, perhaps for someone else who signed in on it). `created` is
   * false for an existing row. `tooMany`: the person already has `max` other devices.
   */
  async function save(
    subscription: {
      userId: string;
      endpoint: string;
      keys: { p256dh: string; auth: string };
      expiresAt: Date | null;
      label: string;
    },
    now: Date,
    max: number,
  ): Promise<{ row: SubscriptionRow; created: boolean } | { tooMany: true }> {
    const hash = endpointSha256(subscription.endpoint);
    return db.transaction(async (tx) => {
      const [others] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.userId, subscription.userId),
            ne(pushSubscriptions.endpointSha256, hash),
          ),
        );
      if ((others?.n ?? 0) >= max) return { tooMany: true as const };
      const sealed = {
        userId: subscription.userId,
        endpointEnc: secretBox.seal(subscription.endpoint),
        keysEnc: secretBox.seal(JSON.stringify(subscription.keys)),
        pushService: new URL(subscription.endpoint).host,
        label: subscription.label,
        expiresAt: subscription.expiresAt,
        lastError: null,
        updatedAt: now,
      };
      const [existing] = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpointSha256, hash))
        .limit(1);
      const [row] = await tx
        .insert(pushSubscriptions)
        .values({ ...sealed, endpointSha256: hash, createdAt: now })
        .onConflictDoUpdate({ target: pushSubscriptions.endpointSha256, set: sealed })
        .returning();
      return { row: row!, created: !existing };
    });
  }

  /** A person's devices, oldest first. */
  async function listOf(userId: string): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.id));
  }

  async function byId(id: number): Promise<SubscriptionRow | null> {
    const [row] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, id))
      .limit(1);
    return row ?? null;
  }

  async function remove(id: number): Promise<void> {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  /** The devices of these people, opened for sending. */
  async function devicesOf(userIds: string[]): Promise<OpenSubscription[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds))
      .orderBy(asc(pushSubscriptions.id));
    return rows.map(open);
  }

  /** How many devices each of these people has. */
  async function deviceCounts(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ userId: pushSubscriptions.userId, n: count() })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds))
      .groupBy(pushSubscriptions.userId);
    return new Map(rows.map((r) => [r.userId, r.n]));
  }

  /** What the push service said of the last message to a device. */
  async function recordOutcome(
    id: number,
    outcome: { sentAt: Date } | { error: string },
  ): Promise<void> {
    await db
      .update(pushSubscriptions)
      .set(
        'sentAt' in outcome
          ? { lastSentAt: outcome.sentAt, lastError: null }
          : { lastError: outcome.error },
      )
      .where(eq(pushSubscriptions.id, id))
      .catch(() => undefined);
  }

  /** The devices one delivery has already reached or given up on (a retry skips them). */
  async function settledFor(deliveryId: number): Promise<Map<number, 'sent' | 'failed'>> {
    const rows = await db
      .select({ id: pushSends.subscriptionId, outcome: pushSends.outcome })
      .from(pushSends)
      .where(eq(pushSends.deliveryId, deliveryId));
    return new Map(rows.map((r) => [r.id, r.outcome]));
  }

  /** Records that a delivery reached (or failed for good on) a device; once per pair. */
  async function settle(
    deliveryId: number,
    subscriptionId: number,
    outcome: 'sent' | 'failed',
    at: Date,
  ): Promise<void> {
    await db
      .insert(pushSends)
      .values({ deliveryId, subscriptionId, outcome, at })
      .onConflictDoNothing()
      // The device may have been removed meanwhile (its owner, or a 410 elsewhere).
      .catch(() => undefined);
  }

  /** A person as the permission rules and the member list need them. */
  const person = {
    id: users.id,
    role: users.role,
    companyId: users.companyId,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
  };

  /** People by id. */
  async function people(userIds: string[]) {
    if (userIds.length === 0) return [];
    return db.select(person).from(users).where(inArray(users.id, userIds));
  }

  /** The members of a company (people whose company it is). */
  async function membersOf(companyId: number) {
    return db
      .select(person)
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.email));
  }

  return {
    view,
    open,
    save,
    listOf,
    byId,
    remove,
    devicesOf,
    deviceCounts,
    recordOutcome,
    settledFor,
    settle,
    people,
    membersOf,
  };
}

export type PushStore = ReturnType<typeof createPushStore>;
