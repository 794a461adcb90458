import { parseArgs } from 'node:util';
import { startServiceTitanSimulator } from './index.js';

/**
 * Runs the ServiceTitan simulator on its own:
 *   npx tsx standins/servicetitan-simulator/cli.ts --port 5050 --seed 1 [--host 127.0.0.1] [--time-zone America/Chicago]
 * Point the app at it with SERVICETITAN_AUTH_URL and SERVICETITAN_API_URL.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5050' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '1' },
    'time-zone': { type: 'string', default: 'America/New_York' },
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

const simulator = await startServiceTitanSimulator({
  port,
  host: values.host,
  seed,
  timeZone: values['time-zone'],
});
const { clientId, tenantId } = simulator.demoCredential;
console.log(`ServiceTitan simulator listening at ${simulator.url}`);
console.log(`  token:   POST ${simulator.authUrl}/connect/token`);
console.log(`  api:     ${simulator.apiUrl}/{settings|jpm}/v2/tenant/${tenantId}/...`);
console.log(`  client:  ${clientId} (secret and app key: GET ${simulator.url}/__control/state)`);
console.log(`  control: ${simulator.url}/__control/{calls,reset,faults,clock,state}`);

const stop = async () => {
  await simulator.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
