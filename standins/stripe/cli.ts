import { parseArgs } from 'node:util';
import { startStripeStandin } from './index.js';

/**
 * Runs the Stripe stand-in on its own:
 *   npx tsx standins/stripe/cli.ts --port 12111 --webhook http://localhost:5000/api/stripe/webhook
 * It prints the values to give the app (STRIPE_SECRET_KEY, STRIPE_PRICE_ID,
 * STRIPE_WEBHOOK_SECRET, STRIPE_API_URL). Without --port it picks a free one.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    webhook: { type: 'string' },
    'secret-key': { type: 'string' },
    'webhook-secret': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: expected a port number, got "${values.port}"`);
  process.exit(1);
}
const standin = await startStripeStandin({
  port,
  host: values.host,
  webhookTarget: values.webhook,
  ...(values['secret-key'] ? { secretKey: values['secret-key'] } : {}),
  ...(values['webhook-secret'] ? { webhookSecret: values['webhook-secret'] } : {}),
});
console.log(`Stripe stand-in listening at ${standin.url}
STRIPE_API_URL=${standin.url}
STRIPE_SECRET_KEY=${standin.secretKey}
STRIPE_PRICE_ID=${standin.priceId}
STRIPE_WEBHOOK_SECRET=${standin.webhookSecret}`);
const stop = async () => {
  await standin.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
