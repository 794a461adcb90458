import { z } from 'zod';

/**
 * The body of every error answer (src/server/errors.ts, src/server/plugins/error-handler.ts).
 * A 400 about input names its field twice: in `error` ("email: Invalid email address") and in
 * `details.issues[]` (one per field). An error about one field that is not a validation error
 * (e.g. 409 "This e-mail address already has a pending invitation") carries `details.field`.
 */
export const fieldIssueSchema = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z
    .object({
      location: z.string().optional(),
      issues: z.array(fieldIssueSchema).optional(),
      field: z.string().optional(),
    })
    .catchall(z.unknown())
    .optional(),
});
export type ErrorBodyShape = z.infer<typeof errorBodySchema>;

/** The field-level messages of an error body, whichever way it named them. */
export function fieldIssuesOf(body: unknown): FieldIssue[] {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return [];
  const { details, error } = parsed.data;
  if (details?.issues) return details.issues;
  if (details?.field) return [{ field: details.field, message: error }];
  return [];
}
