import { BellRing, CircleAlert, Clock, Timer, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import type { BoardMeasure } from '../lib/board-day';
import { staleBannerText } from '../lib/stale-text';

/** On a paired screen the banners are read across the room (one size or the other, never both). */
const LARGE = 'px-[1em] py-[0.5em] text-[1.8em] font-semibold [&_svg]:h-[1.2em] [&_svg]:w-[1.2em]';
const REGULAR = 'px-4 py-2';

/** `action`: what the viewer can do about it (an admin's way to the platform connection). */
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
export function StaleBanner({
  age,
  reason,
  large = false,
}: {
  age: string | null;
  reason: string | null;
  large?: boolean;
}) {
  return (
    <div
      role="status"
      data-testid="stale-banner"
      className={clsx(
        'flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-950/70 text-amber-100',
        large ? LARGE : REGULAR,
      )}
    >
      <Clock className="mt-0.5 h-5 w-5 shrink-0 text-amber-400" aria-hidden />
      <p>{staleBannerText(age, reason)}</p>
    </div>
  );
}

/**
 * A screen that cannot reach the server keeps its last numbers and says since when; it recovers
 * by itself when the server answers again.
 */
export function OfflineBanner({ since, large = false }: { since: string; large?: boolean }) {
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className={clsx(
        'flex items-center gap-3 rounded-lg border border-slate-400/50 bg-slate-800/90 text-slate-100',
        large ? LARGE : REGULAR,
      )}
    >
      <WifiOff className="h-5 w-5 shrink-0 text-slate-300" aria-hidden />
      <p>Offline since {since} - showing the last numbers</p>
    </div>
  );
}

/**
 * Firing alert rules (issue 23): one short line each ("Thursday at 42 % of target at 2:00 PM"),
 * shown until the rule resolves.
 */
export function AlertLinesBanner({
  lines,
  large = false,
}: {
  lines: { ruleId: number; line: string }[];
  large?: boolean;
}) {
  if (lines.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="alert-lines"
      className={clsx(
        'flex items-start gap-3 rounded-lg border border-orange-500/60 bg-orange-950/80 text-orange-50',
        large ? LARGE : REGULAR,
      )}
    >
      <BellRing className="mt-0.5 h-5 w-5 shrink-0 text-orange-300" aria-hidden />
      <ul className="flex flex-col gap-1">
        {lines.map((l) => (
          <li key={l.ruleId} data-testid="alert-line">
            {l.line}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A board set to measure hours (issue 35): a quiet line naming where its hours came from
 * (capacity planning or technician shifts), or, when the platform refuses them, a banner saying
 * what to ask its admin for and that the board counts jobs meanwhile.
 */
export function MeasureBanner({
  measure,
  large = false,
}: {
  measure: BoardMeasure | null;
  large?: boolean;
}) {
  if (!measure?.note) return null;
  if (measure.hours) {
    return (
      <p
        role="status"
        data-testid="measure-note"
        data-source={measure.source ?? undefined}
        className={clsx(
          'flex items-center gap-2 text-muted-foreground',
          large ? 'px-[0.5em] text-[1.2em]' : 'px-1 text-sm',
        )}
      >
        <Timer className="h-[1.1em] w-[1.1em] shrink-0" aria-hidden />
        {measure.note}
      </p>
    );
  }
  return (
    <div
      role="status"
      data-testid="measure-note"
      data-counts="jobs"
      className={clsx(
        'flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-950/70 text-amber-100',
        large ? LARGE : REGULAR,
      )}
    >
      <Timer className="mt-0.5 h-5 w-5 shrink-0 text-amber-400" aria-hidden />
      <p>{measure.note}</p>
    </div>
  );
}
