import type { ItemType } from '@shared/api/item-groups';
import type { TargetSuggestion } from '@shared/api/targets';
import { CircleCheck, Loader2, MonitorPlay, Target } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useApplyTargets, useTargetSuggestions } from '@/features/targets/api/targets-api';
import { differs, suggestionsPending } from '@/features/targets/components/target-suggestions-card';
import { usePlatform } from '@/hooks/use-platform';

const KIND_TITLES: Record<ItemType, string> = {
  businessUnit: 'Business units',
  jobType: 'Job types',
};

function SuggestionList({ type, items }: { type: ItemType; items: TargetSuggestion[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={KIND_TITLES[type]}>
      <h3 className="mb-1 text-sm font-semibold">{KIND_TITLES[type]}</h3>
      <div className="max-h-64 overflow-auto rounded-md border">
        <table className="w-full text-sm" data-testid={`setup-suggestions-${type}`}>
          <thead className="sticky top-0 bg-card text-muted-foreground">
            <tr className="border-b">
              <th className="px-3 py-2 text-left font-medium">Name</th>
              <th className="px-3 py-2 text-right font-medium">Target now</th>
              <th className="px-3 py-2 text-right font-medium">Suggested</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.itemId} className="border-b last:border-b-0">
                <td className="px-3 py-1.5">{item.name}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{item.day1Target}</td>
                <td className="px-3 py-1.5 text-right font-medium tabular-nums">
                  {item.suggested ?? <span className="text-muted-foreground">no jobs</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Onboarding's "Set your targets" step (decision 036), after connecting the company's platform: each
 * item's suggested target from its last 8 weeks, applied all at once or the targets kept; while
 * the history is still read, it says so and the person may go on and come back.
 */
export function TargetsStep({
  scrollIntoView = false,
  first = false,
}: {
  /** Just connected: bring the step into view below the connection check's result. */
  scrollIntoView?: boolean;
  /** Above the connection form rather than below it. */
  first?: boolean;
}) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollIntoView) card.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [scrollIntoView]);
  const suggestions = useTargetSuggestions({ poll: true });
  const apply = useApplyTargets();
  const data = suggestions.data;
  const platform = usePlatform().name;
  const pending = data ? suggestionsPending(data, platform) : null;
  const open = data?.items.filter(differs) ?? [];
  return (
    <Card ref={card} className={first ? 'mb-6' : 'mt-6'} data-testid="setup-targets-step">
      <CardHeader className="space-y-1.5">
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <Target className="h-5 w-5 text-muted-foreground" aria-hidden />
          Set your targets
        </CardTitle>
        <CardDescription>
          Each business unit and job type has a day target; the board shows how full each day is
          against it. Until you set them, every item has the default of 5.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!data ? (
          suggestions.isError ? (
            <p className="text-destructive">
              Suggestions could not be loaded: {suggestions.error.message}
            </p>
          ) : (
            <Loader2 className="h-6 w-6 animate-spin text-muted-foreground" aria-label="Loading" />
          )
        ) : pending ? (
          <p role="status" data-testid="setup-targets-pending" className="text-sm">
            {pending}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" data-testid="suggestion-rule">
              {data.rule}
            </p>
            <SuggestionList
              type="businessUnit"
              items={data.items.filter((item) => item.type === 'businessUnit')}
            />
            <SuggestionList
              type="jobType"
              items={data.items.filter((item) => item.type === 'jobType')}
            />
          </>
        )}
        {data && !data.targetsAreDefaults && (
          <p
            role="status"
            data-testid="setup-targets-done"
            className="flex items-center gap-2 text-sm"
          >
            <CircleCheck className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
            Your targets are set. Change any of them on the Business units and Job types pages.
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {data && !pending && open.length > 0 && (
            <Button
              onClick={() => apply.mutate('all')}
              disabled={apply.isPending}
              data-testid="setup-apply-all"
            >
              {apply.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Apply all {open.length} suggestions
            </Button>
          )}
          {data?.targetsAreDefaults && !pending && (
            <Button
              variant="outline"
              onClick={() => apply.mutate('none')}
              disabled={apply.isPending}
              data-testid="setup-keep-targets"
            >
              Keep the current targets
            </Button>
          )}
          <Button asChild variant={data?.targetsAreDefaults && !pending ? 'ghost' : 'default'}>
            <Link href={paths.home}>
              <MonitorPlay aria-hidden />
              Open my board
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
