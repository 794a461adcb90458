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

/** The server's sentence for one field, without the field name it starts with. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const issue = error.fieldErrors.find((f) => f.field === field);
  return issue?.message.replace(new RegExp(`^${field}: `), '');
}

/**
 * The sentence for a failure no field explains (a 403, the limit of 50 boards, the server
 * unreachable...); undefined when a field does: any field, or one of `fields` when given.
 */
export function formMessage(error: unknown, fields?: readonly string[]): string | undefined {
  if (!error) return undefined;
  if (
    error instanceof ApiError &&
    error.fieldErrors.some((f) => fields === undefined || fields.includes(f.field))
  )
    return undefined;
  return error instanceof ApiError && error.sentence ? error.sentence : 'Something went wrong.';
}
