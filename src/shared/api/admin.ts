import { z } from 'zod';
import { roleSchema } from './auth.js';
import { displayName } from './display-name.js';
import { serialIdParamSchema, serialIdSchema, userIdSchema } from './ids.js';

/**
 * The /admin API (seed section 7). Routes: src/server/routes/admin/.
 *   GET    /api/admin/users              -> AdminUserRow[]   (caller's company; all for master)
 *   PATCH  /api/admin/users/:userId      UpdateUserRoleBody -> AdminUserRow
 *   DELETE /api/admin/users/:userId      -> AdminUserRow (the deleted row; their sessions end)
 *   GET    /api/admin/invitations        -> Invitation[]     (pending, in the caller's scope)
 *   POST   /api/admin/invitations        CreateInvitationBody -> 201 Invitation
 *   DELETE /api/admin/invitations/:id    -> Invitation (the deleted row)
 *   GET    /api/admin/companies          -> CompanyOverview[] (master admin only)
 * An id outside the caller's company answers 404, as if it did not exist.
 */

export const subscriptionStatusSchema = z.enum([
  'active',
  'trialing',
  'canceled',
  'past_due',
  'none',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Seed "User" (admin lists). `subscriptionStatus` is the user's company's (decision 13). */
export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  subscriptionStatus: subscriptionStatusSchema,
  /** The protected master admin (decision 11): "Protected" badge, role and delete disabled. */
  isProtected: z.boolean(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserListSchema = z.array(adminUserRowSchema);

export const userParamsSchema = z.object({ userId: userIdSchema });

/** `PATCH /api/admin/users/:userId` */
export const updateUserRoleBodySchema = z.object({ role: roleSchema });
export type UpdateUserRoleBody = z.infer<typeof updateUserRoleBodySchema>;

/** Seed "Invitation", plus the company's name for the list. */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  role: roleSchema,
  isAdmin: z.boolean(),
  /** ISO-8601. */
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
/** `POST /api/admin/invitations`' answer: the invitation, and whether it was e-mailed. */
export const createdInvitationSchema = invitationSchema.extend({
  emailed: z.boolean(),
  /** Why it was not e-mailed, in words (no mail server set up, the server refused...). */
  emailProblem: z.string().nullable(),
  /** Where the invited person signs in. */
  signInUrl: z.string(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

export const invitationParamsSchema = z.object({ id: serialIdParamSchema });

/** First and last names of an invitation: the one display-name rule, with the seed's messages. */
const personName = (required: string) => displayName({ empty: required });

/**
 * `POST /api/admin/invitations` (seed section 5). `companyId`: an account admin's invitations
 * always go to their own company (they may omit it; another company's id answers 404); a master
 * admin must give one unless the role is master_admin ("Required for non-master admins"), else
 * 400 on `companyId`. `isAdmin` with role "user" invites an account_admin. An account admin may
 * not invite a master_admin (400 on `role`). 409 on `email` only when this company already
 * invited that address or it belongs to one of this company's members: the answer never tells
 * whether another company knows the address (decision 019).
 */
export const createInvitationBodySchema = z.object({
  email: z
    .string({ message: 'Invalid email address' })
    .trim()
    .toLowerCase()
    .max(254, 'Invalid email address')
    .pipe(z.email({ message: 'Invalid email address' })),
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
  /** The seed's form sends it as optional text: "12" is 12, "" is none. */
  companyId: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value.trim() === ''
            ? null
            : /^\d+$/.test(value.trim())
              ? Number(value.trim())
              : value
          : value,
      serialIdSchema.nullable(),
    )
    .optional(),
  role: roleSchema.default('user'),
  isAdmin: z.boolean().default(false),
});
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;
export type CreateInvitation = z.output<typeof createInvitationBodySchema>;

/** Message when a master admin invites a non-master without a company. */
export const COMPANY_REQUIRED_MESSAGE = 'Required for non-master admins';
