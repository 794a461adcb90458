import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

const stepsFor = (platform: string) =>
  ['Create your company', `Connect ${platform}`, 'Set your targets', 'See your board'] as const;

/** Where the newcomer is: four steps, the current one marked for screen readers too. */
export function SetupSteps({
  current,
  platform = 'ServiceTitan',
}: {
  current: 0 | 1 | 2 | 3;
  /** The company's platform, named in the connect step. */
  platform?: string;
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
