import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/hooks/use-toast';

/** Client-side redirect (replaces the history entry so Back does not bounce). */
export function Redirect({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/**
 * A page this person may not open: back to `to`, saying why in a toast (issue 33 item 7: a
 * member sent to the board without a word did not know what had happened).
 */
export function RedirectWithReason({
  to,
  title = 'Unauthorized',
  reason,
}: {
  to: string;
  title?: string;
  reason: string;
}) {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({ title, description: reason, variant: 'destructive' });
    navigate(to, { replace: true });
  }, [navigate, to, title, reason]);
  return null;
}
