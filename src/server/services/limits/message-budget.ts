import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { messageBudgets } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/**
 * Budgets for messages the product sends on a person's say-so (issue 33 item 5): Send test,
 * confirmation messages, invitations. A budget is a key (`test:rule:12`), a limit and a fixed
 * window; every instance counts in the same `message_budgets` row, so two instances behind a load
 * balancer give one budget, not two. Several budgets are taken together or not at all (a test
 * counts against its rule and its company; when the company's is spent the rule's is untouched).
 */

export interface BudgetClaim {
  key: string;
  limit: number;
  windowMs: number;
  /** How many units this claim takes (default 1). */
  units?: number;
  /**
   * The limit in words, for the refusal: "Send test is limited to 5 per rule per hour".
   */
  words: string;
}

export type BudgetAnswer =
  { ok: true } | { ok: false; retryAfterSeconds: number; claim: BudgetClaim; message: string };

export interface MessageBudget {
  /**
   * Takes every claim, or none of them and says which one is spent and when it renews. Inside a
   * caller's transaction (`executor`) the claims are undone with it.
   */
  take(claims: BudgetClaim[], now: Date, executor?: Executor): Promise<BudgetAnswer>;
  /** Deletes the rows of windows that have ended (the alert loop calls it). */
  prune(now: Date): Promise<void>;
}

type Executor = Pick<Database, 'transaction'>;

class Spent extends Error {
  constructor(
    readonly claim: BudgetClaim,
    readonly until: Date,
  ) {
    super('budget spent');
  }
}

/** "in 23 minutes", "in 40 seconds", "in 2 hours". */
export function waitWords(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `in ${Math.ceil(minutes / 60)} hours`;
}

export function createMessageBudget(db: Database): MessageBudget {
  async function take(
    claims: BudgetClaim[],
    now: Date,
    executor: Executor = db,
  ): Promise<BudgetAnswer> {
    try {
      await executor.transaction(async (tx) => {
        for (const claim of claims) {
          const units = claim.units ?? 1;
          const until = new Date((Math.floor(now.getTime() / claim.windowMs) + 1) * claim.windowMs);
          if (units > claim.limit) throw new Spent(claim, until);
          const taken = await tx
            .insert(messageBudgets)
            .values({ key: claim.key, until, used: units })
            .onConflictDoUpdate({
              target: [messageBudgets.key, messageBudgets.until],
              set: { used: sql`${messageBudgets.used} + ${units}` },
              setWhere: sql`${messageBudgets.used} + ${units} <= ${claim.limit}`,
            })
            .returning({ used: messageBudgets.used });
          if (taken.length === 0) throw new Spent(claim, until);
        }
      });
      return { ok: true };
    } catch (error) {
      if (!(error instanceof Spent)) throw error;
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((error.until.getTime() - now.getTime()) / 1000),
      );
      return {
        ok: false,
        retryAfterSeconds,
        claim: error.claim,
        message: `${error.claim.words}: try again ${waitWords(retryAfterSeconds)}.`,
      };
    }
  }

  async function prune(now: Date): Promise<void> {
    await db.delete(messageBudgets).where(lt(messageBudgets.until, now));
  }

  return { take, prune };
}

/** The 429 a spent budget answers: its words, and `details.retryAfterSeconds` for the header. */
export function budgetSpent(answer: Extract<BudgetAnswer, { ok: false }>): AppError {
  return new AppError('RATE_LIMITED', answer.message, {
    retryAfterSeconds: answer.retryAfterSeconds,
  });
}
