import type { FastifyInstance } from 'fastify';
import platformRoutes from '../platforms/routes.js';
import adminRoutes from './admin/index.js';
import alertRoutes from './alerts/index.js';
import apiKeyRoutes from './api-keys/index.js';
import alertRecipientRoutes from './alert-recipients/index.js';
import authRoutes from './auth/index.js';
import boardSettingsRoutes from './board-settings/index.js';
import boardRoutes from './boards/index.js';
import capacityRoutes from './capacity/index.js';
import companyRoutes from './companies/index.js';
import credentialRoutes from './credentials/index.js';
import eventRoutes from './events/index.js';
import fontRoutes from './fonts/index.js';
import healthRoutes from './health/index.js';
import historyRoutes from './history/index.js';
import targetRoutes from './targets/index.js';
import twilioRoutes from './twilio/index.js';
import invitationRoutes from './invitations/index.js';
import itemGroupRoutes from './item-groups/index.js';
import onboardingRoutes from './onboarding/index.js';
import preferenceRoutes from './preferences/index.js';
import providerRoutes from './providers/index.js';
import pushRoutes from './push/index.js';
import screenRoutes from './screens/index.js';
import shortLinkRoutes from './short-links/index.js';
import stripeRoutes from './stripe/index.js';
import weatherRoutes from './weather/index.js';

/**
 * One folder per resource; each folder decides its own access rule with one hook. Each platform's
 * own routes are in its folder (platforms/routes.ts).
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(weatherRoutes);
  await app.register(fontRoutes);
  await app.register(capacityRoutes);
  await app.register(boardSettingsRoutes);
  await app.register(boardRoutes);
  await app.register(preferenceRoutes);
  await app.register(itemGroupRoutes);
  await app.register(platformRoutes);
  await app.register(providerRoutes);
  await app.register(adminRoutes);
  await app.register(invitationRoutes);
  await app.register(companyRoutes);
  await app.register(credentialRoutes);
  await app.register(onboardingRoutes);
  await app.register(stripeRoutes);
  await app.register(screenRoutes);
  await app.register(eventRoutes);
  await app.register(alertRoutes);
  await app.register(pushRoutes);
  await app.register(alertRecipientRoutes);
  await app.register(twilioRoutes);
  await app.register(shortLinkRoutes);
  await app.register(historyRoutes);
  await app.register(targetRoutes);
  await app.register(apiKeyRoutes);
}
