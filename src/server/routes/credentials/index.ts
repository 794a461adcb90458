import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { connectionCheckSchema, providerOfBody } from '../../../shared/api/companies.js';
import {
  connectionCheckBodySchema,
  createCredentialBodySchema,
  credentialListSchema,
  credentialParamsSchema,
  credentialSchema,
  credentialWriteResultSchema,
  listCredentialsQuerySchema,
} from '../../../shared/api/credentials.js';
import { can, type Actor } from '../../../shared/permissions.js';
import { fieldError, forbidden, notFound } from '../../errors.js';
import { currentActor, documentAccess, requireUser } from '../../plugins/permissions.js';
import {
  storedCompanyConnection,
  storedCompanyCredential,
  type StoredConnection,
} from '../../services/companies/company-store.js';
import {
  createCredential,
  deleteCredential,
  findCredential,
  listCredentials,
  storedCredentialValues,
} from '../../services/credentials/credential-store.js';
import type { PartialCredential } from '../../services/servicetitan/connection-check.js';
import { companyOfUser } from '../../services/users/user-store.js';

const ADMIN_REQUIRED = 'Admin access required';

/**
 * `/api/credentials` (users' ServiceTitan credentials) and `/api/connection-check`. Anyone
 * signed in reads their own list; admins manage those of their company's users (master admin:
 * everyone's). Secrets are write-only.
 */
