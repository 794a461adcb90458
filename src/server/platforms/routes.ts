import type { FastifyInstance } from 'fastify';
import { HOUSECALLPRO_WEBHOOK_PATH } from '../../shared/platforms/housecallpro/api.js';
import type { ProviderId } from '../../shared/providers/platforms.js';
import housecallProRoutes, { housecallProWebhookUrl } from './housecallpro/routes.js';
import jobberRoutes from './jobber/routes.js';
import serviceTitanRoutes from './servicetitan/routes.js';

/**
 * Each platform's own routes (decision 040): ServiceTitan's metadata as the seed names it,
 * Housecall Pro's signed webhooks, Jobber's connection and webhooks. Their paths are the API's
 * and stay as they were; only the folder says whose they are.
 */
export default async function platformRoutes(root: FastifyInstance): Promise<void> {
  await root.register(serviceTitanRoutes);
  await root.register(housecallProRoutes);
  await root.register(jobberRoutes);
}

/**
 * Where a platform that pushes by webhooks to a per-company address wants them: the address an
 * admin pastes into the platform, or null before the company has one.
 */
export const webhookAddresses: Partial<
  Record<ProviderId, (app: FastifyInstance, companyId: number) => Promise<string | null>>
> = {
  housecallpro: housecallProWebhookUrl,
};

/**
 * Platform routes authenticated by the signature a delivery carries, never by a cookie: the
 * origin check lets them through.
 */
export const signedDeliveryPaths = [HOUSECALLPRO_WEBHOOK_PATH];

/** Platform routes whose path after the prefix is a secret (a company's webhook address). */
export const secretPlatformPaths = [HOUSECALLPRO_WEBHOOK_PATH];
