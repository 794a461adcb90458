import { toast } from '@/hooks/use-toast';
import { createCheckoutSession, explainedRefusal } from './billing-api';

/**
 * The side menu's Subscription: the browser goes to Stripe Checkout (or to the portal when the
 * company already has a plan). Refusals are explained; real failures keep the seed's alert.
 */
export async function startSubscription(): Promise<void> {
  try {
    const { url } = await createCheckoutSession();
    window.location.href = url;
  } catch (error) {
    const refusal = explainedRefusal(error);
    if (refusal) {
      toast({ title: 'Subscription', description: refusal });
      return;
    }
    console.error('Failed to start subscription process', error);
    window.alert('Failed to start subscription process. Please try again.');
  }
}