export default async function credentialRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);
  documentAccess(app, 'person');

  const requireManage = (actor: Actor) => {
    if (!can(actor, 'credentials.manage')) throw forbidden(ADMIN_REQUIRED);
  };

  /** 404 unless the actor may manage credentials of this user (`field` names the input). */
  async function manageableUser(actor: Actor, userId: string, field: string) {
    const owner = await companyOfUser(app.db, userId);
    if (!owner || !can(actor, 'credentials.manage', { companyId: owner.companyId })) {
      throw fieldError('NOT_FOUND', field, 'User not found');
    }
    return owner;
  }

  /** The credential, or 404 when it does not exist for this actor. */
  async function manageableCredential(request: FastifyRequest, id: number) {
    const actor = currentActor(request);
    requireManage(actor);
    const found = await findCredential(app.db, app.secretBox, id);
    if (!found || !can(actor, 'credentials.manage', { companyId: found.companyId })) {
      throw notFound('Credential');
    }
    return found.credential;
  }

  // Users' own credentials are ServiceTitan's (seed "Credential"); a company's platform may differ.
  const check = (credential: PartialCredential) =>
    app.services.providers.adapter('servicetitan').check(credential, app.services.now());

  app.get(
    '/api/credentials',
    {
      schema: {
        operationId: 'listCredentials',
        summary: "List a user's ServiceTitan credentials",
        description:
          "Your own; an admin names one of their company's users with `userId`. Secrets are never shown: only whether each is set and its last 4 characters.",
        querystring: listCredentialsQuerySchema,
        response: { 200: credentialListSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      const userId = request.query.userId ?? actor.id;
      if (userId !== actor.id) {
        requireManage(actor);
        await manageableUser(actor, userId, 'userId');
      }
      return listCredentials(app.db, app.secretBox, userId);
    },
  );

  app.post(
    '/api/credentials',
    {
      schema: {
        operationId: 'createCredential',
        summary: 'Add a ServiceTitan credential for a user',
        description:
          "Stores a user's own ServiceTitan credential (encrypted); their board reads with it. The connection is checked and the check is in the answer.",
        'x-access': 'credentials.manage',
        body: createCredentialBodySchema,
        response: { 201: credentialWriteResultSchema },
      },
    },
    async (request, reply) => {
      const actor = currentActor(request);
      requireManage(actor);
      const { userId = actor.id, ...values } = request.body;
      const owner = await manageableUser(actor, userId, 'userId');
      const credential = await createCredential(app.db, app.secretBox, { userId, ...values });
      await app.services.events.publish({
        type: 'credentials.changed',
        companyId: owner.companyId,
        userId,
      });
      const complete = Boolean(values.tenantId && values.appKey);
      return reply.status(201).send({
        credential,
        connectionCheck: complete ? await check(values) : null,
      });
    },
  );

  app.delete(
    '/api/credentials/:id',
    {
      schema: {
        operationId: 'deleteCredential',
        summary: 'Remove a ServiceTitan credential',
        description: "The user's board reads with the company's connection again.",
        'x-access': 'credentials.manage',
        params: credentialParamsSchema,
        response: { 200: credentialSchema },
      },
    },
    async (request) => {
      const credential = await manageableCredential(request, request.params.id);
      await deleteCredential(app.db, credential.id);
      await app.services.events.publish({
        type: 'credentials.changed',
        companyId: null,
        userId: credential.userId,
      });
      return credential;
    },
  );

  app.post(
    '/api/credentials/:id/check',
    {
      schema: {
        operationId: 'checkCredential',
        summary: 'Check a stored credential against ServiceTitan',
        description:
          'Tries the credential: a token, then one small read per API, and says in plain words what works and what to fix.',
        'x-access': 'credentials.manage',
        params: credentialParamsSchema,
        response: { 200: connectionCheckSchema },
      },
    },
    async (request) => {
      const credential = await manageableCredential(request, request.params.id);
      return check(await storedCredentialValues(app.db, app.secretBox, credential.id));
    },
  );

  app.post(
    '/api/connection-check',
    {
      schema: {
        operationId: 'checkConnection',
        summary: "Check a platform's connection details before saving them",
        description:
          "Tries the details given (and the company's stored ones for any left out) on their platform: ServiceTitan's four values (the default), or Housecall Pro's API key with `provider: 'housecallpro'`. Signs in, then makes one small read of each thing the board reads, with plain-words problems per step. Nothing is saved.",
        'x-access': 'credentials.manage',
        body: connectionCheckBodySchema,
        response: { 200: connectionCheckSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      requireManage(actor);
      const { companyId, ...given } = request.body;
      let company: StoredConnection | undefined;
      if (companyId !== undefined) {
        if (!can(actor, 'credentials.manage', { companyId })) {
          throw fieldError('NOT_FOUND', 'companyId', 'Company not found');
        }
        company = await storedCompanyConnection(app.db, app.secretBox, companyId).catch(() => {
          throw fieldError('NOT_FOUND', 'companyId', 'Company not found');
        });
      }
      // The platform the values are for, else the named company's (decision 040).
      const provider = providerOfBody(given) ?? company?.provider ?? 'servicetitan';
      if (provider === 'jobber') {
        // Jobber's connection is the company's OAuth grant: the check reads with it.
        const stored = company?.provider === 'jobber' ? company.values : {};
        return app.services.providers.check({ provider, values: stored }, app.services.now());
      }
      if (provider === 'housecallpro') {
        const stored = company?.provider === 'housecallpro' ? company.values : {};
        return app.services.providers.check(
          { provider, values: { ...stored, ...(given.apiKey ? { apiKey: given.apiKey } : {}) } },
          app.services.now(),
        );
      }
      if (given.apiKey !== undefined) {
        throw fieldError(
          'VALIDATION_FAILED',
          'apiKey',
          "apiKey: send it with provider 'housecallpro'",
        );
      }
      // A value given (non-blank) replaces the stored one; blank keeps it.
      const merged: PartialCredential = {
        ...(company?.provider === 'servicetitan'
          ? company.values
          : companyId === undefined
            ? {}
            : await storedCompanyCredential(app.db, app.secretBox, companyId)),
      };
      for (const key of ['clientId', 'clientSecret', 'tenantId', 'appKey'] as const) {
        if (given[key]) merged[key] = given[key];
      }
      return check(merged);
    },
  );
}
