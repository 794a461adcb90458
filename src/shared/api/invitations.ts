import { z } from 'zod';
import { invitationListSchema } from './admin.js';

/**
 * A person's own invitations (decision 019). Routes: src/server/routes/invitations/.
 *   GET    /api/invitations             -> Invitation[]  (sent to my verified e-mail; none for a master admin)
 *   POST   /api/invitations/:id/accept  -> Invitation    (I join its company with its role; the others are settled)
 *   DELETE /api/invitations             -> { declined }  (none of them: every invitation to me is removed)
 * An invitation of someone else answers 404. The sign-in callback sends a person who has
 * invitations to choose from to INVITATIONS_PAGE.
 */

export { INVITATIONS_PAGE } from './invitation-page.js';

export const myInvitationListSchema = invitationListSchema;
export const declineInvitationsResultSchema = z.object({ declined: z.number().int() });
export type DeclineInvitationsResult = z.infer<typeof declineInvitationsResultSchema>;
