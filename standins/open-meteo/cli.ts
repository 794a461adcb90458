import { parseArgs } from 'node:util';
import { startOpenMeteoFake } from './index.js';

/**
 * Runs the Open-Meteo stand-in on its own (browser tests, screenshots, offline development):
 *   npx tsx standins/open-meteo/cli.ts --port 5097
 * Point the app at it with OPEN_METEO_URL.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5097' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: expected a port number, got "${values.port}"`);
  process.exit(1);
}
const fake = await startOpenMeteoFake({ port, host: values.host });
console.log(`Open-Meteo stand-in listening at ${fake.url}`);
const stop = async () => {
  await fake.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
