import { CreditCard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { startSubscription } from '../api/start-subscription';

/**
 * BILLING_REQUIRED without an active or trialing plan (decision 19): instead of numbers, what
 * is needed and who can do it.
 */
export function SubscriptionNeeded({ canManage }: { canManage: boolean }) {
  return (
    <div
      className="flex flex-1 items-center justify-center py-12"
      data-testid="subscription-needed"
    >
      <Card className="max-w-lg text-center">
        <CardHeader>
          <CreditCard className="mx-auto mb-2 h-10 w-10 text-muted-foreground" aria-hidden />
          <CardTitle as="h2" className="text-2xl">
            Subscription needed
          </CardTitle>
          <CardDescription className="text-base">
            This board shows your company&apos;s numbers while its subscription is active: $195 per
            month for unlimited users, no contract, cancel anytime.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {canManage ? (
            <Button size="lg" onClick={() => void startSubscription()}>
              Start Subscription
            </Button>
          ) : (
            <p>Please ask an administrator of your company to start the subscription.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export default SubscriptionNeeded;
