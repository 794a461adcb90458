import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { businessUnitPreferences, jobTypePreferences, type ItemType } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { BusinessUnitPreference, JobTypePreference } from '../../../shared/api/preferences.js';
import { findItemGroup } from './item-group-store.js';

/** The fields a save may change; omitted ones keep their stored (or default) value. */
export interface PreferenceChanges {
  enabled?: boolean;
  customName?: string | null;
  groupId?: number | null;
  targetCapacity?: number;
  day1Target?: number;
  day2Target?: number;
  day3Target?: number;
}

/** One shape for both kinds, as the board reads them. */
export interface ItemPreference {
  itemId: number;
  enabled: boolean;
  customName: string | null;
  groupId: number | null;
  day1Target: number;
  day2Target: number;
  day3Target: number;
}

const TYPE_WORDS: Record<ItemType, string> = {
  businessUnit: 'business units',
  jobType: 'job types',
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
  userId: string,
  type: ItemType,
  groupId: number | null | undefined,
) {
  if (groupId === null || groupId === undefined) return;
  const group = await findItemGroup(db, userId, groupId);
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

export async function listBusinessUnitPreferences(
  db: Database,
  userId: string,
): Promise<BusinessUnitPreference[]> {
  return db
    .select({
      id: businessUnitPreferences.id,
      userId: businessUnitPreferences.userId,
      businessUnitId: businessUnitPreferences.businessUnitId,
      enabled: businessUnitPreferences.enabled,
      customName: businessUnitPreferences.customName,
      groupId: businessUnitPreferences.groupId,
      targetCapacity: businessUnitPreferences.targetCapacity,
      day1Target: businessUnitPreferences.day1Target,
      day2Target: businessUnitPreferences.day2Target,
      day3Target: businessUnitPreferences.day3Target,
    })
    .from(businessUnitPreferences)
    .where(eq(businessUnitPreferences.userId, userId))
    .orderBy(asc(businessUnitPreferences.businessUnitId));
}

export async function listJobTypePreferences(
  db: Database,
  userId: string,
): Promise<JobTypePreference[]> {
  return db
    .select({
      id: jobTypePreferences.id,
      userId: jobTypePreferences.userId,
      jobTypeId: jobTypePreferences.jobTypeId,
      enabled: jobTypePreferences.enabled,
      customName: jobTypePreferences.customName,
      groupId: jobTypePreferences.groupId,
      targetCapacity: jobTypePreferences.targetCapacity,
      day1Target: jobTypePreferences.day1Target,
      day2Target: jobTypePreferences.day2Target,
      day3Target: jobTypePreferences.day3Target,
    })
    .from(jobTypePreferences)
    .where(eq(jobTypePreferences.userId, userId))
    .orderBy(asc(jobTypePreferences.jobTypeId));
}

/** Upserts by (user, business unit). */
export async function saveBusinessUnitPreference(
  db: Database,
  options: { userId: string; businessUnitId: number; changes: PreferenceChanges; now: Date },
): Promise<BusinessUnitPreference> {
  const { userId, businessUnitId, changes, now } = options;
  await checkGroup(db, userId, 'businessUnit', changes.groupId);
  const [row] = await guardGroupRace(() =>
    db
      .insert(businessUnitPreferences)
      .values({ userId, businessUnitId, ...changes })
      .onConflictDoUpdate({
        target: [businessUnitPreferences.userId, businessUnitPreferences.businessUnitId],
        set: { ...changes, updatedAt: now },
      })
      .returning(),
  );
  const { createdAt: _c, updatedAt: _u, ...record } = row!;
  return record;
}

/** Upserts by (user, job type). */
export async function saveJobTypePreference(
  db: Database,
  options: { userId: string; jobTypeId: number; changes: PreferenceChanges; now: Date },
): Promise<JobTypePreference> {
  const { userId, jobTypeId, changes, now } = options;
  await checkGroup(db, userId, 'jobType', changes.groupId);
  const [row] = await guardGroupRace(() =>
    db
      .insert(jobTypePreferences)
      .values({ userId, jobTypeId, ...changes })
      .onConflictDoUpdate({
        target: [jobTypePreferences.userId, jobTypePreferences.jobTypeId],
        set: { ...changes, updatedAt: now },
      })
      .returning(),
  );
  const { createdAt: _c, updatedAt: _u, ...record } = row!;
  return record;
}

/** The caller's preferences of one kind in the shape the board reads. */
export async function listItemPreferences(
  db: Database,
  userId: string,
  type: ItemType,
): Promise<ItemPreference[]> {
  if (type === 'businessUnit') {
    const rows = await listBusinessUnitPreferences(db, userId);
    return rows.map(({ businessUnitId, ...rest }) => ({ itemId: businessUnitId, ...rest }));
  }
  const rows = await listJobTypePreferences(db, userId);
  return rows.map(({ jobTypeId, ...rest }) => ({ itemId: jobTypeId, ...rest }));
}
