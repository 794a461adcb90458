import { hasManageablePlan } from '@shared/billing/subscription-status';
import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { useSubscriptionSummary } from '../api/billing-api';
import { openPortalInNewTab } from '../api/open-portal';
import { canManageSubscription } from '../lib/billing-actor';
import { describePlan } from '../lib/describe-plan';
import { SubscriptionBadge } from './subscription-badge';

/**
 * Under the side menu's Subscription entry, for those who manage it: the company's plan with
 * the seed's badge, when it renews or ends, and Manage Plan (the portal in a new tab).
 */
export function BillingMenuStatus() {
  const { user } = useAuth();
  const allowed = canManageSubscription(user);
  const { data } = useSubscriptionSummary(allowed);
  if (!allowed || !data) return null;
  const line = describePlan(data);
  return (
    <div className="mx-2 mb-1 rounded-md border px-3 py-2 text-sm" data-testid="billing-status">
      <div className="flex items-center justify-between gap-2">
        <span className="text-muted-foreground">{user?.companyName ?? 'Company'} plan</span>
        <SubscriptionBadge status={data.status} />
      </div>
      {line && <p className="mt-1 text-xs text-muted-foreground">{line}</p>}
      {hasManageablePlan(data.status) && (
        <Button
          size="sm"
          variant="outline"
          className="mt-2 w-full"
          onClick={() => void openPortalInNewTab()}
        >
          <ExternalLink aria-hidden />
          Manage Plan
        </Button>
      )}
    </div>
  );
}

export default BillingMenuStatus;
