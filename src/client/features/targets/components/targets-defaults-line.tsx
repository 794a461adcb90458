import type { ViewType } from '@shared/settings/board-settings-constants';
import { Info } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { usePlatform } from '@/hooks/use-platform';
import { useTargetSuggestions } from '../api/targets-status';

/**
 * One line on a person's board while the company's targets are the defaults (decision 036),
 * with the way to where they are set. Not on a paired TV: nobody at the wall can act on it.
 */
export function TargetsDefaultsLine({ viewType }: { viewType: ViewType }) {
  const { data } = useTargetSuggestions();
  // The page's name in the platform's own words ("Business Units", "Services", "Team").
  const pageName = usePlatform().views[viewType].plural;
  if (!data?.targetsAreDefaults) return null;
  const page = viewType === 'jobType' ? paths.jobTypes : paths.businessUnits;
  const ready = data.status === 'ready' && data.items.some((item) => item.suggested !== null);
  return (
    <p
      role="note"
      data-testid="targets-defaults-line"
      className="mx-auto mb-3 flex max-w-5xl items-center justify-center gap-2 rounded-md border border-sky-500/40 bg-sky-500/10 px-3 py-2 text-center text-sm"
    >
      <Info className="h-4 w-4 shrink-0" aria-hidden />
      <span>
        These targets are the defaults (5 jobs a day per item), not yours.{' '}
        {data.canApply ? (
          <Link href={page} className="font-medium underline underline-offset-2">
            {ready ? `Set them from suggestions on ${pageName}` : `Set them on ${pageName}`}
          </Link>
        ) : (
          `An administrator sets them on ${pageName}.`
        )}
      </span>
    </p>
  );
}
