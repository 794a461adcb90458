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
import { DEFAULT_PROVIDER, providerName } from '../../../shared/providers/platforms.js';
import { fieldError, forbidden, notFound } from '../../errors.js';
import { currentActor, documentAccess, requireUser } from '../../plugins/permissions.js';
import type { ProviderValues } from '../../platforms/index.js';
import { STORED_PLATFORMS } from '../../platforms/stored.js';
import {
  storedCompanyConnection,
  storedValuesOn,
  type StoredConnection,
} from '../../services/companies/company-store.js';
import {
  createCredential,
  deleteCredential,
  findCredential,
  listCredentials,
  storedCredentialValues,
} from '../../services/credentials/credential-store.js';
import type { DefaultCredential } from '../../platforms/index.js';
import { companyOfUser } from '../../services/users/user-store.js';

const ADMIN_REQUIRED = 'Admin access required';
/** Users' own credentials are the default platform's (seed "Credential"). */
const CREDENTIAL_PLATFORM = providerName(DEFAULT_PROVIDER);

/**
 * `/api/credentials` (users' own credentials: the default platform's, seed "Credential") and
 * `/api/connection-check`. Anyone
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

  // Users' own credentials are the default platform's (seed "Credential"); a company's platform
  // may differ.
  const check = (credential: Partial<DefaultCredential>) =>
    app.services.providers.adapter(DEFAULT_PROVIDER).check(credential, app.services.now());

  app.get(
    '/api/credentials',
    {
      schema: {
        operationId: 'listCredentials',
        summary: `List a user's ${CREDENTIAL_PLATFORM} credentials`,
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
        summary: `Add a ${CREDENTIAL_PLATFORM} credential for a user`,
        description: `Stores a user's own ${CREDENTIAL_PLATFORM} credential (encrypted); their board reads with it. The connection is checked and the check is in the answer.`,
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
        summary: `Remove a ${CREDENTIAL_PLATFORM} credential`,
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
        summary: `Check a stored credential against ${CREDENTIAL_PLATFORM}`,
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
        description: `Tries the details given (and the company's stored ones for any left out) on their platform: the default platform's values, or another platform's named by \`provider\` (each platform's fields are in the body's schema). Signs in, then makes one small read of each thing the board reads, with plain-words problems per step. Nothing is saved.`,
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
      const provider = providerOfBody(given) ?? company?.provider ?? DEFAULT_PROVIDER;
      // What is stored on it: the company's own platform's values; the default platform's are
      // kept in the company's row whatever it runs on now.
      const stored =
        company?.provider === provider
          ? company.values
          : companyId !== undefined && provider === DEFAULT_PROVIDER
            ? await storedValuesOn(app.db, app.secretBox, companyId, provider)
            : {};
      const values = STORED_PLATFORMS[provider].checkValues(given, stored as never);
      return app.services.providers.check(
        { provider, values } as ProviderValues,
        app.services.now(),
      );
    },
  );
}
