import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { itemGroups, type ItemType } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { MAX_GROUPS_PER_TYPE, type ItemGroup } from '../../../shared/api/item-groups.js';

/**
 * A company's item groups (decision 007). Every read and write is scoped to one company, so a
 * group id of another company is simply not found.
 */

const groupColumns = { id: itemGroups.id, name: itemGroups.name, type: itemGroups.type };

const TYPE_WORDS: Record<ItemType, string> = {
  businessUnit: 'business units',
  jobType: 'job types',
};

/** Every group of one company (of one type when given), in name order. */
export async function listItemGroups(
  db: Database,
  companyId: number,
  type?: ItemType,
): Promise<ItemGroup[]> {
  return db
    .select(groupColumns)
    .from(itemGroups)
    .where(
      type
        ? and(eq(itemGroups.companyId, companyId), eq(itemGroups.type, type))
        : eq(itemGroups.companyId, companyId),
    )
    .orderBy(asc(sql`lower(${itemGroups.name})`), asc(itemGroups.id));
}

export async function findItemGroup(
  db: Database,
  companyId: number,
  groupId: number,
): Promise<ItemGroup | undefined> {
  const [group] = await db
    .select(groupColumns)
    .from(itemGroups)
    .where(and(eq(itemGroups.id, groupId), eq(itemGroups.companyId, companyId)))
    .limit(1);
  return group;
}

/** Refused with a 400 once the company has MAX_GROUPS_PER_TYPE groups of that type. */
export async function createItemGroup(
  db: Database,
  companyId: number,
  values: { name: string; type: ItemType },
): Promise<ItemGroup> {
  const [existing] = await db
    .select({ n: count() })
    .from(itemGroups)
    .where(and(eq(itemGroups.companyId, companyId), eq(itemGroups.type, values.type)));
  if ((existing?.n ?? 0) >= MAX_GROUPS_PER_TYPE) {
    throw new AppError(
      'BAD_REQUEST',
      `type: a company can have at most ${MAX_GROUPS_PER_TYPE} groups of ${TYPE_WORDS[values.type]}`,
      { location: 'body', issues: [{ field: 'type', message: 'too many groups' }] },
    );
  }
  const [group] = await db
    .insert(itemGroups)
    .values({ companyId, name: values.name, type: values.type })
    .returning(groupColumns);
  return group!;
}

/** Another company's group is reported as missing, so ids reveal nothing. */
export async function renameItemGroup(
  db: Database,
  options: { companyId: number; groupId: number; name: string; now: Date },
): Promise<ItemGroup> {
  const [group] = await db
    .update(itemGroups)
    .set({ name: options.name, updatedAt: options.now })
    .where(and(eq(itemGroups.id, options.groupId), eq(itemGroups.companyId, options.companyId)))
    .returning(groupColumns);
  if (!group) throw notFound('Group');
  return group;
}

/** Members are ungrouped by the foreign key (`on delete set null`) in the same statement. */
export async function deleteItemGroup(
  db: Database,
  options: { companyId: number; groupId: number },
): Promise<ItemGroup> {
  const [group] = await db
    .delete(itemGroups)
    .where(and(eq(itemGroups.id, options.groupId), eq(itemGroups.companyId, options.companyId)))
    .returning(groupColumns);
  if (!group) throw notFound('Group');
  return group;
}
