import type { AdminUserRow } from '@shared/api/admin';
import { can, type Actor } from '@shared/permissions';
import { SubscriptionControls } from '@/features/billing/components/subscription-controls';

/**
 * The company's plan, once per company (decision 13: one plan, unlimited users; issue 25: not
 * on every person's row): the seed's badge and Manage Plan / Start Subscription, for those who
 * manage it. The checkout names one of the company's people, as the seed's call does.
 */
export function CompanyPlan({
  actor,
  companyId,
  status,
  people,
}: {
  actor: Actor | null;
  companyId: number;
  status: string | null | undefined;
  people: readonly AdminUserRow[];
}) {
  const someone = people.find((person) => person.companyId === companyId);
  if (!someone || !can(actor, 'subscription.manage', { companyId })) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="company-plan">
      <span className="text-muted-foreground">Plan</span>
      <SubscriptionControls user={{ ...someone, subscriptionStatus: status }} />
    </div>
  );
}
