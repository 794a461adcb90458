import * as React from 'react';
import { Input } from './input';
import { Label } from './label';

export interface TextFieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: React.ReactNode;
  /** The message under the field (the form's own check or the server's 400 naming the field). */
  error?: string;
  /** A line under the field that helps fill it in. */
  hint?: React.ReactNode;
}

/** A labelled input with its hint and error below, wired for screen readers. */
export const TextField = React.forwardRef<HTMLInputElement, TextFieldProps>(
  ({ label, error, hint, id, name, ...props }, ref) => {
    const generated = React.useId();
    const inputId = id ?? `${name ?? 'field'}-${generated}`;
    const hintId = hint ? `${inputId}-hint` : undefined;
    const errorId = error ? `${inputId}-error` : undefined;
    return (
      <div className="grid content-start gap-1.5">
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          ref={ref}
          id={inputId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...props}
        />
        {hint && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
        {error && (
          <p
            id={errorId}
            role="alert"
            className="text-sm font-medium text-red-600 dark:text-red-400"
          >
            {error}
          </p>
        )}
      </div>
    );
  },
);
TextField.displayName = 'TextField';
