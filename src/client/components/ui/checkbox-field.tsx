import * as React from 'react';
import { cn } from '@/lib/utils';
import { Checkbox } from './checkbox';
import { Label } from './label';

export interface CheckboxFieldProps extends Omit<
  React.ComponentPropsWithoutRef<typeof Checkbox>,
  'checked' | 'onCheckedChange' | 'className'
> {
  label: React.ReactNode;
  checked: boolean;
  /** Told true or false (never the box's third, indeterminate state). */
  onCheckedChange: (checked: boolean) => void;
  /** Classes of the row that holds the box and its label. */
  className?: string;
}

/** A checkbox with its label beside it: a form's yes/no value. */
export const CheckboxField = React.forwardRef<
  React.ElementRef<typeof Checkbox>,
  CheckboxFieldProps
>(({ label, className, id, onCheckedChange, ...props }, ref) => {
  const generated = React.useId();
  const boxId = id ?? `checkbox-${generated}`;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Checkbox
        ref={ref}
        id={boxId}
        onCheckedChange={(checked) => onCheckedChange(checked === true)}
        {...props}
      />
      <Label htmlFor={boxId}>{label}</Label>
    </div>
  );
});
CheckboxField.displayName = 'CheckboxField';
