import type { BoardItemId } from '@shared/api/boards';
import type { ItemType } from '@shared/api/item-groups';
import { useMemo, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import {
  useItemGroups,
  usePreferences,
  usePlatformItems,
} from '@/features/item-config/api/item-config-api';
import { ItemSearch } from '@/features/item-config/components/item-search';
import {
  buildConfigRows,
  DEFAULT_CONFIG_SORT,
  filterConfigRows,
  sortConfigRows,
} from '@/features/item-config/lib/config-rows';
import { itemKindWords } from '@/features/item-config/lib/item-kinds';

/**
 * Which business units or job types (and groups) a board shows (issue 26): every item, so new
 * ones on the platform appear (null), or the ones ticked. The rows, their names (custom names
 * included), the search and the groups are the configuration pages' own (item-config).
 */
export function ItemPicker({
  type,
  value,
  onChange,
  companyId,
}: {
  type: ItemType;
  value: BoardItemId[] | null;
  onChange: (value: BoardItemId[] | null) => void;
  /** The company a master admin manages the boards of (undefined: the person's own). */
  companyId: number | undefined;
}) {
  const metadata = usePlatformItems(companyId);
  const words = itemKindWords(type, metadata.data?.provider);
  const preferences = usePreferences(type, companyId);
  const groups = useItemGroups(type, companyId);
  const [search, setSearch] = useState('');
  const items = type === 'businessUnit' ? metadata.data?.businessUnits : metadata.data?.jobTypes;
  const rows = useMemo(
    () =>
      sortConfigRows(
        filterConfigRows(
          buildConfigRows(items ?? [], preferences.data ?? [], groups.data ?? []),
          search,
        ),
        DEFAULT_CONFIG_SORT,
      ),
    [items, preferences.data, groups.data, search],
  );
  const needle = search.trim().toLowerCase();
  const shownGroups = (groups.data ?? []).filter((g) => g.name.toLowerCase().includes(needle));
  const picked = new Set<BoardItemId>(value ?? []);
  const toggle = (id: BoardItemId, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next]);
  };
  const all = value === null;

  return (
    <div className="grid gap-3" data-testid="item-picker">
      <div className="flex items-center gap-2">
        <Checkbox
          id="picker-all"
          checked={all}
          onCheckedChange={(checked) => onChange(checked === true ? null : [])}
        />
        <Label htmlFor="picker-all">
          Every {words.singularLower} (new ones in {words.provider} appear too)
        </Label>
      </div>
      {!all && (
        <>
          <ItemSearch words={words} value={search} onChange={setSearch} />
          {metadata.isPending ? (
            <p className="text-sm text-muted-foreground">Loading {words.pluralLower}...</p>
          ) : (
            <ul className="grid max-h-[50vh] gap-1 overflow-auto rounded-md border p-2">
              {shownGroups.map((group) => {
                const id = `group:${group.id}` as const;
                return (
                  <PickRow
                    key={id}
                    id={`pick-${id}`}
                    checked={picked.has(id)}
                    onChange={(on) => toggle(id, on)}
                    label={group.name}
                    note="group"
                  />
                );
              })}
              {rows.map((row) => (
                <PickRow
                  key={row.id}
                  id={`pick-${row.id}`}
                  checked={picked.has(row.id)}
                  onChange={(on) => toggle(row.id, on)}
                  label={row.displayName}
                  note={row.groupName ? `in ${row.groupName}` : undefined}
                />
              ))}
              {rows.length === 0 && shownGroups.length === 0 && (
                <li className="p-2 text-sm text-muted-foreground">
                  {needle
                    ? `No ${words.pluralLower} match “${search.trim()}”.`
                    : `No ${words.pluralLower} yet.`}
                </li>
              )}
            </ul>
          )}
          <p className="text-sm text-muted-foreground">
            {picked.size === 0
              ? `Tick the ${words.pluralLower} this board shows.`
              : `${picked.size} ticked. A ${words.singularLower} ticked on its own shows on its own, even when it is in a group.`}
          </p>
        </>
      )}
    </div>
  );
}

function PickRow({
  id,
  checked,
  onChange,
  label,
  note,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  note?: string | undefined;
}) {
  return (
    <li className="flex items-center gap-2 rounded px-1 py-1 hover:bg-muted">
      <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} />
      <Label htmlFor={id} className="flex-1 cursor-pointer font-normal">
        {label}
        {note && <span className="ml-2 text-xs text-muted-foreground">{note}</span>}
      </Label>
    </li>
  );
}
