/**
 * Targets that fit (issue 27, item 7; decision 036): a target suggested for each item from its
 * own past, so a new company's board does not open at 344 % against the default target of 5.
 *
 * The rule: the 80th percentile of the item's final counts on the working days of the last
 * 8 weeks (linear interpolation between the two nearest counts, as a spreadsheet's
 * PERCENTILE.INC does), rounded to the nearest whole job, at least 1. On 4 days in 5 the item
 * ended at or below it, so a day that reaches it was a good day, not an ordinary one.
 */

/** How far back a suggestion looks. */
export const SUGGESTION_WEEKS = 8;
/** The percentile of the daily final counts a suggestion is. */
export const SUGGESTION_PERCENTILE = 80;

/** The rule in one plain sentence, as the pages say it. */
export const SUGGESTION_RULE =
  'Suggested targets are the 80th percentile of each item’s final count on the working days of the last 8 weeks (4 days in 5 ended at or below it), rounded to a whole job.';

/**
 * The p-th percentile (0-100) of the values by linear interpolation between closest ranks
 * (PERCENTILE.INC, R's type 7): rank h = (n - 1) * p / 100, then the value at floor(h) plus
 * the fraction of h times the step to the next value. Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const h = ((sorted.length - 1) * Math.min(100, Math.max(0, p))) / 100;
  const low = Math.floor(h);
  const lower = sorted[low]!;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)]!;
  return lower + (h - low) * (upper - lower);
}

/**
 * The suggested day target for an item from its daily final counts (one per working day of
 * the window; a day with no booking counts as 0). Null when there is nothing to go by: no days,
 * or not one job on any of them (a target of 1 would only make an idle item look behind).
 */
export function suggestTarget(dailyCounts: readonly number[]): number | null {
  if (!dailyCounts.some((count) => count > 0)) return null;
  const value = percentile(dailyCounts, SUGGESTION_PERCENTILE)!;
  return Math.max(1, Math.round(value));
}
