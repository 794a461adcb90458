import { isCompleteZip, sanitizeZip, ZIP_LENGTH } from '@shared/settings/board-settings-core';
import { InlineEditor } from '@/components/inline-editor';
import { ZipLabel } from './zip-label';

/** Digits only, at most 5; saved only at exactly 5 (Enter or blur), Escape reverts. */
export function ZipEditor({
  zip,
  editable,
  onChange,
  emptyText,
}: {
  zip: string;
  editable: boolean;
  onChange: (zip: string) => void;
  /** Said instead while there is no ZIP code. */
  emptyText?: string | undefined;
}) {
  return (
    <InlineEditor
      initial={zip}
      editable={editable}
      sanitize={sanitizeZip}
      parse={(draft) => (isCompleteZip(draft) && draft !== zip ? draft : null)}
      onSave={onChange}
      testId="zip-input"
      inputProps={{
        'aria-label': 'ZIP code',
        inputMode: 'numeric',
        maxLength: ZIP_LENGTH,
        className:
          'min-w-0 w-[4.5em] rounded border border-white/30 bg-black/30 px-1 py-0 text-inherit tabular-nums outline-none focus:ring-2 focus:ring-white/50',
      }}
      renderDisplay={(edit) => (
        <ZipLabel zip={zip} editable={editable} onEdit={edit} emptyText={emptyText} />
      )}
    />
  );
}
