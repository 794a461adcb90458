import { MapPin } from 'lucide-react';
import { clsx } from 'clsx';
import { HelpTip } from './help-tip';

/** The board's ZIP code as shown; editable, a click starts editing it. */
export function ZipLabel({
  zip,
  editable,
  onEdit,
  emptyText,
}: {
  zip: string;
  editable: boolean;
  onEdit?: () => void;
  /** Said instead while there is no ZIP code. */
  emptyText?: string | undefined;
}) {
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
        onClick={onEdit}
        className={clsx(
          'inline-flex items-center gap-1 tabular-nums',
          editable ? 'hover:underline' : 'cursor-default',
        )}
      >
        <MapPin className="h-[1em] w-[1em]" aria-hidden />
        {zip || emptyText}
      </button>
    </HelpTip>
  );
}
