import { normalizeTitle } from '@shared/settings/dashboard-settings';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { HelpTip } from './help-tip';

/** Click to edit; Enter or blur saves the trimmed, non-empty text; Escape reverts. */
export function EditableTitle({
  title,
  editable,
  onChange,
}: {
  title: string;
  editable: boolean;
  onChange: (title: string) => void;
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
    const next = normalizeTitle(draft);
    if (next !== null && next !== title) onChange(next);
    setDraft(null);
  };

  if (draft !== null) {
    return (
      <input
        autoFocus
        aria-label="Dashboard title"
        data-testid="title-input"
        value={draft}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(null);
        }}
        className="w-full min-w-0 rounded-md border border-white/30 bg-black/30 px-2 text-[1.4em] font-bold sm:text-[1.9em] leading-tight text-inherit outline-none focus:ring-2 focus:ring-white/50"
      />
    );
  }

  return (
    <HelpTip
      text={editable ? 'Click to rename the board' : 'Unlock the dashboard to rename the board'}
    >
      <h1
        data-testid="board-title"
        className={cn(
          'min-w-0 truncate text-[1.4em] font-bold sm:text-[1.9em] leading-tight tracking-tight',
          editable && 'cursor-text rounded-md hover:bg-white/10',
        )}
        // A click anywhere on the heading edits, as the button inside it does for the keyboard.
        onClick={() => editable && setDraft(title)}
      >
        {editable ? (
          <button
            type="button"
            className="max-w-full truncate text-left font-[inherit] outline-none focus-visible:ring-2 focus-visible:ring-white/50 rounded-md"
            aria-label={`${title}, click to rename`}
          >
            {title}
          </button>
        ) : (
          title
        )}
      </h1>
    </HelpTip>
  );
}
