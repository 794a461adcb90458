import { hasManageablePlan } from '@shared/billing/subscription-status';
import { CreditCard, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { createCheckoutSession, explainedRefusal } from '../api/billing-api';
import { openPortalInNewTab } from '../api/open-portal';
import { SubscriptionBadge } from './subscription-badge';

export interface SubscriptionControlsProps {
  /** A user row: the plan shown and managed is their company's. */
  user: { id: string; companyId: number | null; subscriptionStatus: string | null | undefined };
}

/** Seed section 4: "Checkout Link Created", with the link itself when it cannot be copied. */
async function copyCheckoutLink(userId: string): Promise<void> {
  let url: string;
  try {
    ({ url } = await createCheckoutSession(userId));
  } catch (error) {
    toast({
      title: 'Error',
      description: explainedRefusal(error) ?? 'Failed to create a checkout link. Please try again.',
      variant: 'destructive',
    });
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({
      title: 'Checkout Link Created',
      description: 'The link is copied: send it to whoever pays for the plan.',
    });
  } catch {
    toast({
      title: 'Checkout Link Created',
      description: (
        <span className="select-all break-all" data-testid="checkout-link">
          {url}
        </span>
      ),
    });
  }
}

/**
 * An admin user row's subscription cell: their company's badge, then Manage Plan (the Stripe
 * portal in a new tab) for a company with a plan, or Start Subscription (a checkout link).
 */
export function SubscriptionControls({ user }: SubscriptionControlsProps) {
  const [busy, setBusy] = useState(false);
  const status = user.subscriptionStatus ?? 'none';
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="subscription-controls">
      <SubscriptionBadge status={status} />
      {hasManageablePlan(status) ? (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={run(() => openPortalInNewTab(user.id))}
        >
          <ExternalLink aria-hidden />
          Manage Plan
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={busy || user.companyId === null}
          title={user.companyId === null ? 'This user belongs to no company yet' : undefined}
          onClick={run(() => copyCheckoutLink(user.id))}
        >
          <CreditCard aria-hidden />
          Start Subscription
        </Button>
      )}
    </div>
  );
}

export default SubscriptionControls;
