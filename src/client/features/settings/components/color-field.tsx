import { hexColorSchema } from '@shared/settings/dashboard-settings';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useDraft } from '../hooks/use-draft';
import { toPickerColor } from '../lib/to-picker-color';

/** A colour as a picker swatch plus its hex code; a typed code is saved once it is valid. */
export function ColorField({
  id,
  label,
  value,
  disabled,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  hint?: string;
  onChange(color: string): void;
}) {
  const draft = useDraft(value);
  const invalid = !hexColorSchema.safeParse(draft.text).success;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <div className={cn('flex items-center gap-2', disabled && 'opacity-50')}>
        <input
          id={id}
          type="color"
          value={toPickerColor(value)}
          disabled={disabled}
          onChange={(event) => {
            draft.reset();
            onChange(event.target.value);
          }}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 disabled:cursor-not-allowed"
        />
        <Input
          aria-label={`${label} hex code`}
          value={draft.text}
          disabled={disabled}
          maxLength={9}
          spellCheck={false}
          aria-invalid={invalid}
          className={cn(
            'font-mono text-xs uppercase disabled:opacity-100',
            invalid && 'border-destructive',
          )}
          onChange={(event) => {
            const text = event.target.value.trim();
            draft.setDraft(text);
            if (hexColorSchema.safeParse(text).success) onChange(text);
          }}
          onBlur={draft.reset}
        />
      </div>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
