import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOARD_VERSION_HEADER } from '../../shared/api/screens.js';
import type { Config } from '../config.js';
import {
  hashScreenSecret,
  type ScreenRow,
  type ScreenStore,
} from '../services/screens/screen-store.js';

/** The device credential of a paired TV or screen link (decision 010). */
export const SCREEN_COOKIE = 'cb_screen';
/** Chrome keeps a cookie at most 400 days; re-set on use, it never runs out on a used screen. */
const SCREEN_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** `last_seen_at` is written at most this often per screen, so a screen's reads stay reads. */
export const SCREEN_TOUCH_INTERVAL_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The paired screen calling (its device cookie), or null. Loaded once per /api request. */
    screen: ScreenRow | null;
    /** SHA-256 of the device cookie, when the request carried one (a screen or a pairing TV). */
    screenSecretHash: string | null;
  }
}

export function setScreenCookie(reply: FastifyReply, config: Config, secret: string): void {
  reply.setCookie(SCREEN_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: SCREEN_COOKIE_MAX_AGE_SECONDS,
  });
}

/** A board version as a screen reports it: short and printable, or nothing. */
function reportedVersion(request: FastifyRequest): string | null {
  const value = request.headers[BOARD_VERSION_HEADER];
  return typeof value === 'string' && /^[\w.+-]{1,64}$/.test(value) ? value : null;
}

/** Loads `request.screen` from the device cookie for every /api request. */
export function registerScreenLoading(
  app: FastifyInstance,
  deps: { store: ScreenStore; config: Config; now: () => Date },
): void {
  app.decorateRequest('screen', null);
  app.decorateRequest('screenSecretHash', null);
  async function loadScreen(request: FastifyRequest, reply: FastifyReply, secret: string) {
    const secretHash = hashScreenSecret(secret);
    request.screenSecretHash = secretHash;
    const screen = await deps.store.byTokenHash(secretHash);
    if (!screen) return;
    request.screen = screen;
    const now = deps.now();
    const version = reportedVersion(request);
    const due =
      !screen.lastSeenAt ||
      now.getTime() - screen.lastSeenAt.getTime() >= SCREEN_TOUCH_INTERVAL_MS ||
      (version !== null && version !== screen.boardVersion);
    if (due) {
      await deps.store.touch(screen.id, now, version);
      // Sliding: a screen in use keeps its cookie for ever (browsers cap max-age at 400 days).
      setScreenCookie(reply, deps.config, secret);
    }
  }
  // A callback hook: requests without a device cookie (people, pages) pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const secret = request.cookies[SCREEN_COOKIE];
    if (!secret || secret.length > 100) return done();
    loadScreen(request, reply, secret).then(() => done(), done);
  });
}
