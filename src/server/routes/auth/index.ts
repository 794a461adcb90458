import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema } from '../../../shared/api/auth.js';
import { INVITATIONS_PAGE } from '../../../shared/api/invitations.js';
import { onboardingStepFor } from '../../../shared/api/onboarding.js';
import { can } from '../../../shared/permissions.js';
import { actorOf, documentAccess } from '../../plugins/permissions.js';
import { contentResponse, redirectResponse } from '../../plugins/api-reference.js';
import { setupStatus } from '../../services/companies/company-store.js';
import { unauthenticated } from '../../errors.js';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  hashSessionId,
  setSessionCookie,
} from '../../plugins/sessions.js';
import {
  LOGIN_TTL_MS,
  saveLoginAttempt,
  takeLoginAttempt,
} from '../../services/identity/login-attempt-store.js';
import { sampleAvailability } from '../../platforms/demo.js';
import { safeReturnTo } from '../../services/identity/return-to.js';
import { signInUser } from '../../services/identity/sign-in-user.js';

const LOGIN_COOKIE = 'cb_login';

/** Sign-in, sign-out and "who am I": public by design (they are how one becomes signed in). */
export default async function authRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  documentAccess(app, 'public');
  const secure = app.config.publicUrl.startsWith('https://');
  const signInLimit = { max: app.config.signInRateLimitPerMinute, timeWindow: '1 minute' };

  app.get(
    '/api/login',
    {
      config: { rateLimit: signInLimit },
      // Any returnTo is accepted here and judged by safeReturnTo: an unusable one returns to `/`.
      schema: {
        operationId: 'signIn',
        summary: 'Start signing in',
        description:
          "Sends the browser to the identity provider's sign-in page; after signing in it comes back through `/api/callback` to `returnTo` (a path on this site; anything else returns to `/`). A page, not for programs. 503 in plain text when the identity provider does not answer.",
        querystring: z.object({
          returnTo: z
            .unknown()
            .optional()
            .meta({
              description: 'The page to come back to, a path on this site. Absent: the board.',
              examples: ['/history'],
            }),
        }),
        response: {
          302: redirectResponse("To the identity provider's sign-in page"),
          503: contentResponse('The identity provider did not answer', 'text/plain'),
        },
      },
    },
    async (request, reply) => {
      // Started at another spelling of the default address (the start log's 127.0.0.1): the
      // sign-in's cookie and the provider's callback live at publicUrl, so it starts there.
      if (app.config.loopbackAliases.includes(`${request.protocol}://${request.host}`)) {
        return reply.redirect(`${app.config.publicUrl}${request.url}`, 302);
      }
      let pending;
      try {
        pending = await app.services.identity.begin();
      } catch (err) {
        request.log.error({ err }, 'identity provider unreachable');
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            'Sign-in is unavailable right now: the identity provider did not answer. Please try again shortly.',
          );
      }
      const id = crypto.randomBytes(24).toString('base64url');
      await saveLoginAttempt(
        app.db,
        {
          idHash: hashSessionId(id),
          state: pending.state,
          nonce: pending.nonce,
          codeVerifier: pending.codeVerifier,
          returnTo: safeReturnTo(request.query.returnTo, app.config.publicUrl),
        },
        new Date(),
      );
      reply.setCookie(LOGIN_COOKIE, id, {
        path: '/api/callback',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: LOGIN_TTL_MS / 1000,
      });
      return reply.redirect(pending.url, 302);
    },
  );

  app.get(
    '/api/callback',
    {
      config: { rateLimit: signInLimit },
      schema: {
        operationId: 'completeSignIn',
        summary: 'Finish signing in (the identity provider sends the browser here)',
        description:
          "Where the identity provider sends the browser back after signing in: checks its answer, starts the person's session (a cookie) and sends them on. Not for programs. 400 in plain words when the sign-in cannot be completed: start again.",
        response: {
          302: redirectResponse(
            'Signed in: to /invitations when invitations wait for a choice, else the page that asked (returnTo), or /',
          ),
          400: contentResponse('The sign-in could not be completed', 'text/plain'),
        },
      },
    },
    async (request, reply) => {
      const id = request.cookies[LOGIN_COOKIE];
      reply.clearCookie(LOGIN_COOKIE, {
        path: '/api/callback',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      const query = request.query as Record<string, string | undefined>;
      if (query.error) {
        request.log.info({ error: query.error }, 'sign-in cancelled at the identity provider');
        return reply.redirect('/', 302);
      }
      // No sign-in of this browser at this address: starting again would only come back here
      // (a browser that drops cookies, or a sign-in started at another address), so say so.
      if (!id) {
        return reply
          .status(400)
          .type('text/plain; charset=utf-8')
          .send(
            `Sign-in could not be completed: this browser did not keep the sign-in cookie for ${app.config.publicUrl}. ` +
              `Open ${app.config.publicUrl} (with cookies allowed) and sign in again.`,
          );
      }
      const attempt = await takeLoginAttempt(app.db, hashSessionId(id), new Date());
      if (!attempt) return reply.redirect('/api/login', 302);
      // Judged again on the way out: a row written before this check existed must not redirect
      // off-site or put an unsendable character in the Location header.
      const returnTo = safeReturnTo(attempt.returnTo, app.config.publicUrl);

      let identity;
      try {
        const callbackUrl = new URL(request.url, app.config.publicUrl);
        identity = await app.services.identity.complete(callbackUrl, attempt);
      } catch (err) {
        request.log.warn({ err }, 'sign-in callback rejected');
        return reply
          .status(400)
          .type('text/plain; charset=utf-8')
          .send('Sign-in could not be completed. Please go back and sign in again.');
      }
      const { userId, chooseInvitation } = await signInUser(app.db, identity, {
        protectedAdminEmail: app.config.protectedAdminEmail,
        trustEmailWithoutVerifiedClaim: app.config.trustEmailWithoutVerifiedClaim,
        now: app.services.now(),
      });
      // Rotate: whatever session this browser had ends; a fresh id is issued.
      if (request.sessionIdHash) await app.sessions.destroy(request.sessionIdHash);
      const sessionId = await app.sessions.create(userId, request.headers['user-agent']);
      setSessionCookie(reply, app.config, sessionId);
      // Invitations waiting for this person's choice come first (decision 019).
      return reply.redirect(chooseInvitation ? INVITATIONS_PAGE : returnTo, 302);
    },
  );

  app.get(
    '/api/logout',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Sign out',
        description:
          "Ends the browser's session and sends it to `/`. A link on another site cannot sign anyone out.",
        response: { 302: redirectResponse('Signed out: to /') },
      },
    },
    async (request, reply) => {
      // A link on another site must not be able to sign people out.
      const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
      if (request.sessionIdHash && !crossSite) await app.sessions.destroy(request.sessionIdHash);
      if (!crossSite) clearSessionCookie(reply, app.config);
      return reply.redirect('/', 302);
    },
  );

  app.get(
    '/api/auth/user',
    {
      schema: {
        operationId: 'getCurrentUser',
        summary: 'Get the signed-in person',
        description:
          'The signed-in person: name, e-mail, role, company, what they may do and where they are in the first setup. 401 when nobody is signed in (a paired TV is nobody).',
        'x-access': 'person',
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      if (!request.user) {
        // A session cookie that names no valid session (ended, expired): drop it and the
        // signed-in hint, so this browser's pages stop asking.
        if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply, app.config);
        throw unauthenticated();
      }
      const actor = actorOf(request.user);
      const setup = await setupStatus(app.db, {
        userId: request.user.id,
        companyId: request.user.companyId,
      });
      return {
        ...request.user,
        onboarding: {
          step: onboardingStepFor(actor, setup),
          companyConfigured: setup.companyConfigured,
          ...sampleAvailability(app, can(actor, 'credentials.manage')),
        },
      };
    },
  );
}
