import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserListSchema,
  adminUserRowSchema,
  COMPANY_REQUIRED_MESSAGE,
  createInvitationBodySchema,
  createdInvitationSchema,
  invitationListSchema,
  invitationParamsSchema,
  invitationSchema,
  updateUserRoleBodySchema,
  userParamsSchema,
} from '../../../shared/api/admin.js';
import { companyOverviewListSchema } from '../../../shared/api/companies.js';
import {
  assignableRoles,
  can,
  isAdminRole,
  invitedRole,
  isMasterAdmin,
  roleNeedsCompany,
  userActionDenial,
  type Actor,
} from '../../../shared/permissions.js';
import { fieldError, forbidden, notFound } from '../../errors.js';
import {
  currentActor,
  currentUser,
  documentAccess,
  requireAdmin,
  requireMasterAdmin,
} from '../../plugins/permissions.js';
import { companyExists, listCompanies } from '../../services/companies/company-store.js';
import {
  createInvitation,
  deleteInvitation,
  findInvitation,
  listInvitations,
} from '../../services/invitations/invitation-store.js';
import { sendInvitationMail } from '../../services/invitations/invitation-mail.js';
import { budgetSpent, type BudgetClaim } from '../../services/limits/message-budget.js';
import { INVITATION_LIMITS } from '../../../shared/alerts/limits.js';
import {
  deleteUser,
  findAdminUser,
  listAdminUsers,
  memberOfCompanyWithEmail,
  setUserRole,
  userTarget,
} from '../../services/users/user-store.js';

/** The message budgets one invitation takes: its inviter's and its company's. */
function invitationClaims(inviterId: string, companyId: number | null): BudgetClaim[] {
  const words = (limit: string) => `Invitation e-mails are limited to ${limit}`;
  return [
    {
      key: `invite:user:${inviterId}`,
      ...INVITATION_LIMITS.perInviter,
      words: words(INVITATION_LIMITS.perInviter.words),
    },
    ...(companyId === null
      ? []
      : [
          {
            key: `invite:company:${companyId}`,
            ...INVITATION_LIMITS.perCompany,
            words: words(INVITATION_LIMITS.perCompany.words),
          },
        ]),
  ];
}

/** 409 on `email`: the address is already a member of the company it would join. */
export const ALREADY_MEMBER = 'This e-mail address already belongs to a member of this company';

/**
 * `/api/admin/*`: users, invitations and the companies overview. Account admins act in their
 * own company only; an id from another company answers 404 (master admins: every company).
 */
