import type { ItemGroup, ItemType } from '@shared/api/item-groups';
import type { ItemPreference, PreferenceChanges } from '@shared/api/preferences';
import type { NamedItem } from '@shared/api/providers';
import type { TargetSuggestion } from '@shared/api/targets';
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { INLINE_EDITOR_INPUT, InlineEditor } from '@/components/inline-editor';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { SuggestionCell } from '@/features/targets/components/target-suggestions-card';
import { cn } from '@/lib/utils';
import {
  useSavePreference,
  useSavePreferencesForAll,
  type PreferenceChange,
} from '../api/item-config-api';
import {
  buildConfigRows,
  customNameToSave,
  DEFAULT_CONFIG_SORT,
  filterConfigRows,
  nextConfigSort,
  sortConfigRows,
  type ConfigRow,
  type ConfigSort,
  type ConfigSortKey,
} from '../lib/config-rows';
import { useItemKindWords } from '../lib/item-kinds';
import { DayTargetCell } from './day-target-cell';
import { ItemSearch } from './item-search';

const NO_GROUP = 'none';
/**
 * The provider's name stays in view while the table scrolls sideways (a phone shows two or
 * three columns of eight): a narrow sticky first column, with a line where the rest slides under.
 */
const NAME_COLUMN =
  'w-32 min-w-32 max-w-32 break-words shadow-[1px_0_0_var(--color-border)] sm:w-auto sm:min-w-0 sm:max-w-none sm:shadow-none';
