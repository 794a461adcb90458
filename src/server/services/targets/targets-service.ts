import type { ItemType } from '../../../shared/api/item-groups.js';
import { DEFAULT_DAY_TARGET } from '../../../shared/api/preferences.js';
import type {
  ApplyTargetsBody,
  LearnedPaceResponse,
  SuggestionsStatus,
  TargetSuggestion,
  TargetSuggestionsResponse,
} from '../../../shared/api/targets.js';
import { workingDaysBetween } from '../../../shared/calendar/display-days.js';
import {
  SUGGESTION_RULE,
  SUGGESTION_WEEKS,
  suggestTarget,
} from '../../../shared/targets/suggest-target.js';
import { providerName } from '../../../shared/providers/platforms.js';
import type { Database } from '../../db/index.js';
import { AppError } from '../../errors.js';
import { readCompanySettings, readSettingsOnly } from '../board-settings/board-settings-store.js';
import { settingsHomeOf, type BoardRow } from '../boards/board-store.js';
import type { CapacityService } from '../capacity/capacity-service.js';
import {
  companyProvider,
  hasPlatformAccount,
  markTargetsReviewed,
  targetsReviewedAt,
} from '../companies/company-store.js';
import type { EventBus } from '../events/contract.js';
import { readBackfill, readFinals } from '../history/history-store.js';
import { lastWeeks, learnedPaceAnswer, learnedPaceFor } from './learned-pace.js';
import { allTargetsDefault, listPreferences, setTargets } from '../preferences/preference-store.js';

/**
 * Targets that fit (issue 27, item 7; decision 036): each item's target suggested from the
 * company's history of the last 8 weeks, applied one by one or all at once, and whether the
 * company's targets are still the defaults. The learned pace curve (decision 037) reads the
 * same history.
 */

const ITEM_TYPES: ItemType[] = ['businessUnit', 'jobType'];
const FALLBACK_NAME: Record<ItemType, string> = {
  businessUnit: 'Business unit',
  jobType: 'Job type',
};

export interface TargetsService {
  suggestions(companyId: number, canApply: boolean): Promise<TargetSuggestionsResponse>;
  /** Applies suggestions (or accepts the targets as they are); a 400 naming `items` changes nothing. */
  apply(
    companyId: number,
    body: ApplyTargetsBody,
  ): Promise<TargetSuggestionsResponse & { applied: number }>;
  /** The pace curve the board's history teaches, or why there is none yet. */
  learnedPace(board: BoardRow): Promise<LearnedPaceResponse>;
}

