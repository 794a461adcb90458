import { isCompleteZip, sanitizeZip, ZIP_LENGTH } from '@shared/settings/dashboard-settings';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { HelpTip } from './help-tip';

/** Digits only, at most 5; saved only at exactly 5 (Enter or blur), Escape reverts. */
export function ZipEditor({
  zip,
  editable,
  onChange,
}: {
  zip: string;
  editable: boolean;
  onChange: (zip: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);

  // Locking the board cancels an edit in progress (state adjusted while rendering, not in an effect).
  const [wasEditable, setWasEditable] = useState(editable);
  if (wasEditable !== editable) {
    setWasEditable(editable);
    if (!editable) setDraft(null);
  }

  const commit = () => {
    if (draft === null) return;
    if (isCompleteZip(draft) && draft !== zip) onChange(draft);
    setDraft(null);
  };

  if (draft !== null) {
    return (
      <input
        autoFocus
        inputMode="numeric"
        aria-label="ZIP code"
        data-testid="zip-input"
        value={draft}
        maxLength={ZIP_LENGTH}
        onChange={(event) => setDraft(sanitizeZip(event.target.value))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(null);
        }}
        className="w-[4.5em] rounded border border-white/30 bg-black/30 px-1 text-inherit tabular-nums outline-none focus:ring-2 focus:ring-white/50"
      />
    );
  }

  return (
    <HelpTip
      text={
        editable
          ? 'Click to change the ZIP code used for weather'
          : 'Unlock the dashboard to change the ZIP code'
      }
    >
      <button
        type="button"
        data-testid="zip-display"
        aria-disabled={!editable}
        onClick={() => editable && setDraft(zip)}
        className={cn(
          'inline-flex items-center gap-1 tabular-nums',
          editable ? 'hover:underline' : 'cursor-default',
        )}
      >
        <MapPin className="h-[1em] w-[1em]" aria-hidden />
        {zip}
      </button>
    </HelpTip>
  );
}
