import { parseArgs } from 'node:util';
import { startHousecallProStandin } from './index.js';

/**
 * Runs the Housecall Pro stand-in on its own:
 *   npx tsx standins/housecall-pro/cli.ts --port 5060 [--seed 1] [--host 127.0.0.1] [--time-zone America/Chicago]
 * Point the app at it with HOUSECALLPRO_API_URL.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5060' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '1' },
    'time-zone': { type: 'string', default: 'America/Chicago' },
  },
});

const port = Number(values.port);
const seed = Number(values.seed);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: expected a port number, got "${values.port}"`);
  process.exit(1);
}
if (!Number.isInteger(seed)) {
  console.error(`--seed: expected an integer, got "${values.seed}"`);
  process.exit(1);
}

const standin = await startHousecallProStandin({
  port,
  host: values.host,
  seed,
  timeZone: values['time-zone'],
});
console.log(`Housecall Pro stand-in listening at ${standin.url}`);
console.log(`  api:     ${standin.url}/{company,jobs,job_fields/job_types}`);
console.log(
  `  account: ${standin.demoAccount.companyName} (its API key: GET ${standin.url}/__control/state)`,
);
console.log(`  control: ${standin.url}/__control/{bookings,webhooks,clock,state,calls}`);

const stop = async () => {
  await standin.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
