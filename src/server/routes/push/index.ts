import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_DEVICES_PER_PERSON,
  pushDeviceListSchema,
  pushDeviceParamsSchema,
  pushDeviceSchema,
  pushMemberListSchema,
  pushMembersQuerySchema,
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushTestResultSchema,
} from '../../../shared/api/push.js';
import { can, canManageDevice, denialReason } from '../../../shared/permissions.js';
import { conflict, fieldError, forbidden, notFound } from '../../errors.js';
import {
  currentActor,
  currentUser,
  documentAccess,
  namedCompanyFor,
  requireUser,
} from '../../plugins/permissions.js';
import { endpointProblem } from '../../services/push/endpoint-check.js';
import { companyExists } from '../../services/companies/company-store.js';

/** A P-256 public key a message can be encrypted to (a point on the curve, uncompressed). */
function isP256PublicKey(base64Url: string): boolean {
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(base64Url, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Push notifications on people's own devices (issue 36, decision 052). People only (a paired
 * screen gets 403). Everyone manages their own devices and nobody else's (`canManageDevice`);
 * someone else's device answers 404, as if it did not exist.
 */
export default async function pushRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  documentAccess(app, 'person');
  const push = app.services.push;

  /** The caller's own device, or 404. */
  async function ownDevice(request: FastifyRequest, id: number) {
    const device = await push.device(id);
    if (!device || !canManageDevice(currentActor(request), device)) throw notFound('Device');
    return device;
  }

  app.get(
    '/api/push/public-key',
    {
      schema: {
        operationId: 'getPushPublicKey',
        summary: "Get the server's push public key",
        description:
          'The key a browser subscribes with (`applicationServerKey` of `pushManager.subscribe`): notifications signed with it come from this server.',
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ publicKey: await push.publicKey() }),
  );

  app.get(
    '/api/push-subscriptions',
    {
      schema: {
        operationId: 'listMyPushDevices',
        summary: 'List your devices with notifications on',
        description:
          'Every device on which you turned on notifications, oldest first: its browser and system, its push service, when it last got one and why the last one failed, if it did.',
        response: { 200: pushDeviceListSchema },
      },
    },
    async (request) => ({ devices: await push.devices(currentUser(request).id) }),
  );

  app.post(
    '/api/push-subscriptions',
    {
      schema: {
        operationId: 'subscribePushDevice',
        summary: 'Turn on notifications on this device',
        description: `Saves this browser's push subscription (its \`PushSubscription.toJSON()\`) for you: alert rules that name you, or every admin if you are one, reach it. The same browser again updates its device (201 new, 200 known). At most ${MAX_DEVICES_PER_PERSON} devices per person (409 past that).`,
        body: pushSubscriptionBodySchema,
        response: { 200: pushDeviceSchema, 201: pushDeviceSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { endpoint, keys } = request.body;
      if (!isP256PublicKey(keys.p256dh))
        throw fieldError(
          'BAD_REQUEST',
          'keys.p256dh',
          'keys.p256dh: must be a P-256 public key (a point on the curve)',
        );
      const problem = await endpointProblem(endpoint, {
        outgoing: app.services.outgoing,
        allowPrivate: app.config.alerts.allowPrivateUrls,
      });
      if (problem) throw fieldError('BAD_REQUEST', 'endpoint', `endpoint: ${problem}`);
      const saved = await push.subscribe(user.id, request.body, request.headers['user-agent']);
      if ('tooMany' in saved)
        throw conflict(
          `You have ${MAX_DEVICES_PER_PERSON} devices with notifications on: remove one you no longer use first.`,
        );
      return reply.status(saved.created ? 201 : 200).send(saved.device);
    },
  );

  app.delete(
    '/api/push-subscriptions/:id',
    {
      schema: {
        operationId: 'removePushDevice',
        summary: 'Turn off notifications on one of your devices',
        description:
          'Removes one of your devices: nothing is sent to it any more. Answers the device as it was; a device that is not yours answers 404.',
        params: pushDeviceParamsSchema,
        response: { 200: pushDeviceSchema },
      },
    },
    async (request) => {
      const device = await ownDevice(request, request.params.id);
      await push.remove(device.id);
      return push.view(device);
    },
  );

  app.post(
    '/api/push-subscriptions/:id/test',
    {
      schema: {
        operationId: 'testPushDevice',
        summary: 'Send a test notification to one of your devices',
        description:
          'Sends "Notifications are on" to one of your devices now and says what its push service answered. A device its push service no longer knows (404 or 410) is removed.',
        params: pushDeviceParamsSchema,
        response: { 200: pushTestResultSchema },
      },
    },
    async (request) => push.test(await ownDevice(request, request.params.id)),
  );

  app.get(
    '/api/push/members',
    {
      schema: {
        'x-access': 'alerts.manage',
        operationId: 'listPushMembers',
        summary: 'List who a push channel can name',
        description:
          'The company\'s members who may see its alerts, with how many devices each has turned notifications on on, and whether they are among "every admin who subscribed". A master admin names the company with `?companyId=`.',
        querystring: pushMembersQuerySchema,
        response: { 200: pushMemberListSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      const companyId = await namedCompanyFor(request, request.query.companyId, (id) =>
        companyExists(app.db, id),
      );
      if (companyId === null) throw forbidden('Create or join a company first.');
      if (!can(actor, 'alerts.manage', { companyId }))
        throw forbidden(denialReason(actor, 'alerts.manage') ?? 'Forbidden');
      return { members: await push.members(companyId) };
    },
  );
}
