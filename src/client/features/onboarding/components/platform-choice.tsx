import { PLATFORMS, type ProviderId } from '@shared/providers/platforms';
import { CircleCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * "Which platform does your company run?" (issue 34 item 4): one choice per platform this server
 * can connect, the company's current one marked. Choosing shows that platform's connect step;
 * nothing changes until it is saved (or, for a one-click platform, allowed there).
 */
export function PlatformChoice({
  offered,
  value,
  current,
  onChange,
}: {
  offered: readonly ProviderId[];
  value: ProviderId | null;
  /** The platform the company runs on now (connected), if any. */
  current: ProviderId | null;
  onChange: (id: ProviderId) => void;
}) {
  return (
    <fieldset className="mb-6" data-testid="platform-choice">
      <legend className="mb-3 text-lg font-semibold">Which platform does your company run?</legend>
      <div className={cn('grid gap-3', offered.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {offered.map((id) => {
          const chosen = value === id;
          return (
            <label
              key={id}
              className={cn(
                'relative flex cursor-pointer flex-col gap-1 rounded-lg border p-4 transition-colors',
                'focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50',
                chosen ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <input
                type="radio"
                name="platform"
                value={id}
                checked={chosen}
                onChange={() => onChange(id)}
                aria-label={PLATFORMS[id].name}
                aria-describedby={`platform-how-${id}`}
                className="sr-only"
              />
              <span className="flex items-center gap-2 text-base font-semibold">
                <span
                  aria-hidden
                  className={cn(
                    'flex h-4 w-4 shrink-0 items-center justify-center rounded-full border',
                    chosen ? 'border-primary' : 'border-muted-foreground',
                  )}
                >
                  {chosen && <span className="h-2 w-2 rounded-full bg-primary" />}
                </span>
                {PLATFORMS[id].name}
              </span>
              <span id={`platform-how-${id}`} className="text-sm text-muted-foreground">
                {PLATFORMS[id].connectHint}
              </span>
              {current === id && (
                <span className="mt-1 flex items-center gap-1 text-xs font-medium text-emerald-700 dark:text-emerald-400">
                  <CircleCheck className="h-3.5 w-3.5" aria-hidden />
                  Connected now
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
