import { parseArgs } from 'node:util';
import { startJobberStandin } from './index.js';

/**
 * Runs the Jobber stand-in on its own:
 *   npx tsx standins/jobber/cli.ts --port 5060 [--seed 7] [--time-zone America/Chicago]
 * Point the app at it with JOBBER_API_URL, JOBBER_CLIENT_ID and JOBBER_CLIENT_SECRET.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5060' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '7' },
    'time-zone': { type: 'string', default: 'America/Chicago' },
    'webhook-target': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: expected a port number, got "${values.port}"`);
  process.exit(1);
}
const standin = await startJobberStandin({
  port,
  host: values.host,
  seed: Number(values.seed),
  timeZone: values['time-zone'],
});
if (values['webhook-target']) standin.setWebhookTarget(values['webhook-target']);
console.log(`Jobber stand-in listening at ${standin.url}`);
console.log(
  `  authorize: ${standin.url}/api/oauth/authorize   token: POST ${standin.url}/api/oauth/token`,
);
console.log(`  graphql:   POST ${standin.url}/api/graphql`);
console.log(`  app:       client id ${standin.app.clientId}, secret ${standin.app.clientSecret}`);
console.log(`  control:   ${standin.url}/__control/{state,visits,throttle,disconnect}`);
const stop = async () => {
  await standin.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
