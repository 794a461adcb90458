import type { AdminUserRow, SubscriptionStatus } from '@shared/api/admin';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';

/**
 * The subscription slot of a user row on /admin (seed "Subscription badge"). A placeholder until
 * billing lands (its own issue replaces this file, keeping the props): the badge is real, the
 * button says billing is not set up yet instead of failing.
 */
const BADGES: Record<SubscriptionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  active: { label: 'Active', variant: 'default' },
  trialing: { label: 'Trial', variant: 'secondary' },
  canceled: { label: 'Canceled', variant: 'destructive' },
  past_due: { label: 'Past Due', variant: 'secondary' },
  none: { label: 'No Subscription', variant: 'outline' },
};

export function SubscriptionControls({ user }: { user: AdminUserRow }) {
  const badge = BADGES[user.subscriptionStatus] ?? BADGES.none;
  const hasPlan = user.subscriptionStatus !== 'none';
  return (
    <div className="flex items-center gap-2">
      <Badge variant={badge.variant} data-testid="subscription-badge">
        {badge.label}
      </Badge>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          toast({
            title: 'Billing is not set up yet',
            description: 'Subscriptions can be managed here once billing is connected.',
          })
        }
      >
        {hasPlan ? 'Manage Plan' : 'Start Subscription'}
      </Button>
    </div>
  );
}
