import type { ConnectionCheck } from '@shared/api/companies';
import { DEFAULT_PROVIDER, providerName, type ProviderId } from '@shared/providers/platforms';
import { CircleAlert, CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * What the company's platform said when asked with its connection details, in plain words:
 * connected, or the first thing to fix, then each read the board needs with its outcome.
 */
export function ConnectionCheckResult({
  check,
  className,
  provider = DEFAULT_PROVIDER,
}: {
  check: ConnectionCheck;
  className?: string;
  /** The platform that was asked (the default one unless said). */
  provider?: ProviderId;
}) {
  const [first, ...others] = check.problems;
  const name = providerName(provider);
  return (
    <div
      role="status"
      data-testid="connection-check"
      className={cn(
        'rounded-md border p-3 text-sm',
        check.ok
          ? 'border-emerald-600/50 bg-emerald-500/10'
          : 'border-amber-600/50 bg-amber-500/10',
        className,
      )}
    >
      <p className="flex items-start gap-2 font-medium">
        {check.ok ? (
          <CircleCheck
            className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400"
            aria-hidden
          />
        ) : (
          <CircleAlert
            className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-400"
            aria-hidden
          />
        )}
        <span>
          {check.ok
            ? `Connected: ${name} answered every read the board needs.`
            : (first?.message ?? `${name} could not be reached with these details.`)}
        </span>
      </p>
      {others.length > 0 && (
        <ul className="mt-2 list-disc pl-9">
          {others.map((problem) => (
            <li key={`${problem.code}-${problem.step ?? ''}-${problem.scope ?? ''}`}>
              {problem.message}
            </li>
          ))}
        </ul>
      )}
      {check.hoursProblems && check.hoursProblems.length > 0 && (
        <div className="mt-2 pl-6" data-testid="connection-check-hours">
          <p className="font-medium">Boards that measure hours also need:</p>
          <ul className="mt-1 list-disc pl-5">
            {check.hoursProblems.map((problem) => (
              <li key={`${problem.code}-${problem.step ?? ''}`}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      {check.steps.length > 0 && (
        <ul className="mt-2 grid gap-1 pl-6" aria-label="What was checked">
          {check.steps.map((step) => (
            <li key={step.name} className="flex items-center gap-2">
              {step.status === 'ok' ? (
                <CircleCheck
                  className="h-4 w-4 text-emerald-600 dark:text-emerald-400"
                  aria-hidden
                />
              ) : step.status === 'failed' ? (
                <CircleX className="h-4 w-4 text-red-600 dark:text-red-400" aria-hidden />
              ) : (
                <CircleDashed className="h-4 w-4 text-muted-foreground" aria-hidden />
              )}
              <span>
                {step.label}
                <span className="sr-only">
                  :{' '}
                  {step.status === 'ok'
                    ? 'passed'
                    : step.status === 'failed'
                      ? 'failed'
                      : 'not tried'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
