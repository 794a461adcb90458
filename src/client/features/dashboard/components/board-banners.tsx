import { CircleAlert, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { staleBannerText } from '../lib/stale-text';

/** `action`: what the viewer can do about it (an admin's way to the ServiceTitan connection). */
export function ErrorBanner({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div
      role="alert"
      data-testid="error-banner"
      className="flex flex-col gap-3 rounded-lg border border-red-500/60 bg-red-950/80 px-4 py-3 text-red-100 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-start gap-3">
        <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-400" aria-hidden />
        <p data-testid="error-message">{message}</p>
      </div>
      {action}
    </div>
  );
}

/** Says plainly that the numbers are old and why, so a frozen screen is never silent. */
export function StaleBanner({ age, reason }: { age: string | null; reason: string | null }) {
  return (
    <div
      role="status"
      data-testid="stale-banner"
      className="flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-950/70 px-4 py-2 text-amber-100"
    >
      <Clock className="mt-0.5 h-5 w-5 shrink-0 text-amber-400" aria-hidden />
      <p>{staleBannerText(age, reason)}</p>
    </div>
  );
}
