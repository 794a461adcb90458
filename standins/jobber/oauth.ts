import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * Jobber's OAuth 2.0 server as the app sees it (Jobber's app-authorization and refresh-token-
 * rotation pages): authorization codes, access tokens that are JWTs with `exp` 60 minutes on,
 * and refresh tokens that rotate: each redemption answers a new one and the old one is refused
 * from that moment ("The provided refresh token is not valid."). A grant ends when the app calls
 * `appDisconnect` or the account disconnects the app in Jobber.
 */

export const REFUSED_REFRESH = 'The provided refresh token is not valid.';

export interface Grant {
  id: string;
  clientId: string;
  accountId: string;
  userId: string;
  /** SHA-256 of the one refresh token that may be redeemed now. */
  refreshHash: string;
  active: boolean;
  rotations: number;
}

interface StoredState {
  version: 1;
  grants: Grant[];
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_at?: string;
}

export interface OAuthServer {
  /** A code for an account's consent, redeemable once within 10 minutes. */
  issueCode(input: {
    clientId: string;
    redirectUri: string;
    accountId: string;
    userId: string;
  }): string;
  /** `grant_type=authorization_code`. */
  redeemCode(input: { clientId: string; code: string; redirectUri: string }): TokenAnswer | null;
  /** `grant_type=refresh_token`: the next tokens, or null when the token is not the grant's current one. */
  refresh(input: { clientId: string; refreshToken: string }): TokenAnswer | null;
  /** The grant an access token belongs to, or why not: `expired`, `invalid`, `disconnected`. */
  verifyAccess(
    token: string,
  ): { grant: Grant } | { problem: 'expired' | 'invalid' | 'disconnected' };
  /** Ends a grant (appDisconnect, or Disconnect in Jobber). */
  end(grantId: string): void;
  grants(): readonly Grant[];
  /** Redemptions of a refresh token that was not the current one (reuse). */
  readonly refused: number;
  readonly rotations: number;
}

export function createOAuthServer(options: {
  now: () => number;
  accessTokenSeconds: number;
  /** Grants survive a restart of the stand-in in this file (the demo's stored tokens keep working). */
  stateFile?: string | undefined;
}): OAuthServer {
  const { now } = options;
  const signingKey = crypto.randomBytes(32);
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; accountId: string; userId: string; expiresMs: number }
  >();
  const grants = new Map<string, Grant>();
  let refused = 0;
  let rotations = 0;

  if (options.stateFile && fs.existsSync(options.stateFile)) {
    try {
      const stored = JSON.parse(fs.readFileSync(options.stateFile, 'utf8')) as StoredState;
      for (const grant of stored.grants ?? []) grants.set(grant.id, grant);
    } catch {
      // A damaged file: start without grants (the product then says Jobber disconnected).
    }
  }
  const save = () => {
    if (!options.stateFile) return;
    const state: StoredState = { version: 1, grants: [...grants.values()] };
    const temporary = `${options.stateFile}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
    fs.renameSync(temporary, options.stateFile);
  };

  function accessToken(grant: Grant): { token: string; expiresMs: number } {
    const iat = Math.floor(now() / 1000);
    const exp = iat + options.accessTokenSeconds;
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({
        sub: grant.userId,
        account_id: grant.accountId,
        app_id: grant.clientId,
        grant_id: grant.id,
        scope: 'read_jobs read_users',
        iat,
        exp,
        jti: crypto.randomUUID(),
      }),
    );
    const signature = crypto
      .createHmac('sha256', signingKey)
      .update(`${header}.${payload}`)
      .digest('base64url');
    return { token: `${header}.${payload}.${signature}`, expiresMs: exp * 1000 };
  }

  function rotate(grant: Grant, withExpiry: boolean): TokenAnswer {
    // A grant's refresh token carries the grant's id so a restart of the stand-in finds it.
    const refreshToken = `${grant.id}.${crypto.randomBytes(24).toString('base64url')}`;
    grant.refreshHash = sha256(refreshToken);
    save();
    const access = accessToken(grant);
    return {
      access_token: access.token,
      refresh_token: refreshToken,
      ...(withExpiry
        ? {
            expires_at: new Date(access.expiresMs)
              .toISOString()
              .replace('T', ' ')
              .replace(/\.\d+Z$/, ' UTC'),
          }
        : {}),
    };
  }

  return {
    get refused() {
      return refused;
    },
    get rotations() {
      return rotations;
    },
    grants: () => [...grants.values()],
    issueCode(input) {
      const code = crypto.randomBytes(20).toString('base64url');
      codes.set(code, { ...input, expiresMs: now() + 10 * 60_000 });
      return code;
    },
    redeemCode({ clientId, code, redirectUri }) {
      const issued = codes.get(code);
      codes.delete(code);
      if (
        !issued ||
        issued.expiresMs < now() ||
        issued.clientId !== clientId ||
        issued.redirectUri !== redirectUri
      )
        return null;
      // Connecting again replaces the account's earlier grant to this app.
      for (const grant of grants.values()) {
        if (grant.clientId === clientId && grant.accountId === issued.accountId)
          grant.active = false;
      }
      const grant: Grant = {
        id: crypto.randomUUID(),
        clientId,
        accountId: issued.accountId,
        userId: issued.userId,
        refreshHash: '',
        active: true,
        rotations: 0,
      };
      grants.set(grant.id, grant);
      return rotate(grant, false);
    },
    refresh({ clientId, refreshToken }) {
      const grant = grants.get(refreshToken.split('.')[0] ?? '');
      if (
        !grant ||
        !grant.active ||
        grant.clientId !== clientId ||
        grant.refreshHash !== sha256(refreshToken)
      ) {
        refused += 1;
        return null;
      }
      rotations += 1;
      grant.rotations += 1;
      return rotate(grant, true);
    },
    verifyAccess(token) {
      const [header, payload, signature] = token.split('.');
      if (!header || !payload || !signature) return { problem: 'invalid' };
      const expected = crypto
        .createHmac('sha256', signingKey)
        .update(`${header}.${payload}`)
        .digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
        return { problem: 'invalid' };
      let claims: { exp?: number; grant_id?: string };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
      } catch {
        return { problem: 'invalid' };
      }
      const grant = grants.get(claims.grant_id ?? '');
      if (!grant) return { problem: 'invalid' };
      if (!grant.active) return { problem: 'disconnected' };
      if ((claims.exp ?? 0) * 1000 <= now()) return { problem: 'expired' };
      return { grant };
    },
    end(grantId) {
      const grant = grants.get(grantId);
      if (grant) {
        grant.active = false;
        save();
      }
    },
  };
}
