import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { itemGroups, type ItemType } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { ItemGroup } from '../../../shared/api/item-groups.js';

const groupColumns = { id: itemGroups.id, name: itemGroups.name, type: itemGroups.type };

/** Every group of one user (of one type when given), in name order. */
export async function listItemGroups(
  db: Database,
  userId: string,
  type?: ItemType,
): Promise<ItemGroup[]> {
  return db
    .select(groupColumns)
    .from(itemGroups)
    .where(
      type
        ? and(eq(itemGroups.userId, userId), eq(itemGroups.type, type))
        : eq(itemGroups.userId, userId),
    )
    .orderBy(asc(sql`lower(${itemGroups.name})`), asc(itemGroups.id));
}

export async function findItemGroup(
  db: Database,
  userId: string,
  groupId: number,
): Promise<ItemGroup | undefined> {
  const [group] = await db
    .select(groupColumns)
    .from(itemGroups)
    .where(and(eq(itemGroups.id, groupId), eq(itemGroups.userId, userId)))
    .limit(1);
  return group;
}

export async function createItemGroup(
  db: Database,
  userId: string,
  values: { name: string; type: ItemType },
): Promise<ItemGroup> {
  const [group] = await db
    .insert(itemGroups)
    .values({ userId, name: values.name, type: values.type })
    .returning(groupColumns);
  return group!;
}

/** Another user's group is reported as missing, so ids reveal nothing. */
export async function renameItemGroup(
  db: Database,
  options: { userId: string; groupId: number; name: string; now: Date },
): Promise<ItemGroup> {
  const [group] = await db
    .update(itemGroups)
    .set({ name: options.name, updatedAt: options.now })
    .where(and(eq(itemGroups.id, options.groupId), eq(itemGroups.userId, options.userId)))
    .returning(groupColumns);
  if (!group) throw notFound('Group');
  return group;
}

/** Members are ungrouped by the foreign key (`on delete set null`) in the same statement. */
export async function deleteItemGroup(
  db: Database,
  options: { userId: string; groupId: number },
): Promise<ItemGroup> {
  const [group] = await db
    .delete(itemGroups)
    .where(and(eq(itemGroups.id, options.groupId), eq(itemGroups.userId, options.userId)))
    .returning(groupColumns);
  if (!group) throw notFound('Group');
  return group;
}
