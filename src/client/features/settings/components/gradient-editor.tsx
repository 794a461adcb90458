import {
  canAddStop,
  canRemoveStop,
  gradientCss,
  MAX_STOPS,
  type Gradient,
} from '@shared/settings/dashboard-settings';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useDraft } from '../hooks/use-draft';
import {
  addGradientStop,
  removeGradientStop,
  setGradientAngle,
  setGradientEnabled,
  setGradientType,
  setStopColor,
  setStopPosition,
} from '../lib/edit-gradient';
import { toPickerColor } from '../lib/to-picker-color';

/** Header or footer gradient: on/off, linear or radial, angle, 2-5 colour stops, live preview. */
export function GradientEditor({
  id,
  label,
  gradient,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  gradient: Gradient;
  disabled: boolean;
  onChange(next: Gradient): void;
}) {
  return (
    <div className="space-y-3 rounded-md border p-3" data-testid={`${id}-editor`}>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={`${id}-enabled`}>{label}</Label>
        <Switch
          id={`${id}-enabled`}
          checked={gradient.enabled}
          disabled={disabled}
          onCheckedChange={(checked) => onChange(setGradientEnabled(gradient, checked))}
        />
      </div>

      {gradient.enabled ? (
        <>
          <div
            className="h-10 w-full rounded-md border"
            style={{ background: gradientCss(gradient) }}
            role="img"
            aria-label={`${label} preview`}
            data-testid={`${id}-preview`}
          />
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-type`} className="text-xs text-muted-foreground">
                Type
              </Label>
              <Select
                value={gradient.type}
                disabled={disabled}
                onValueChange={(type) =>
                  onChange(setGradientType(gradient, type as Gradient['type']))
                }
              >
                <SelectTrigger id={`${id}-type`} aria-label={`${label} type`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="linear">Linear</SelectItem>
                  <SelectItem value="radial">Radial</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <NumberField
              id={`${id}-angle`}
              label="Angle (°)"
              value={gradient.angle}
              min={0}
              max={360}
              disabled={disabled || gradient.type === 'radial'}
              onCommit={(text) => onChange(setGradientAngle(gradient, text))}
            />
          </div>

          <div className="space-y-2">
            <p className="text-xs font-medium text-muted-foreground">
              Color stops ({gradient.colors.length} of {MAX_STOPS})
            </p>
            <ul className="space-y-2">
              {gradient.colors.map((stop, index) => (
                <li key={index} className="flex items-end gap-2" data-testid={`${id}-stop`}>
                  <input
                    type="color"
                    aria-label={`Stop ${index + 1} color`}
                    value={toPickerColor(stop.color)}
                    disabled={disabled}
                    onChange={(event) =>
                      onChange(setStopColor(gradient, index, event.target.value))
                    }
                    className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 disabled:cursor-not-allowed disabled:opacity-50"
                  />
                  <div className="flex-1">
                    <NumberField
                      id={`${id}-stop-${index}-position`}
                      label={`Stop ${index + 1} position (%)`}
                      value={stop.position}
                      min={0}
                      max={100}
                      disabled={disabled}
                      onCommit={(text) => onChange(setStopPosition(gradient, index, text))}
                    />
                  </div>
                  {canRemoveStop(gradient) ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      disabled={disabled}
                      aria-label={`Remove stop ${index + 1}`}
                      onClick={() => onChange(removeGradientStop(gradient, index))}
                    >
                      <Trash2 />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            {canAddStop(gradient) ? (
              <Button
                variant="outline"
                size="sm"
                disabled={disabled}
                onClick={() => onChange(addGradientStop(gradient))}
              >
                <Plus /> Add color stop
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** A number that is saved as typed; on blur the field shows what was saved (e.g. clamped). */
function NumberField({
  id,
  label,
  value,
  min,
  max,
  disabled,
  onCommit,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  disabled: boolean;
  onCommit(text: string): void;
}) {
  const draft = useDraft(String(value));
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        disabled={disabled}
        value={draft.text}
        className="tabular-nums"
        onChange={(event) => {
          draft.setDraft(event.target.value);
          onCommit(event.target.value);
        }}
        onBlur={draft.reset}
      />
    </div>
  );
}
