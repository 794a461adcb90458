import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { loginAttempts } from '../../db/schema.js';

/** A sign-in this browser started: what the callback needs to finish it. */
export type LoginAttempt = typeof loginAttempts.$inferSelect;

/** How long a started sign-in may take before its callback is refused. */
export const LOGIN_TTL_MS = 10 * 60 * 1000;

/** Records a started sign-in (by the hash of the browser's cookie) and drops expired ones. */
export async function saveLoginAttempt(
  db: Database,
  attempt: Omit<LoginAttempt, 'createdAt'>,
  now: Date,
): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_TTL_MS)));
  await db.insert(loginAttempts).values(attempt);
}

/** Takes a started sign-in out of the store (once only); undefined if unknown or expired. */
export async function takeLoginAttempt(
  db: Database,
  idHash: string,
  now: Date,
): Promise<LoginAttempt | undefined> {
  const [attempt] = await db
    .delete(loginAttempts)
    .where(eq(loginAttempts.idHash, idHash))
    .returning();
  if (!attempt || attempt.createdAt.getTime() < now.getTime() - LOGIN_TTL_MS) return undefined;
  return attempt;
}
