import { normalizeTitle } from '@shared/settings/board-settings-core';
import { INLINE_EDITOR_BOX, InlineEditor } from '@/components/inline-editor';
import { BoardTitle } from './board-title';

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
      className={`${INLINE_EDITOR_BOX} w-full`}
      inputProps={{
        'aria-label': 'Dashboard title',
        maxLength: 200,
        className:
          'w-full min-w-0 rounded-md border border-white/30 bg-black/30 px-2 py-0 text-[1.4em] font-bold sm:text-[1.9em] leading-tight text-inherit outline-none focus:ring-2 focus:ring-white/50',
      }}
      renderDisplay={(edit) => <BoardTitle title={title} editable={editable} onEdit={edit} />}
    />
  );
}
