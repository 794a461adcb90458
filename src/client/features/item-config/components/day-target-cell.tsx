import { useRef, useState } from 'react';
import { parseDayTarget } from '../lib/config-rows';

/**
 * A day target (seed sections 4 and 5): focusing starts editing, Enter or blur saves a whole
 * number greater than 0 (anything else saves nothing), Escape cancels.
 */
export function DayTargetCell({
  value,
  label,
  disabled,
  title,
  onSave,
}: {
  /** Null: a cell that sets many rows (blank until typed in). */
  value: number | null;
  label: string;
  disabled: boolean;
  title?: string;
  onSave: (target: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const cancelled = useRef(false);

  const finish = () => {
    if (draft !== null && !cancelled.current) {
      const target = parseDayTarget(draft);
      if (target !== null && target !== value) onSave(target);
    }
    cancelled.current = false;
    setDraft(null);
  };

  return (
    <input
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
      aria-label={label}
      title={title}
      disabled={disabled}
      value={draft ?? (value === null ? '' : String(value))}
      placeholder={value === null ? 'All' : undefined}
      onFocus={() => setDraft(value === null ? '' : String(value))}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={finish}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          cancelled.current = true;
          event.currentTarget.blur();
        }
      }}
      className="h-9 w-20 rounded-md border border-input bg-background px-2 text-right tabular-nums outline-none focus:ring-2 focus:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
    />
  );
}
