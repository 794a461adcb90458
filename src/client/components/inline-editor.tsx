import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';

export interface InlineEditorProps {
  /** What the input starts from when editing begins. */
  initial: string;
  /** False: only the display shows, and an edit in progress is cancelled (the board's lock). */
  editable: boolean;
  /**
   * The value to save from the typed draft, or null to save nothing (empty, incomplete...).
   * Editing ends either way unless `onSave` returns a promise.
   */
  parse: (draft: string) => string | null;
  /**
   * Saves the parsed value. A returned promise keeps the editor open (disabled) until it settles:
   * resolved, it closes; rejected, the draft stays for another try.
   */
  onSave: (value: string) => unknown;
  /** Cleans each keystroke (e.g. digits only). */
  sanitize?: (raw: string) => string;
  /** The read view; call `edit()` to start editing. */
  renderDisplay: (edit: () => void) => ReactNode;
  /** Save and cancel buttons beside the input (the save one disabled while nothing would save). */
  buttons?: { save: string; cancel: string };
  /** Leaving the editor saves (default); false leaves it open with its draft. */
  saveOnBlur?: boolean;
  /** Start in edit mode (an editor that only exists while editing, like "Create New Group"). */
  startEditing?: boolean;
  /** Called when editing ends without a save still running (saved, nothing to save, cancelled). */
  onClose?: () => void;
  /** The input's attributes; its `className` replaces INLINE_EDITOR_INPUT (compose with `cn`). */
  inputProps?: Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'onChange' | 'onBlur' | 'onKeyDown'
  >;
  /** `data-testid` of the input. */
  testId?: string;
  /** Classes of the box holding the input (and buttons): replace INLINE_EDITOR_BOX. */
  className?: string;
}

// The editor's own looks. A caller's classes replace them rather than being merged in here, so
// the board's title and ZIP editors load without the class-merging library (issue 27, item 8);
// a caller that only adjusts them merges with `cn(INLINE_EDITOR_INPUT, ...)` itself.
export const INLINE_EDITOR_BOX = 'inline-flex min-w-0 max-w-full items-center gap-1';
export const INLINE_EDITOR_INPUT =
  'min-w-0 rounded-md border border-input bg-background px-2 py-1 text-foreground outline-none focus:ring-2 focus:ring-ring';

/**
 * The one inline text editor (board title, ZIP code, custom names, group names): click to edit,
 * Enter or leaving the editor saves what `parse` accepts, Escape cancels.
 */
export function InlineEditor({
  initial,
  editable,
  parse,
  onSave,
  sanitize,
  renderDisplay,
  buttons,
  startEditing = false,
  saveOnBlur = true,
  onClose,
  inputProps,
  testId,
  className,
}: InlineEditorProps) {
  const [draft, setDraft] = useState<string | null>(startEditing ? initial : null);
  const [saving, setSaving] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  // The keystroke that ended an edit also blurs the input as it unmounts: act once per edit.
  const done = useRef(false);
  const editing = draft !== null;
  useEffect(() => {
    if (editing) done.current = false;
  }, [editing]);

  // Losing edit rights cancels an edit in progress (state adjusted while rendering).
  const [wasEditable, setWasEditable] = useState(editable);
  if (wasEditable !== editable) {
    setWasEditable(editable);
    if (!editable) setDraft(null);
  }

  const close = () => {
    done.current = true;
    setDraft(null);
    onClose?.();
  };

  const commit = () => {
    if (draft === null || done.current || saving) return;
    const value = parse(draft);
    if (value === null) return close();
    const result = onSave(value);
    if (!(result instanceof Promise)) return close();
    setSaving(true);
    result.then(
      () => {
        setSaving(false);
        close();
      },
      () => setSaving(false),
    );
  };

  const cancel = () => {
    if (saving) return;
    close();
  };

  if (draft === null || !editable) {
    return (
      <>
        {renderDisplay(() => {
          if (editable) setDraft(initial);
        })}
      </>
    );
  }

  const canSave = parse(draft) !== null;
  return (
    <div
      ref={container}
      className={className ?? INLINE_EDITOR_BOX}
      onBlur={(event) => {
        // Moving between the input and its buttons is not leaving the editor.
        if (buttons && container.current?.contains(event.relatedTarget as Node | null)) return;
        if (saveOnBlur) commit();
      }}
    >
      <input
        autoFocus
        {...inputProps}
        data-testid={testId}
        value={draft}
        disabled={saving}
        onChange={(event) => setDraft(sanitize ? sanitize(event.target.value) : event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            cancel();
          }
        }}
        className={inputProps?.className ?? INLINE_EDITOR_INPUT}
      />
      {buttons && (
        <>
          <button
            type="button"
            aria-label={buttons.save}
            title={buttons.save}
            disabled={!canSave || saving}
            onClick={commit}
            className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md hover:bg-accent disabled:pointer-events-none disabled:opacity-40"
          >
            <Check className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            aria-label={buttons.cancel}
            title={buttons.cancel}
            disabled={saving}
            onClick={cancel}
            className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md hover:bg-accent disabled:opacity-40"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </>
      )}
    </div>
  );
}
