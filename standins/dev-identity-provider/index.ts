import crypto from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { accountForEmail } from './accounts.js';
import { renderSignInPage } from './sign-in-page.js';

export interface DevIdentityProviderOptions {
  /** Full issuer URL including the mount path, e.g. http://localhost:5000/oidc */
  issuer: string;
  client: {
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    postLogoutRedirectUri: string;
  };
  /**
   * Answer requests from any address. Off by default: this provider signs anyone in as any
   * account (master admin included) with one click, so only this machine may use it.
   */
  allowRemote?: boolean;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A fresh RS256 signing key per process: ID tokens only need to verify while it runs. */
function signingKey() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    alg: 'RS256',
    use: 'sig',
    kid: crypto.randomUUID(),
  };
}

/**
 * A real OpenID Connect provider (oidc-provider) for development and tests, mounted inside the
 * app when no external issuer is configured. It speaks the standard protocol, so the product's
 * sign-in code cannot tell it from Clerk, Auth0 or Entra ID. Its state lives in memory: it is a
 * single-instance development tool and refuses to run in production.
 */
export function createDevIdentityProvider(options: DevIdentityProviderOptions) {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The development identity provider refuses to run with NODE_ENV=production');
  }
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: [options.client.redirectUri],
        post_logout_redirect_uris: [options.client.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accountForEmail(id);
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: true,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`,
        }),
      };
    },
    // First-party client only: grant what it asks for without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session || !client || !session.accountId) return undefined;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) {
        const found = await ctx.oidc.provider.Grant.find(existing);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: {
      Session: 60 * 60,
      Interaction: 10 * 60,
      Grant: 60 * 60,
      AccessToken: 10 * 60,
      IdToken: 10 * 60,
    },
    jwks: { keys: [signingKey()] },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = true;
  const callback = provider.callback();

  /** Fastify plugin serving the provider and its sign-in page under the issuer's path. */
  async function plugin(app: FastifyInstance): Promise<void> {
    if (!options.allowRemote) {
      app.addHook('onRequest', async (request, reply) => {
        if (!request.url.startsWith(`${mountPath}/`) && request.url !== mountPath) return;
        // The socket's own address: a forwarded header (X-Forwarded-For, trusted with
        // TRUST_PROXY) is whatever the caller wrote, and must not make a caller "this machine".
        const address = request.socket.remoteAddress;
        if (isLoopback(address)) return;
        request.log.warn({ address }, 'development sign-in refused a non-loopback address');
        return reply
          .status(403)
          .type('text/plain; charset=utf-8')
          .send(
            'The development sign-in only answers this machine (set DEV_IDENTITY_ALLOW_REMOTE=true to allow others, or configure OIDC_ISSUER).',
          );
      });
    }
    // Its sign-in page is an HTML form: the one place in the app that takes a form body
    // (registered in this plugin's scope only; the product's JSON routes answer 415 to forms).
    await app.register(formbody);
    app.get(`${mountPath}/interaction/:uid`, async (request, reply) => {
      reply.hijack();
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        reply.raw.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        });
        reply.raw.end(
          renderSignInPage({ action: `${mountPath}/interaction/${details.uid}/login` }),
        );
      } catch (err) {
        request.log.warn({ err }, 'development sign-in page: interaction not found');
        reply.raw.writeHead(400, { 'content-type': 'text/plain' });
        reply.raw.end('This sign-in link has expired. Go back to the app and sign in again.');
      }
    });

    app.post<{ Params: { uid: string }; Body: { email?: string } }>(
      `${mountPath}/interaction/:uid/login`,
      async (request, reply) => {
        const email = String(request.body?.email ?? '')
          .trim()
          .toLowerCase();
        reply.hijack();
        if (!EMAIL.test(email)) {
          reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          reply.raw.end(
            renderSignInPage({
              action: `${mountPath}/interaction/${request.params.uid}/login`,
              error: 'Enter a valid email address.',
            }),
          );
          return;
        }
        try {
          await provider.interactionFinished(
            request.raw,
            reply.raw,
            { login: { accountId: email } },
            {
              mergeWithLastSubmission: false,
            },
          );
        } catch (err) {
          request.log.warn({ err }, 'development sign-in: interaction could not finish');
          reply.raw.writeHead(400, { 'content-type': 'text/plain' });
          reply.raw.end('This sign-in link has expired. Go back to the app and sign in again.');
        }
      },
    );

    // Everything else under the mount path is the provider itself (discovery, auth, token,
    // jwks...). Its own body parser reads the request, so Fastify must leave it unread.
    await app.register(async (passthrough) => {
      passthrough.removeAllContentTypeParsers();
      passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));
      passthrough.all(`${mountPath}/*`, async (request, reply) => {
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(mountPath.length) || '/';
        callback(raw, reply.raw);
      });
    });
  }

  return { provider, plugin };
}
