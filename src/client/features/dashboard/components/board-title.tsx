import { clsx } from 'clsx';
import { HelpTip } from './help-tip';

/**
 * The board's title as shown. Editable (the board unlocked, its editor loaded), it is a button
 * that starts editing; otherwise plain text (a locked board, a paired screen).
 */
export function BoardTitle({
  title,
  editable,
  onEdit,
}: {
  title: string;
  editable: boolean;
  onEdit?: () => void;
}) {
  return (
    <HelpTip
      text={editable ? 'Click to rename the board' : 'Unlock the dashboard to rename the board'}
    >
      <h1
        data-testid="board-title"
        className={clsx(
          'min-w-0 truncate text-[1.4em] font-bold sm:text-[1.9em] leading-tight tracking-tight',
          editable && 'cursor-text rounded-md hover:bg-white/10',
        )}
        // A click anywhere on the heading edits, as the button inside it does for the keyboard.
        onClick={editable ? onEdit : undefined}
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