const DAYS = [1, 2, 3] as const;

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: ConfigSortKey;
  sort: ConfigSort;
  onSort: (key: ConfigSortKey) => void;
}) {
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="sticky top-0 z-10 bg-card px-3 py-2 text-left font-medium"
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Sort by ${label}`}
      >
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
      </button>
    </th>
  );
}

function PlainHeader({ children, className }: { children: string; className?: string }) {
  return (
    <th
      scope="col"
      className={cn('sticky top-0 z-10 bg-card px-3 py-2 text-left font-medium', className)}
    >
      {children}
    </th>
  );
}

/** The configuration table (seed sections 2 and 4), one row per provider item. */
export function PreferenceTable({
  type,
  items,
  preferences,
  groups,
  readOnlyReason,
  suggestions,
  targets = true,
  companyId,
}: {
  type: ItemType;
  items: NamedItem[];
  preferences: ItemPreference[];
  groups: ItemGroup[];
  readOnlyReason: string | null;
  /** Each item's suggested target by id (decision 036), once the history is filled in. */
  suggestions?: ReadonlyMap<number, TargetSuggestion> | undefined;
  /** False when every board of this kind measures hours (issue 35): no target columns. */
  targets?: boolean;
  /** The company a master admin supports (undefined: the person's own). */
  companyId: number | undefined;
}) {
  const words = useItemKindWords(type, companyId);
  const editable = readOnlyReason === null;
  const title = readOnlyReason ?? undefined;
  const [sort, setSort] = useState<ConfigSort>(DEFAULT_CONFIG_SORT);
  const [search, setSearch] = useState('');
  const savePreference = useSavePreference(type, companyId);
  const save = (row: ConfigRow, changes: PreferenceChanges) =>
    savePreference.mutate({ itemId: row.id, changes });

  const rows = useMemo(
    () =>
      sortConfigRows(filterConfigRows(buildConfigRows(items, preferences, groups), search), sort),
    [items, preferences, groups, search, sort],
  );
  const onSort = (key: ConfigSortKey) => setSort((current) => nextConfigSort(current, key));
  const saveForAll = useSavePreferencesForAll(type, companyId);
  /** Every shown row whose value differs gets it (the search narrows what "all" is). */
  const setForAll = (changed: (row: ConfigRow) => PreferenceChange['changes'] | null) => {
    const changes = rows.flatMap((row) => {
      const next = changed(row);
      return next ? [{ itemId: row.id, changes: next }] : [];
    });
    if (changes.length) saveForAll.mutate(changes);
  };

  return (
    <Card>
      <CardContent className="space-y-3 p-3 sm:p-4">
        <ItemSearch words={words} value={search} onChange={setSearch} />
        <p className="text-xs text-muted-foreground sm:hidden" data-testid="table-swipe-hint">
          {!targets
            ? 'Swipe the table sideways for Show/Hide.'
            : suggestions
              ? 'Swipe the table sideways for Show/Hide, the day targets and the suggested targets.'
              : 'Swipe the table sideways for Show/Hide and the day targets.'}
        </p>
        <div
          className="max-h-[70vh] overflow-auto rounded-md border"
          data-testid="preference-table-scroll"
        >
          <table
            className={cn(
              'w-full border-collapse text-sm',
              targets ? 'min-w-[62rem]' : 'min-w-[36rem]',
            )}
            data-testid="preference-table"
          >
            <thead className="text-muted-foreground [&_th]:border-b">
              <tr>
                <PlainHeader className={`left-0 z-20 ${NAME_COLUMN}`}>
                  {words.nameHeader}
                </PlainHeader>
                <SortHeader label="Custom Name" column="name" sort={sort} onSort={onSort} />
                <SortHeader label="Group" column="group" sort={sort} onSort={onSort} />
                <PlainHeader>Show/Hide</PlainHeader>
                {targets && DAYS.map((d) => <PlainHeader key={d}>{`Day${d} Target`}</PlainHeader>)}
                {targets && suggestions && <PlainHeader>Suggested</PlainHeader>}
                {targets && (
                  <PlainHeader className="min-w-[8.5rem]">Set all Days the Same</PlainHeader>
                )}
              </tr>
              {editable && rows.length > 1 && (
                <SetForAllRow
                  words={words}
                  rows={rows}
                  busy={saveForAll.isPending}
                  setForAll={setForAll}
                  withSuggestions={suggestions !== undefined}
                  targets={targets}
                />
              )}
            </thead>
            <tbody>
              {rows.map((row) => (
                <PreferenceRow
                  key={row.id}
                  row={row}
                  groups={groups}
                  editable={editable}
                  title={title}
                  save={save}
                  suggestions={suggestions}
                  targets={targets}
                  companyId={companyId}
                />
              ))}
              {rows.length === 0 && (
                <tr>
                  <td
                    colSpan={!targets ? 4 : suggestions ? 9 : 8}
                    className="px-3 py-6 text-center text-muted-foreground"
                  >
                    No {words.pluralLower} match “{search.trim()}”.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Under the headers: one control per column that sets it for every shown row at once (a
 * search narrows them), for a long list such as 23 job types.
 */
function SetForAllRow({
  words,
  rows,
  busy,
  setForAll,
  withSuggestions,
  targets,
}: {
  words: { pluralLower: string };
  rows: ConfigRow[];
  busy: boolean;
  withSuggestions: boolean;
  targets: boolean;
  setForAll: (changed: (row: ConfigRow) => PreferenceChange['changes'] | null) => void;
}) {
  const allShown = rows.every((row) => row.enabled);
  const cell = 'border-b bg-muted/50 px-3 py-2 text-left font-normal';
  return (
    <tr data-testid="set-for-all-row">
      <th scope="row" className={cn(cell, 'sticky left-0 z-[5] bg-card', NAME_COLUMN)}>
        <span className="font-medium text-foreground">For all {rows.length} shown</span>
      </th>
      <td colSpan={2} className={cell}>
        <span className="text-xs">
          Set a column for every {words.pluralLower.replace(/s$/, '')} listed below
        </span>
      </td>
      <td className={cell}>
        <Checkbox
          checked={allShown}
          disabled={busy}
          aria-label={`Show all ${rows.length} listed ${words.pluralLower}`}
          onCheckedChange={(checked) =>
            setForAll((row) =>
              row.enabled === (checked === true) ? null : { enabled: checked === true },
            )
          }
        />
      </td>
      {(targets ? DAYS : []).map((d) => (
        <td key={d} className={cell}>
          <DayTargetCell
            value={null}
            label={`Day${d} Target for all ${rows.length} listed ${words.pluralLower}`}
            disabled={busy}
            onSave={(target) =>
              setForAll((row) =>
                row[`day${d}Target`] === target ? null : { [`day${d}Target`]: target },
              )
            }
          />
        </td>
      ))}
      {targets && withSuggestions && <td className={cell} />}
      {targets && <td className={cell} />}
    </tr>
  );
}

function PreferenceRow({
  row,
  groups,
  editable,
  title,
  save,
  suggestions,
  targets,
  companyId,
}: {
  row: ConfigRow;
  groups: ItemGroup[];
  editable: boolean;
  title: string | undefined;
  save: (row: ConfigRow, changes: PreferenceChanges) => void;
  suggestions: ReadonlyMap<number, TargetSuggestion> | undefined;
  targets: boolean;
  companyId: number | undefined;
}) {
  const withTargets = targets;
  const dayTargets = [row.day1Target, row.day2Target, row.day3Target] as const;
  const allSame = dayTargets[0] === dayTargets[1] && dayTargets[1] === dayTargets[2];
  return (
    <tr
      data-testid="preference-row"
      data-item-id={row.id}
      className={cn('border-b last:border-b-0', !row.enabled && 'opacity-50')}
    >
      <td
        className={cn('sticky left-0 z-[5] bg-card px-3 py-2', NAME_COLUMN)}
        data-testid="provider-name"
      >
        {row.providerName}
      </td>
      <td className="px-3 py-2">
        <InlineEditor
          initial={row.customName ?? row.providerName}
          editable={editable}
          parse={(draft) => (draft.trim() ? draft : null)}
          onSave={(draft) => {
            const next = customNameToSave(row, draft);
            if (next !== undefined) save(row, { customName: next });
          }}
          buttons={{ save: 'Save custom name', cancel: 'Cancel' }}
          testId="custom-name-input"
          inputProps={{
            'aria-label': `Custom name for ${row.providerName}`,
            maxLength: 100,
            className: cn(INLINE_EDITOR_INPUT, 'h-9 w-44'),
          }}
          renderDisplay={(edit) => (
            <div className="flex items-center gap-1">
              <span
                data-testid="display-name"
                className={cn(!row.customName && 'text-muted-foreground')}
              >
                {row.displayName}
              </span>
              {editable && (
                <button
                  type="button"
                  onClick={edit}
                  aria-label={`Edit custom name for ${row.providerName}`}
                  className="inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-accent"
                >
                  <Pencil className="h-3.5 w-3.5" aria-hidden />
                </button>
              )}
            </div>
          )}
        />
      </td>
      <td className="px-3 py-2">
        <Select
          value={row.groupId === null ? NO_GROUP : String(row.groupId)}
          disabled={!editable || !row.enabled}
          onValueChange={(value) =>
            save(row, { groupId: value === NO_GROUP ? null : Number(value) })
          }
        >
          <SelectTrigger
            className="h-9 w-40"
            aria-label={`Group for ${row.providerName}`}
            title={title}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_GROUP}>No group</SelectItem>
            {groups.map((group) => (
              <SelectItem key={group.id} value={String(group.id)}>
                {group.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </td>
      <td className="px-3 py-2">
        <Checkbox
          checked={row.enabled}
          disabled={!editable}
          title={title}
          aria-label={`Show ${row.providerName}`}
          onCheckedChange={(checked) => save(row, { enabled: checked === true })}
        />
      </td>
      {(withTargets ? DAYS : []).map((d, i) => (
        <td key={d} className="px-3 py-2">
          <DayTargetCell
            value={dayTargets[i]!}
            label={`Day${d} Target for ${row.providerName}`}
            disabled={!editable}
            title={title}
            onSave={(target) => save(row, { [`day${d}Target`]: target })}
          />
        </td>
      ))}
      {withTargets && suggestions && (
        <td className="px-3 py-2" data-testid="suggestion-cell">
          <SuggestionCell
            item={suggestions.get(row.id)}
            name={row.providerName}
            editable={editable}
            title={title}
            companyId={companyId}
          />
        </td>
      )}
      {withTargets && (
        <td className="px-3 py-2">
          <Checkbox
            checked={allSame}
            disabled={!editable}
            title={title}
            aria-label={`Set all days the same for ${row.providerName}`}
            onCheckedChange={(checked) => {
              if (checked === true && !allSame)
                save(row, { day2Target: row.day1Target, day3Target: row.day1Target });
            }}
          />
        </td>
      )}
    </tr>
  );
}
