import { z } from 'zod';
import { ROLES } from '../permissions.js';
import { onboardingStateSchema } from './onboarding.js';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** `GET /api/auth/user` — the signed-in user (401 when signed out). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  isAdmin: z.boolean(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  /** Where the person is in onboarding (decision 16); see ./onboarding.ts. */
  onboarding: onboardingStateSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