export default async function adminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireAdmin);
  documentAccess(app, 'admin.access');
  const protectedAdminEmail = app.config.protectedAdminEmail;

  /** The company an actor's lists cover: undefined = every company (master admin). */
  const listScope = (actor: Actor): { companyId?: number } | null => {
    if (isMasterAdmin(actor)) return {};
    return actor.companyId === null ? null : { companyId: actor.companyId };
  };

  /** The user row, or 404 when it does not exist for this actor. */
  async function visibleUser(actor: Actor, userId: string) {
    const row = await findAdminUser(app.db, userId, protectedAdminEmail);
    if (!row || !can(actor, 'users.read', { companyId: row.companyId })) throw notFound('User');
    return row;
  }

  app.get(
    '/api/admin/users',
    {
      schema: {
        operationId: 'listUsers',
        summary: 'List users',
        description:
          "The users of the caller's company (the master admin: of every company) with their role, company, subscription and whether the account is protected.",
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => {
      const scope = listScope(currentActor(request));
      return scope ? listAdminUsers(app.db, { protectedAdminEmail, ...scope }) : [];
    },
  );

  app.patch(
    '/api/admin/users/:userId',
    {
      schema: {
        operationId: 'changeUserRole',
        summary: "Change a user's role",
        description:
          'Gives a user another role. 403 naming `role`, with the reason, when the change is not allowed: your own role, the protected master admin, or master admin granted by an account admin.',
        params: userParamsSchema,
        body: updateUserRoleBodySchema,
        response: { 200: adminUserRowSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      const row = await visibleUser(actor, request.params.userId);
      const { role } = request.body;
      const denial = userActionDenial(actor, 'users.changeRole', userTarget(row), role);
      if (denial) throw fieldError('FORBIDDEN', 'role', denial);
      const updated = await setUserRole(app.db, {
        userId: row.id,
        role,
        now: app.services.now(),
        protectedAdminEmail,
      });
      // Every instance reads their sessions afresh: the new role applies to the next request.
      await app.sessions.userChanged(row.id);
      return updated;
    },
  );

  app.delete(
    '/api/admin/users/:userId',
    {
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a user',
        description:
          'Deletes the account; its sessions end at once. Nobody deletes themself or the protected master admin (403 with the reason).',
        params: userParamsSchema,
        response: { 200: adminUserRowSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      const row = await visibleUser(actor, request.params.userId);
      const denial = userActionDenial(actor, 'users.delete', userTarget(row));
      if (denial) throw forbidden(denial);
      // Their sessions end now: the next request they make is signed out.
      await app.sessions.destroyAllForUser(row.id);
      await deleteUser(app.db, row.id);
      return row;
    },
  );

  app.get(
    '/api/admin/invitations',
    {
      schema: {
        operationId: 'listInvitations',
        summary: 'List pending invitations',
        description:
          "Invitations of the caller's company (the master admin: of every company) that nobody has taken up yet.",
        response: { 200: invitationListSchema },
      },
    },
    async (request) => {
      const scope = listScope(currentActor(request));
      return scope ? listInvitations(app.db, scope) : [];
    },
  );

  app.post(
    '/api/admin/invitations',
    {
      schema: {
        operationId: 'inviteUser',
        summary: 'Invite someone',
        description:
          'Invites an e-mail address into a company with a role and e-mails them who invited them, into which company, and where to sign in (`emailed`; `emailProblem` says why not, such as no mail server set up); they join when they sign in with that address. 409 naming `email` when it already has a pending invitation to the company. Invitations are limited to 20 per person an hour and 50 per company a day: past that the answer is 429 with Retry-After and when to try again, and nothing is saved.',
        body: createInvitationBodySchema,
        response: { 201: createdInvitationSchema },
      },
    },
    async (request, reply) => {
      const actor = currentActor(request);
      const body = request.body;
      // isAdmin on a plain "user" invitation means an account admin (seed: role + isAdmin flag).
      const role = invitedRole(body.role, body.isAdmin);
      if (!assignableRoles(actor).includes(role)) {
        throw fieldError(
          'FORBIDDEN',
          'role',
          'Only a master admin can grant the master admin role.',
        );
      }
      let companyId: number | null;
      if (isMasterAdmin(actor)) {
        companyId = body.companyId ?? null;
        if (companyId === null && roleNeedsCompany(role)) {
          throw fieldError('VALIDATION_FAILED', 'companyId', COMPANY_REQUIRED_MESSAGE);
        }
      } else {
        // An account admin invites into their own company; naming another one finds nothing.
        companyId = body.companyId ?? actor.companyId;
        if (companyId === null || companyId !== actor.companyId) {
          throw fieldError('NOT_FOUND', 'companyId', 'Company not found');
        }
      }
      if (companyId !== null && !(await companyExists(app.db, companyId))) {
        throw fieldError('NOT_FOUND', 'companyId', 'Company not found');
      }
      // Only this company's own members are refused: whether the address belongs to, or was
      // invited by, another company is not this caller's to learn (decision 019). An
      // invitation to a master admin's address is stored like any other and never offered.
      if (companyId !== null && (await memberOfCompanyWithEmail(app.db, companyId, body.email))) {
        throw fieldError('CONFLICT', 'email', ALREADY_MEMBER);
      }
      // Every invitation e-mails a stranger: limited per person and per company, on every
      // instance together, before anything is saved (a sign-up could invite thousands).
      const taken = await app.services.messageBudget.take(
        invitationClaims(actor.id, companyId),
        app.services.now(),
      );
      if (!taken.ok) throw budgetSpent(taken);
      const invitation = await createInvitation(app.db, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        role,
        isAdmin: isAdminRole(role),
        companyId,
        invitedByUserId: actor.id,
      });
      // The invitation by e-mail: who invited, the company, where to sign in (issue 33 item 7).
      const inviter = currentUser(request);
      const inviterName =
        [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.email;
      const mail = await sendInvitationMail(app.services.mailer, {
        to: invitation.email,
        firstName: invitation.firstName,
        inviter: `${inviterName} (${inviter.email})`,
        companyName: invitation.companyName,
        signInUrl: app.config.publicUrl,
      });
      return reply.status(201).send({
        ...invitation,
        emailed: mail.emailed,
        emailProblem: mail.emailed ? null : mail.problem,
        signInUrl: app.config.publicUrl,
      });
    },
  );

  app.delete(
    '/api/admin/invitations/:id',
    {
      schema: {
        operationId: 'cancelInvitation',
        summary: 'Cancel an invitation',
        description: 'The invitation can no longer be taken up.',
        params: invitationParamsSchema,
        response: { 200: invitationSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      const invitation = await findInvitation(app.db, request.params.id);
      if (!invitation || !can(actor, 'invitations.manage', { companyId: invitation.companyId })) {
        throw notFound('Invitation');
      }
      await deleteInvitation(app.db, invitation.id);
      return invitation;
    },
  );

  app.get(
    '/api/admin/companies',
    {
      onRequest: requireMasterAdmin,
      schema: {
        operationId: 'listCompaniesOverview',
        summary: 'Overview of every company',
        description:
          "Each company with its members, subscription and platform connection: the master admin's overview.",
        'x-access': 'companies.manage',
        response: { 200: companyOverviewListSchema },
      },
    },
    async () => {
      const [companies, users] = await Promise.all([
        listCompanies(app.db, app.secretBox),
        listAdminUsers(app.db, { protectedAdminEmail }),
      ]);
      return companies.map((company) => {
        const members = users.filter((u) => u.companyId === company.id);
        return {
          id: company.id,
          name: company.name,
          configured: company.configured,
          subscriptionStatus: company.subscriptionStatus,
          admins: members.filter((u) => isAdminRole(u.role)),
          users: members.filter((u) => !isAdminRole(u.role)),
        };
      });
    },
  );
}
