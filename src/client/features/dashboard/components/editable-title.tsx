import { normalizeTitle } from '@shared/settings/board-settings-core';
import { InlineEditor } from '@/components/inline-editor';
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
  return (
    <InlineEditor
      initial={title}
      editable={editable}
      parse={(draft) => {
        const next = normalizeTitle(draft);
        return next !== null && next !== title ? next : null;
      }}
      onSave={onChange}
      testId="title-input"
      className="w-full"
      inputProps={{
        'aria-label': 'Dashboard title',
        maxLength: 200,
        className:
          'w-full min-w-0 rounded-md border border-white/30 bg-black/30 px-2 py-0 text-[1.4em] font-bold sm:text-[1.9em] leading-tight text-inherit outline-none focus:ring-2 focus:ring-white/50',
      }}
      renderDisplay={(edit) => (
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
            onClick={edit}
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
      )}
    />
  );
}
