import * as oidc from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  redirectUri: string;
  /** Extra authorization parameters, e.g. `prompt=login` for the development provider. */
  extraParams?: Record<string, string>;
}

export interface PendingSignIn {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  /** The provider's `email_verified` claim; undefined when it sends none. */
  emailVerified: boolean | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
}

export interface OidcSignIn {
  begin(): Promise<PendingSignIn>;
  complete(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity>;
}

/**
 * Authorization-code flow with PKCE, state and nonce against any OpenID Connect provider.
 * Discovery runs lazily on first use and is retried after a failure.
 */
export function createOidcSignIn(settings: OidcSettings): OidcSignIn {
  let configuration: Promise<oidc.Configuration> | undefined;
  const configure = () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.issuer.startsWith('http://')
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((err: unknown) => {
        configuration = undefined;
        throw err;
      });
    return configuration;
  };

  return {
    async begin() {
      const config = await configure();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...settings.extraParams,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },
    async complete(callbackUrl, checks) {
      const config = await configure();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('identity provider returned no ID token');
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
      const bool = (v: unknown) =>
        typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;
      let email = str(claims.email);
      let emailVerified = bool(claims.email_verified);
      let firstName = str(claims.given_name);
      let lastName = str(claims.family_name);
      if (!email || !firstName) {
        // Some providers put profile claims only in userinfo.
        const info = await oidc
          .fetchUserInfo(config, tokens.access_token, claims.sub)
          .catch(() => undefined);
        if (!email) {
          email = str(info?.email);
          emailVerified = bool(info?.email_verified);
        }
        firstName ??= str(info?.given_name);
        lastName ??= str(info?.family_name);
      }
      return { issuer: claims.iss, subject: claims.sub, email, emailVerified, firstName, lastName };
    },
  };
}
