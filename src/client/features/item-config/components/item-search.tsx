import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import type { ItemKindWords } from '../lib/item-kinds';

/**
 * The search box over a list of business units or job types: the configuration pages' table and
 * the Boards page's item picker narrow their rows with it (filterConfigRows).
 */
export function ItemSearch({
  words,
  value,
  onChange,
}: {
  /** The items' words on the company's platform ("business units", "services"). */
  words: ItemKindWords;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative max-w-sm">
      <Search
        className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={`Search ${words.pluralLower}...`}
        aria-label={`Search ${words.pluralLower}`}
        className="pl-8"
      />
    </div>
  );
}
