import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyListSchema,
  companyParamsSchema,
  companySchema,
  companyWriteResultSchema,
  createCompanyRequestSchema,
  updateCompanyRequestSchema,
  type Company,
} from '../../../shared/api/companies.js';
import { can } from '../../../shared/permissions.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { currentActor, documentAccess, requireUser } from '../../plugins/permissions.js';
import {
  companyExists,
  createCompany,
  deleteCompany,
  listCompanies,
  storedCompanyConnection,
  updateCompany,
} from '../../services/companies/company-store.js';

const ADMIN_REQUIRED = 'Admin access required';

/**
 * `/api/companies`: the master admin manages every company; an account admin reads and edits
 * their own (name and platform connection: the onboarding connect step); a signed-in person
 * with no company creates their own and becomes its account admin (decision 16).
 */
export default async function companyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);
  documentAccess(app, 'person');

  /** The write answer: the row, and its platform's connection check when it is complete. */
  async function writeResult(company: Company) {
    if (!company.configured) return { company, connectionCheck: null };
    const stored = await storedCompanyConnection(app.db, app.secretBox, company.id);
    const connectionCheck = await app.services.providers.check(stored, app.services.now());
    return { company, connectionCheck };
  }

  app.get(
    '/api/companies',
    {
      schema: {
        operationId: 'listCompanies',
        summary: 'List companies',
        description:
          'Every company for the master admin; an account admin gets their own. Secrets are never shown: only whether each is set and its last 4 characters.',
        'x-access': 'company.edit',
        response: { 200: companyListSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      if (can(actor, 'companies.manage')) return listCompanies(app.db, app.secretBox);
      if (actor.companyId !== null && can(actor, 'company.edit', { companyId: actor.companyId })) {
        return listCompanies(app.db, app.secretBox, { onlyId: actor.companyId });
      }
      throw forbidden(ADMIN_REQUIRED);
    },
  );

  app.post(
    '/api/companies',
    {
      schema: {
        operationId: 'createCompany',
        summary: 'Create a company',
        description:
          'The master admin creates any company; someone who belongs to none creates their own and becomes its account admin (409 when they already belong to one). Connection details, when given, are checked and the check is in the answer.',
        body: createCompanyRequestSchema,
        response: { 201: companyWriteResultSchema },
      },
    },
    async (request, reply) => {
      const actor = currentActor(request);
      const now = app.services.now();
      let company: Company | null;
      if (can(actor, 'companies.manage')) {
        company = await createCompany(app.db, app.secretBox, request.body, { now });
      } else if (can(actor, 'company.createOwn')) {
        company = await createCompany(app.db, app.secretBox, request.body, {
          now,
          owner: { userId: actor.id },
        });
        if (!company) throw conflict('You already belong to a company.');
        // The owner's sessions now carry the company and the account_admin role.
        await app.sessions.userChanged(actor.id);
      } else {
        throw forbidden(ADMIN_REQUIRED);
      }
      return reply.status(201).send(await writeResult(company!));
    },
  );

  app.patch(
    '/api/companies/:id',
    {
      schema: {
        operationId: 'updateCompany',
        summary: 'Rename a company or change its platform connection',
        description:
          "Changes the name and any connection detail given; a left-out secret keeps its stored value. `provider` names the platform the values are for (each platform's fields are in the body's schema; without it, the values of the company's own or the default platform); `webhookSecret: null` turns a platform's webhooks off. Naming another platform switches to it: boards, settings and the targets of items that still exist stay. New connection details are checked and the check is in the answer.",
        'x-access': 'company.edit',
        params: companyParamsSchema,
        body: updateCompanyRequestSchema,
        response: { 200: companyWriteResultSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      const { id } = request.params;
      if (!can(actor, 'company.edit')) throw forbidden(ADMIN_REQUIRED);
      if (!can(actor, 'company.edit', { companyId: id })) throw notFound('Company');
      const company = await updateCompany(
        app.db,
        app.secretBox,
        id,
        request.body,
        app.services.now(),
      );
      await app.services.events.publish({ type: 'credentials.changed', companyId: id });
      return writeResult(company);
    },
  );

  app.delete(
    '/api/companies/:id',
    {
      schema: {
        operationId: 'deleteCompany',
        summary: 'Delete a company',
        description:
          'Deletes the company and what it owns (boards, settings, screens, history, alert rules, invitations); its people stay, belonging to no company.',
        'x-access': 'companies.manage',
        params: companyParamsSchema,
        response: { 200: companySchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      if (!can(actor, 'companies.manage')) throw forbidden(ADMIN_REQUIRED);
      const { id } = request.params;
      if (!(await companyExists(app.db, id))) throw notFound('Company');
      const deleted = await deleteCompany(app.db, app.secretBox, id);
      // Its users lost their company and its credentials are gone, on every instance.
      await app.sessions.allUsersChanged();
      await app.services.events.publish({ type: 'credentials.changed', companyId: id });
      return deleted;
    },
  );
}
