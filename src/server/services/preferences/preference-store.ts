import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { itemPreferences, type ItemType } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import {
  DEFAULT_DAY_TARGET,
  ITEM_KINDS,
  MAX_PREFERENCES_PER_KIND,
  type ItemPreference,
  type PreferenceChanges,
} from '../../../shared/api/preferences.js';
import { findItemGroup } from './item-group-store.js';

/**
 * The one store of business-unit and job-type preferences (decision 007: they belong to a
 * company). The two kinds share one table and one code path; `type` tells them apart.
 */

export type { ItemPreference, PreferenceChanges };

const TYPE_WORDS: Record<ItemType, string> = {
  businessUnit: 'business units',
  jobType: 'job types',
};

const preferenceColumns = {
  id: itemPreferences.id,
  companyId: itemPreferences.companyId,
  type: itemPreferences.type,
  itemId: itemPreferences.itemId,
  enabled: itemPreferences.enabled,
  customName: itemPreferences.customName,
  groupId: itemPreferences.groupId,
  targetCapacity: itemPreferences.targetCapacity,
  day1Target: itemPreferences.day1Target,
  day2Target: itemPreferences.day2Target,
  day3Target: itemPreferences.day3Target,
};

function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, {
    location: 'body',
    issues: [{ field, message }],
  });
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ('code' in e && (e as { code: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

async function checkGroup(
  db: Database,
  companyId: number,
  type: ItemType,
  groupId: number | null | undefined,
) {
  if (groupId === null || groupId === undefined) return;
  const group = await findItemGroup(db, companyId, groupId);
  if (!group || group.type !== type) {
    throw invalidField('groupId', `must be one of your groups for ${TYPE_WORDS[type]}, or null`);
  }
}

/** A group deleted between the check and the write surfaces as a foreign-key violation. */
async function guardGroupRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw invalidField('groupId', 'that group no longer exists');
    throw error;
  }
}

const ofKind = (companyId: number, type: ItemType) =>
  and(eq(itemPreferences.companyId, companyId), eq(itemPreferences.type, type));

/** A company's preferences of one kind, by item id. */
export async function listPreferences(
  db: Database,
  companyId: number,
  type: ItemType,
): Promise<ItemPreference[]> {
  return db
    .select(preferenceColumns)
    .from(itemPreferences)
    .where(ofKind(companyId, type))
    .orderBy(asc(itemPreferences.itemId));
}

/**
 * Upserts by (company, kind, item). A new row past MAX_PREFERENCES_PER_KIND is refused with a 400
 * (two saves racing at the bound may pass it by one; it is a guard against abuse, not a quota).
 */
export async function savePreference(
  db: Database,
  options: {
    companyId: number;
    type: ItemType;
    itemId: number;
    changes: PreferenceChanges;
    now: Date;
  },
): Promise<ItemPreference> {
  const { companyId, type, itemId, changes, now } = options;
  await checkGroup(db, companyId, type, changes.groupId);
  const [existing] = await db
    .select({ id: itemPreferences.id })
    .from(itemPreferences)
    .where(and(ofKind(companyId, type), eq(itemPreferences.itemId, itemId)))
    .limit(1);
  if (!existing) {
    const [stored] = await db
      .select({ n: count() })
      .from(itemPreferences)
      .where(ofKind(companyId, type));
    if ((stored?.n ?? 0) >= MAX_PREFERENCES_PER_KIND) {
      throw new AppError(
        'BAD_REQUEST',
        `${ITEM_KINDS[type].idField}: a company can keep at most ${MAX_PREFERENCES_PER_KIND} preferences for ${TYPE_WORDS[type]}`,
      );
    }
  }
  const [row] = await guardGroupRace(() =>
    db
      .insert(itemPreferences)
      .values({ companyId, type, itemId, ...changes })
      .onConflictDoUpdate({
        target: [itemPreferences.companyId, itemPreferences.type, itemPreferences.itemId],
        set: { ...changes, updatedAt: now },
      })
      .returning(preferenceColumns),
  );
  return row!;
}

/**
 * Sets items' targets for all three days ahead (and the seed's targetCapacity) to the given
 * numbers in one statement, creating preference rows where none exist yet; every other field
 * keeps its value. Used by "apply suggestion" (decision 036); the caller checks the numbers.
 */
export async function setTargets(
  db: Database,
  companyId: number,
  targets: readonly { type: ItemType; itemId: number; target: number }[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < targets.length; start += 1_000) {
    const chunk = targets.slice(start, start + 1_000);
    await db
      .insert(itemPreferences)
      .values(
        chunk.map((t) => ({
          companyId,
          type: t.type,
          itemId: t.itemId,
          targetCapacity: t.target,
          day1Target: t.target,
          day2Target: t.target,
          day3Target: t.target,
        })),
      )
      .onConflictDoUpdate({
        target: [itemPreferences.companyId, itemPreferences.type, itemPreferences.itemId],
        set: {
          targetCapacity: sql`excluded.target_capacity`,
          day1Target: sql`excluded.day1_target`,
          day2Target: sql`excluded.day2_target`,
          day3Target: sql`excluded.day3_target`,
          updatedAt: now,
        },
      });
  }
}

/** True while no preference of the company has a target other than the default. */
export async function allTargetsDefault(db: Database, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(itemPreferences)
    .where(
      and(
        eq(itemPreferences.companyId, companyId),
        sql`(${itemPreferences.day1Target} <> ${DEFAULT_DAY_TARGET} or ${itemPreferences.day2Target} <> ${DEFAULT_DAY_TARGET} or ${itemPreferences.day3Target} <> ${DEFAULT_DAY_TARGET})`,
      ),
    );
  return (row?.n ?? 0) === 0;
}
