import { apiJson } from '@/lib/api';

/** Starts Stripe Checkout for the signed-in user's company and goes there. */
export async function startSubscription(): Promise<void> {
  try {
    const { url } = await apiJson<{ url: string }>('POST', '/api/stripe/create-checkout-session');
    window.location.href = url;
  } catch (error) {
    console.error('Failed to start subscription process', error);
    window.alert('Failed to start subscription process. Please try again.');
  }
}
