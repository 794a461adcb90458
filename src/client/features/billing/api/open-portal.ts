import { toast } from '@/hooks/use-toast';
import { createPortalSession, explainedRefusal } from './billing-api';

/**
 * Manage Plan: the Stripe customer portal in a new tab. The tab opens inside the click (so no
 * popup blocker stops it) and is sent to the portal once the server answers.
 */
export async function openPortalInNewTab(userId?: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await createPortalSession(userId);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.href = url;
    }
  } catch (error) {
    tab?.close();
    toast({
      title: 'Error',
      description:
        explainedRefusal(error) ?? 'Failed to open the billing portal. Please try again.',
      variant: 'destructive',
    });
  }
}