export function createTargetsService(deps: {
  db: Database;
  capacity: CapacityService;
  events: EventBus;
  now: () => Date;
}): TargetsService {
  const { db, capacity, now } = deps;

  async function names(companyId: number): Promise<Map<string, string>> {
    const named = new Map<string, string>();
    try {
      const metadata = await capacity.metadataFor({
        id: `company:${companyId}`,
        companyId,
        boardCompanyId: companyId,
      });
      for (const item of metadata.businessUnits) named.set(`businessUnit:${item.id}`, item.name);
      for (const item of metadata.jobTypes) named.set(`jobType:${item.id}`, item.name);
    } catch {
      // Names are a courtesy: the suggestions stand on the history alone.
    }
    return named;
  }

  async function status(
    companyId: number,
    days: number,
  ): Promise<{ status: SuggestionsStatus; progress: { done: number; total: number } | null }> {
    const backfill = await readBackfill(db, companyId);
    const progress = backfill.progress
      ? { done: backfill.progress.done, total: backfill.progress.total }
      : null;
    if (backfill.status === 'done' || backfill.status === 'failed') {
      return { status: 'ready', progress };
    }
    if (await hasPlatformAccount(db, companyId)) return { status: 'backfilling', progress };
    return { status: days > 0 ? 'ready' : 'not_connected', progress };
  }

  async function suggestions(
    companyId: number,
    canApply: boolean,
  ): Promise<TargetSuggestionsResponse> {
    const settings = await readCompanySettings(db, companyId);
    const { from, to } = lastWeeks(now(), settings.timezone, SUGGESTION_WEEKS);
    const working = new Set(
      workingDaysBetween({
        from,
        to,
        timeZone: settings.timezone,
        workdays: settings.workdays,
        holidays: settings.holidays,
      }).map((day) => day.date),
    );
    const [finals, named, reviewedAt, defaults] = await Promise.all([
      readFinals(db, companyId, from, to),
      names(companyId),
      targetsReviewedAt(db, companyId),
      allTargetsDefault(db, companyId),
    ]);
    const days = [...new Set(finals.map((row) => row.day))].filter((day) => working.has(day));
    const dayIndex = new Map(days.map((day, index) => [day, index]));
    // Per item, its final count on each day with history (0 where it has no row that day).
    const counts = new Map<string, number[]>();
    const countsOf = (key: string) => {
      let found = counts.get(key);
      if (!found) counts.set(key, (found = new Array<number>(days.length).fill(0)));
      return found;
    };
    for (const key of named.keys()) countsOf(key);
    for (const row of finals) {
      const index = dayIndex.get(row.day);
      if (index === undefined) continue;
      countsOf(`${row.itemType}:${row.itemId}`)[index] = row.scheduled;
    }
    const items: TargetSuggestion[] = [];
    for (const type of ITEM_TYPES) {
      const preferences = new Map(
        (await listPreferences(db, companyId, type)).map((p) => [p.itemId, p]),
      );
      const keys = [...counts.keys()].filter((key) => key.startsWith(`${type}:`));
      for (const key of keys) {
        const itemId = Number(key.slice(type.length + 1));
        const preference = preferences.get(itemId);
        items.push({
          type,
          itemId,
          name: named.get(key) ?? `${FALLBACK_NAME[type]} ${itemId}`,
          day1Target: preference?.day1Target ?? DEFAULT_DAY_TARGET,
          day2Target: preference?.day2Target ?? DEFAULT_DAY_TARGET,
          day3Target: preference?.day3Target ?? DEFAULT_DAY_TARGET,
          suggested: suggestTarget(counts.get(key)!),
          days: days.length,
        });
      }
    }
    items.sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name));
    return {
      ...(await status(companyId, days.length)),
      from,
      to,
      days: days.length,
      rule: SUGGESTION_RULE,
      targetsAreDefaults: reviewedAt === null && defaults,
      canApply,
      items,
    };
  }

  async function apply(
    companyId: number,
    body: ApplyTargetsBody,
  ): Promise<TargetSuggestionsResponse & { applied: number }> {
    const current = await suggestions(companyId, true);
    let chosen: TargetSuggestion[] = [];
    if (body.items !== 'none') {
      if (current.status !== 'ready') {
        const platform = providerName(await companyProvider(db, companyId));
        throw invalid(
          'items',
          current.status === 'backfilling'
            ? `suggestions are not ready: ${platform}’s past is still being read`
            : `there are no suggestions without history from ${platform}`,
        );
      }
      const byKey = new Map(current.items.map((item) => [`${item.type}:${item.itemId}`, item]));
      if (body.items === 'all') {
        chosen = current.items.filter((item) => item.suggested !== null);
      } else {
        const named = new Map<string, number>();
        for (const [index, wanted] of body.items.entries()) {
          const key = `${wanted.type}:${wanted.itemId}`;
          const first = named.get(key);
          // Once each: the same item twice would be two writes of one row in one statement.
          if (first !== undefined) {
            throw invalid(`items.${index}`, `names the same item as items.${first}`);
          }
          named.set(key, index);
          const item = byKey.get(key);
          if (!item || item.suggested === null) {
            throw invalid(
              `items.${index}.itemId`,
              item
                ? 'has no suggested target: no job on any working day of the last 8 weeks'
                : 'is not one of your items with history',
            );
          }
          chosen.push(item);
        }
      }
    }
    const changed = chosen.filter(
      (item) =>
        item.day1Target !== item.suggested ||
        item.day2Target !== item.suggested ||
        item.day3Target !== item.suggested,
    );
    const at = now();
    await db.transaction(async (tx) => {
      await setTargets(
        tx,
        companyId,
        changed.map((item) => ({ type: item.type, itemId: item.itemId, target: item.suggested! })),
        at,
      );
      await markTargetsReviewed(tx, companyId, at);
    });
    await deps.events.publish({ type: 'preferences.changed', companyId });
    return { ...(await suggestions(companyId, true)), applied: changed.length };
  }

  async function learnedPace(board: BoardRow): Promise<LearnedPaceResponse> {
    const settings = await readSettingsOnly(db, settingsHomeOf(board));
    return learnedPaceAnswer(
      await learnedPaceFor(db, {
        companyId: board.companyId,
        viewType: board.viewType,
        settings,
        now: now(),
      }),
    );
  }

  return { suggestions, apply, learnedPace };
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, {
    location: 'body',
    issues: [{ field, message }],
  });
}
