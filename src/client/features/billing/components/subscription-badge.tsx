import { subscriptionLabel } from '@shared/billing/subscription-status';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const LOOK: Record<string, string> = {
  active: 'border-transparent bg-emerald-700 text-white hover:bg-emerald-700',
  trialing: 'border-transparent bg-sky-700 text-white hover:bg-sky-700',
  past_due: 'border-transparent bg-amber-400 text-black hover:bg-amber-400',
};

/** Seed section 4: Active, Trial, Canceled (destructive look), Past Due, No Subscription. */
export function SubscriptionBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge
      variant={status === 'canceled' ? 'destructive' : LOOK[status] ? 'default' : 'outline'}
      className={cn(LOOK[status], 'whitespace-nowrap', className)}
      data-testid="subscription-badge"
      data-status={status}
    >
      {subscriptionLabel(status)}
    </Badge>
  );
}
