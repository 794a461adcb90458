import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

const stepsFor = (platform: string | null) =>
  [
    'Create your company',
    platform ? `Connect ${platform}` : 'Connect your platform',
    'Set your targets',
    'See your board',
  ] as const;

const NUMBER_WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'];

/**
 * "Four short steps": the welcome's words count the steps listed (issue 33 item 8: it said
 * "Three short steps" above four).
 */
export const SETUP_STEPS_IN_WORDS = `${NUMBER_WORDS[stepsFor(null).length]} short steps`;

/** Where the newcomer is: four steps, the current one marked for screen readers too. */
export function SetupSteps({
  current,
  platform = null,
}: {
  current: 0 | 1 | 2 | 3;
  /** The platform chosen, named in the connect step (null: not chosen yet). */
  platform?: string | null;
}) {
  const STEPS = stepsFor(platform);
  return (
    <ol className="mb-6 flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Setup steps">
      {STEPS.map((label, index) => (
        <li
          key={label}
          aria-current={index === current ? 'step' : undefined}
          className={cn(
            'flex items-center gap-2',
            index === current ? 'font-semibold text-foreground' : 'text-muted-foreground',
          )}
        >
          <span
            className={cn(
              'flex h-6 w-6 items-center justify-center rounded-full border text-xs',
              index < current && 'border-primary bg-primary text-primary-foreground',
              index === current && 'border-foreground',
            )}
            aria-hidden
          >
            {index < current ? <Check className="h-3.5 w-3.5" /> : index + 1}
          </span>
          {label}
          {index < current && <span className="sr-only">(done)</span>}
        </li>
      ))}
    </ol>
  );
}
