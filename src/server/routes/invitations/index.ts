import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invitationParamsSchema, invitationSchema } from '../../../shared/api/admin.js';
import {
  declineInvitationsResultSchema,
  myInvitationListSchema,
} from '../../../shared/api/invitations.js';
import { invitationsApplyTo } from '../../../shared/permissions.js';
import { notFound } from '../../errors.js';
import { currentUser, documentAccess, requireUser } from '../../plugins/permissions.js';
import { joinByInvitation } from '../../services/identity/sign-in-user.js';
import {
  deleteInvitationsForEmail,
  findInvitationForEmail,
  invitationsForEmail,
} from '../../services/invitations/invitation-store.js';
import { verifiedEmailOf } from '../../services/users/user-store.js';

/**
 * `/api/invitations`: the signed-in person's own invitations (decision 019). Nobody joins a
 * company, or leaves one, without choosing here (or, in no company with one invitation, by
 * signing in). Only invitations to an address the identity provider vouched for are offered,
 * and none to a master admin.
 */
export default async function invitationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);
  documentAccess(app, 'person');

  /** The address this person's invitations are sent to, or null when none may be offered. */
  async function offeredTo(user: ReturnType<typeof currentUser>): Promise<string | null> {
    if (!invitationsApplyTo(user.role)) return null;
    return verifiedEmailOf(app.db, user.id);
  }

  app.get(
    '/api/invitations',
    {
      schema: {
        operationId: 'listMyInvitations',
        summary: 'List the invitations waiting for me',
        description:
          "The invitations sent to the signed-in person's verified e-mail address, each naming its company and role.",
        response: { 200: myInvitationListSchema },
      },
    },
    async (request) => {
      const email = await offeredTo(currentUser(request));
      return email ? invitationsForEmail(app.db, email) : [];
    },
  );

  app.post(
    '/api/invitations/:id/accept',
    {
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation',
        description:
          "Joins the invitation's company with its role, from the next request on. 404 for an invitation not sent to you.",
        params: invitationParamsSchema,
        response: { 200: invitationSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const email = await offeredTo(user);
      const invitation = email
        ? await findInvitationForEmail(app.db, request.params.id, email)
        : undefined;
      if (!email || !invitation) throw notFound('Invitation');
      await app.db.transaction((tx) =>
        joinByInvitation(tx, { userId: user.id, email, invitation, now: app.services.now() }),
      );
      // Every instance reads their sessions afresh: the new company applies to the next request.
      await app.sessions.userChanged(user.id);
      return invitation;
    },
  );

  app.delete(
    '/api/invitations',
    {
      schema: {
        operationId: 'declineInvitations',
        summary: 'Decline the invitations waiting for me',
        description: 'Declines every invitation sent to your address; answers how many.',
        response: { 200: declineInvitationsResultSchema },
      },
    },
    async (request) => {
      const email = await offeredTo(currentUser(request));
      return { declined: email ? await deleteInvitationsForEmail(app.db, email) : 0 };
    },
  );
}
