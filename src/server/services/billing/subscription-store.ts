import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { companies, stripeEvents, users } from '../../db/schema.js';
import type { SubscriptionState } from './stripe-gateway.js';

/** A company's billing columns (the subscription belongs to the company, decision 13). */
export interface CompanyBilling extends SubscriptionState {
  companyId: number;
  companyName: string;
  customerId: string | null;
}

const billingColumns = {
  companyId: companies.id,
  companyName: companies.name,
  customerId: companies.stripeCustomerId,
  subscriptionId: companies.stripeSubscriptionId,
  status: companies.subscriptionStatus,
  currentPeriodEnd: companies.subscriptionCurrentPeriodEnd,
  cancelAtPeriodEnd: companies.subscriptionCancelAtPeriodEnd,
};

const stateColumns = (state: SubscriptionState) => ({
  stripeSubscriptionId: state.subscriptionId,
  subscriptionStatus: state.status,
  subscriptionCurrentPeriodEnd: state.currentPeriodEnd,
  subscriptionCancelAtPeriodEnd: state.cancelAtPeriodEnd,
});

/** The one way billing reaches the database. */
export function createSubscriptionStore(db: Database) {
  return {
    async company(companyId: number): Promise<CompanyBilling | null> {
      const [row] = await db
        .select(billingColumns)
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row ?? null;
    },

    async companyByCustomer(customerId: string): Promise<CompanyBilling | null> {
      const [row] = await db
        .select(billingColumns)
        .from(companies)
        .where(eq(companies.stripeCustomerId, customerId))
        .limit(1);
      return row ?? null;
    },

    /** The company a user belongs to: undefined when there is no such user, null for none. */
    async companyIdOfUser(userId: string): Promise<number | null | undefined> {
      const [row] = await db
        .select({ companyId: users.companyId })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ? row.companyId : undefined;
    },

    /**
     * Keeps the first Stripe customer a company gets; returns the one stored (another instance
     * may have stored its own a moment earlier).
     */
    async claimCustomer(companyId: number, customerId: string): Promise<string> {
      await db
        .update(companies)
        .set({ stripeCustomerId: customerId, updatedAt: new Date() })
        .where(and(eq(companies.id, companyId), isNull(companies.stripeCustomerId)));
      const [row] = await db
        .select({ customerId: companies.stripeCustomerId })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.customerId ?? customerId;
    },

    async saveState(companyId: number, state: SubscriptionState): Promise<void> {
      await db
        .update(companies)
        .set({ ...stateColumns(state), updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    },

    async eventSeen(eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, eventId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Applies one webhook event exactly once. With a company, its row is locked while `read`
     * asks Stripe for the current subscription, so two events of one customer arriving together
     * cannot store an older answer over a newer one. Returns false for an event already applied.
     */
    async applyEventOnce(
      event: { id: string; type: string },
      companyId: number | null,
      read: () => Promise<SubscriptionState>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (companyId !== null) {
          await tx
            .select({ id: companies.id })
            .from(companies)
            .where(eq(companies.id, companyId))
            .for('update');
        }
        const inserted = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: stripeEvents.id });
        if (inserted.length === 0) return false;
        if (companyId !== null) {
          const state = await read();
          await tx
            .update(companies)
            .set({ ...stateColumns(state), updatedAt: new Date() })
            .where(eq(companies.id, companyId));
        }
        return true;
      });
    },
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
