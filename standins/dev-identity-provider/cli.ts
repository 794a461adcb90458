import Fastify from 'fastify';
import { parseArgs } from 'node:util';
import { createDevIdentityProvider } from './index.js';

/**
 * Runs the development identity provider on its own, as a stand-in for a hosted one (Auth0,
 * Entra ID, Keycloak...) in front of production-mode instances on this machine (docs/deploy.md):
 *   npx tsx standins/dev-identity-provider/cli.ts --port 5790 \
 *     --client-id call-board --client-secret s3cret --app-url http://127.0.0.1:5800
 * The issuer is http://127.0.0.1:<port>/oidc; the app's redirect URI is <app-url>/api/callback.
 * It answers this machine only, like the mounted one.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5790' },
    'client-id': { type: 'string', default: 'call-board' },
    'client-secret': { type: 'string' },
    'app-url': { type: 'string', default: 'http://127.0.0.1:5000' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port: expected a port number, got "${values.port}"`);
  process.exit(1);
}
if (!values['client-secret']) {
  console.error('--client-secret: required (the value you give the app as OIDC_CLIENT_SECRET)');
  process.exit(1);
}
const appUrl = values['app-url'].replace(/\/+$/, '');
const issuer = `http://127.0.0.1:${port}/oidc`;
const { plugin } = createDevIdentityProvider({
  issuer,
  client: {
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    redirectUri: `${appUrl}/api/callback`,
    postLogoutRedirectUri: `${appUrl}/`,
  },
});
const app = Fastify({ forceCloseConnections: true });
await app.register(plugin);
await app.listen({ port, host: '127.0.0.1' });
console.log(
  `Development identity provider: OIDC_ISSUER=${issuer} OIDC_CLIENT_ID=${values['client-id']}`,
);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
