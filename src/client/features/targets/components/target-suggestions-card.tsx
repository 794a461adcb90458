import type { ItemType } from '@shared/api/item-groups';
import type { TargetSuggestion, TargetSuggestionsResponse } from '@shared/api/targets';
import { DEFAULT_PROVIDER, providerName } from '@shared/providers/platforms';
import { Loader2, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { usePlatform } from '@/hooks/use-platform';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useApplyTargets } from '../api/targets-api';

/** Whether applying the suggestion would change the item's targets. */
export const differs = (item: TargetSuggestion): boolean =>
  item.suggested !== null &&
  (item.day1Target !== item.suggested ||
    item.day2Target !== item.suggested ||
    item.day3Target !== item.suggested);

/** What the history is doing, in one sentence, when suggestions are not there yet. */
export function suggestionsPending(
  data: TargetSuggestionsResponse,
  platform = providerName(DEFAULT_PROVIDER),
): string | null {
  if (data.status === 'not_connected') {
    return `Suggestions come from your ${platform} history: connect ${platform} first.`;
  }
  if (data.status === 'backfilling') {
    const progress = data.progress
      ? ` (${data.progress.done} of ${data.progress.total} working days read)`
      : '';
    return `Your last 13 weeks are still being read from ${platform}${progress}. Suggestions appear here when that is done: carry on to your board and come back here, or to the Business units and Job types pages, later.`;
  }
  return null;
}

/**
 * Above a configuration page's table (decision 036): the rule in one sentence, how many of this
 * kind's items have a suggestion that differs from their targets, and "Apply all" for them.
 * Each row of the table has its own "Apply".
 */
export function TargetSuggestionsCard({
  type,
  data,
  wordsPlural,
  readOnlyReason,
  companyId,
}: {
  type: ItemType;
  data: TargetSuggestionsResponse;
  wordsPlural: string;
  readOnlyReason: string | null;
  /** The company a master admin supports (undefined: the person's own). */
  companyId: number | undefined;
}) {
  const apply = useApplyTargets(companyId);
  const ofKind = data.items.filter((item) => item.type === type);
  const open = ofKind.filter(differs);
  const platform = usePlatform(companyId).name;
  const pending = suggestionsPending(data, platform);
  return (
    <Card data-testid="target-suggestions">
      <CardHeader className="space-y-1.5 pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Sparkles className="h-5 w-5 text-muted-foreground" aria-hidden />
          Suggested targets
        </CardTitle>
        <CardDescription data-testid="suggestion-rule">{data.rule}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm" data-testid="suggestions-summary">
          {pending ??
            (open.length > 0
              ? `${open.length} of ${ofKind.length} ${wordsPlural} have a suggested target that differs from theirs (from ${data.days} working days, ${data.from} to ${data.to}).`
              : ofKind.some((item) => item.suggested !== null)
                ? `Every ${wordsPlural.replace(/s$/, '')} with a suggestion already has it as its target.`
                : `No suggestions: none of your ${wordsPlural} had a job in the last 8 weeks.`)}
          {data.targetsAreDefaults && !pending && (
            <span className="block text-muted-foreground" data-testid="defaults-note">
              Your targets are still the default of 5 a day per item.
            </span>
          )}
        </p>
        {!pending && open.length > 0 && (
          <Button
            onClick={() =>
              apply.mutate(open.map((item) => ({ type: item.type, itemId: item.itemId })))
            }
            disabled={readOnlyReason !== null || apply.isPending}
            title={readOnlyReason ?? undefined}
            data-testid="apply-all-suggestions"
            className="shrink-0"
          >
            {apply.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Apply all {open.length} suggestions
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The "Suggested" cell of a configuration row: the number and its "Apply", or why there is none. */
export function SuggestionCell({
  item,
  name,
  editable,
  title,
  companyId,
}: {
  item: TargetSuggestion | undefined;
  name: string;
  editable: boolean;
  title: string | undefined;
  companyId: number | undefined;
}) {
  const apply = useApplyTargets(companyId);
  if (!item || item.suggested === null) {
    return (
      <span className="text-muted-foreground" title="No job in the last 8 weeks">
        —
      </span>
    );
  }
  return (
    <div className="flex items-center gap-2" data-testid="suggestion">
      <span className="tabular-nums font-medium">{item.suggested}</span>
      {differs(item) ? (
        <Button
          size="sm"
          variant="outline"
          className="h-8"
          disabled={!editable || apply.isPending}
          title={title}
          aria-label={`Apply suggested target ${item.suggested} for ${name}`}
          onClick={() => apply.mutate([{ type: item.type, itemId: item.itemId }])}
        >
          Apply
        </Button>
      ) : (
        <span className="text-xs text-muted-foreground">= target</span>
      )}
    </div>
  );
}
