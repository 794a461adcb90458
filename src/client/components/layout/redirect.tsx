import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Client-side redirect (replaces the history entry so Back does not bounce). */
export function Redirect({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
