import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webhookAnswerSchema, webhookParamsSchema } from '../../../shared/api/providers.js';
import { HOUSECALLPRO_WEBHOOK_PATH } from '../../../shared/platforms/housecallpro/api.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { recordWebhook } from '../../services/webhooks/receipt-store.js';
import { companyWebhookKey, findWebhookCompany } from './stored.js';
import { isBookingEvent, verifyHousecallProWebhook } from './webhook-signature.js';

/** The largest delivery accepted (a job with its appointments is a few kilobytes). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const REFUSALS = {
  no_secret:
    'Webhooks are off for this company: an admin enters the signing secret in Setup first.',
  missing_headers: 'Api-Timestamp and Api-Signature are required.',
  stale: 'This delivery is older than five minutes (or from the future): refused.',
  bad_signature: 'The signature does not match this company’s signing secret.',
} as const;

/** The address to paste into Housecall Pro (App Store › Webhooks), or null before it has one. */
export async function housecallProWebhookUrl(
  app: FastifyInstance,
  companyId: number,
): Promise<string | null> {
  const key = await companyWebhookKey(app.db, app.secretBox, companyId);
  return key ? `${app.config.publicUrl}${HOUSECALLPRO_WEBHOOK_PATH}${key}` : null;
}

/**
 * Housecall Pro's deliveries: verified over the exact bytes that arrived, answered at once,
 * deduplicated, and only ever asking for an early refresh of the company's numbers.
 */
export default async function housecallProRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, payload, done) => done(null, payload),
  );

  app.post(
    `${HOUSECALLPRO_WEBHOOK_PATH}:key`,
    {
      schema: {
        operationId: 'receiveHousecallProEvent',
        summary: 'Receive a Housecall Pro webhook event',
        description:
          "Where a company's Housecall Pro webhooks go (its unguessable address, shown to its admins in Setup). An event is checked by its Api-Timestamp and Api-Signature over the exact body with the company's signing secret; older than five minutes, forged, unsigned or without a secret is refused (401), the same delivery twice is refused (409), and the same event sent again is answered as a duplicate. A job's event asks for an early refresh of the company's numbers; nothing else changes.",
        'x-access': 'housecallproSignature',
        params: webhookParamsSchema,
        response: { 200: webhookAnswerSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const company = await findWebhookCompany(app.db, app.secretBox, request.params.key);
      if (!company || company.provider !== 'housecallpro') throw notFound('Webhook address');
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const now = app.services.now();
      const signature = header('api-signature');
      const verdict = verifyHousecallProWebhook({
        secret: company.secret,
        timestamp: header('api-timestamp'),
        signature,
        raw,
        now,
      });
      if (!verdict.ok) throw new AppError('UNAUTHENTICATED', REFUSALS[verdict.reason]);
      let event: unknown;
      try {
        event = (JSON.parse(raw.toString('utf8')) as { event?: unknown } | null)?.event;
      } catch {
        throw badRequest('The body is not JSON.');
      }
      const receipt = await recordWebhook(app.db, {
        provider: 'housecallpro',
        companyId: company.companyId,
        signature: `${header('api-timestamp')}.${signature}`,
        raw,
        at: now,
      });
      if (receipt === 'replayed') throw conflict('This delivery was received before: refused.');
      if (receipt === 'new' && isBookingEvent(event)) {
        // Answered at once; the refresh follows through the one-read-per-company rule.
        app.services.capacity.refreshSoon(company.companyId).catch((error: unknown) => {
          request.log.warn({ err: error, companyId: company.companyId }, 'early refresh failed');
        });
      }
      return { received: true as const, duplicate: receipt === 'duplicate' };
    },
  );
}
