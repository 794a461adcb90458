import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts each field the server named (a 400's issues, a conflict on one field) under that field
 * of the form. Returns true when at least one landed, so the caller need not toast it too.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const issue of error.fieldErrors) {
    const field = fields.find((f) => f === issue.field);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
