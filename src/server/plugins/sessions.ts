import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { EventBus } from '../services/events/contract.js';
import { isAdminRole } from '../../shared/permissions.js';
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE } from '../../shared/api/signed-in-hint.js';
import { companies, sessions, users, type Role } from '../db/schema.js';

export const SESSION_COOKIE = 'cb_session';
/** Sliding expiry is written back at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** The signed-in user as every route sees it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  isAdmin: boolean;
  companyId: number | null;
  companyName: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null when signed out. Loaded once per request for /api routes. */
    user: SessionUser | null;
    sessionIdHash: string | null;
  }
}

/** SHA-256 of a session id, as stored. One-shot `crypto.hash`: it runs on every /api request. */
export const hashSessionId = (id: string) => crypto.hash('sha256', id, 'base64url');

export interface SessionStore {
  create(userId: string, userAgent: string | undefined): Promise<string>;
  /** Sign-out: the row goes, and every instance forgets the session (`session.ended`). */
  destroy(idHash: string): Promise<void>;
  /** User deleted: all their sessions end on every instance. */
  destroyAllForUser(userId: string): Promise<void>;
  /**
   * The user's row changed (role, company): every instance reads their sessions afresh, and
   * their open streams close (the browser reconnects as who they are now). This instance
   * forgets at once, so the caller's next request already sees the change.
   */
  userChanged(userId: string): Promise<void>;
  /** Users changed without knowing which (a company deleted): every instance forgets all. */
  allUsersChanged(): Promise<void>;
  /** The session behind a cookie's hash, from memory for a few seconds, else one query. */
  load(idHash: string, now: Date): Promise<LoadedSession | null>;
  /**
   * What memory holds for a cookie's hash without waiting: the session, null when it has run
   * out, undefined when it has to be read (`load`).
   */
  remembered(idHash: string, now: Date): LoadedSession | null | undefined;
  /** Drops what memory holds for an ended session or user (called for `session.ended`). */
  forget(ended: { sessionIdHash?: string; userId?: string }): void;
}

export interface LoadedSession {
  user: SessionUser;
  lastSeenAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

/**
 * A session is read from the database at most this often per instance; sign-out, deletion and
 * role changes reach every instance at once through `session.ended`, so this bounds only the
 * case where a notification was lost (and then the cache is dropped whole, see app.ts).
 */
export const SESSION_CACHE_TTL_MS = 5_000;

export function createSessionStore(db: Database, config: Config, events: EventBus): SessionStore {
  const cache = new LRUCache<string, LoadedSession>({
    max: 20_000,
    ttl: SESSION_CACHE_TTL_MS,
  });
  /**
   * Reads under way, by session: requests that miss the cache at the same moment (a board's
   * first load asks for several things at once) share one database read.
   */
  const reading = new Map<string, Promise<LoadedSession | null>>();
  /** Bumped by every `forget`: a read that was under way when a session ended is not kept. */
  let generation = 0;
  function forget(ended: { sessionIdHash?: string; userId?: string }) {
    generation += 1;
    // A read under way may hold what just ended: later requests read afresh.
    reading.clear();
    if (!ended.sessionIdHash && !ended.userId) {
      cache.clear();
      return;
    }
    if (ended.sessionIdHash) cache.delete(ended.sessionIdHash);
    if (ended.userId) {
      for (const [key, session] of cache.entries()) {
        if (session.user.id === ended.userId) cache.delete(key);
      }
    }
  }
  async function tell(ended: { sessionIdHash?: string; userId?: string }) {
    forget(ended);
    await events.publish({ type: 'session.ended', ...ended });
  }
  async function read(idHash: string, now: Date): Promise<LoadedSession | null> {
    const [row] = await db
      .select({
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        user: {
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          companyId: users.companyId,
        },
        companyName: companies.name,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(
        and(
          eq(sessions.idHash, idHash),
          gt(sessions.expiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
        ),
      )
      .limit(1);
    if (!row) return null;
    return {
      user: { ...row.user, isAdmin: isAdminRole(row.user.role), companyName: row.companyName },
      lastSeenAt: row.lastSeenAt,
      expiresAt: row.expiresAt,
      absoluteExpiresAt: row.absoluteExpiresAt,
    };
  }
  function remembered(idHash: string, now: Date): LoadedSession | null | undefined {
    const cached = cache.get(idHash);
    if (!cached) return undefined;
    // Compared as numbers: a Date compared with `>` is converted through its valueOf each time.
    const at = now.getTime();
    if (cached.expiresAt.getTime() > at && cached.absoluteExpiresAt.getTime() > at) return cached;
    cache.delete(idHash);
    return null;
  }
  return {
    forget,
    remembered,
    userChanged: (userId) => tell({ userId }),
    allUsersChanged: () => tell({}),
    async load(idHash, now) {
      const known = remembered(idHash, now);
      if (known !== undefined) return known;
      const shared = reading.get(idHash);
      if (shared) return shared;
      const startedAt = generation;
      const pending = read(idHash, now).then(
        (loaded) => {
          if (reading.get(idHash) === pending) reading.delete(idHash);
          // Only sessions that exist are remembered (random cookies cannot fill the cache), and
          // only when no session ended while the read was under way.
          if (loaded && generation === startedAt) cache.set(idHash, loaded);
          return loaded;
        },
        (error: unknown) => {
          if (reading.get(idHash) === pending) reading.delete(idHash);
          throw error;
        },
      );
      reading.set(idHash, pending);
      return pending;
    },
    async create(userId, userAgent) {
      const id = crypto.randomBytes(32).toString('base64url');
      const now = Date.now();
      await db.insert(sessions).values({
        idHash: hashSessionId(id),
        userId,
        expiresAt: new Date(now + config.session.idleMs),
        absoluteExpiresAt: new Date(now + config.session.absoluteMs),
        userAgent: userAgent?.slice(0, 300),
      });
      // Opportunistic clean-up keeps the table small without a scheduler.
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.absoluteExpiresAt, new Date())));
      return id;
    },
    async destroy(idHash) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      await tell({ sessionIdHash: idHash });
    },
    async destroyAllForUser(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      await tell({ userId });
    },
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, id: string): void {
  const secure = config.publicUrl.startsWith('https://');
  const maxAge = Math.floor(config.session.absoluteMs / 1000);
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge,
  });
  setSignedInHint(reply, config, maxAge);
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const secure = config.publicUrl.startsWith('https://');
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/** The signed-in hint (src/shared/api/signed-in-hint.ts): readable by pages, carries no secret. */
function setSignedInHint(reply: FastifyReply, config: Config, maxAge: number): void {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge,
  });
}

/**
 * On a page load: the hint follows the session cookie's presence, so a browser signed in before
 * the hint existed keeps being asked who it is, and one whose session cookie is gone is not.
 * (Whether the session is valid is decided by /api/auth/user, which clears both when it is not.)
 */
export function syncSignedInHint(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const hasSession = Boolean(request.cookies[SESSION_COOKIE]);
  const hinted = request.cookies[SIGNED_IN_HINT_COOKIE] === SIGNED_IN_HINT_VALUE;
  if (hasSession && !hinted)
    setSignedInHint(reply, config, Math.floor(config.session.absoluteMs / 1000));
  if (!hasSession && request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined)
    reply.clearCookie(SIGNED_IN_HINT_COOKIE, {
      path: '/',
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
    });
}

/** Loads `request.user` from the session cookie for every /api request. */
export function registerSessionLoading(
  app: FastifyInstance,
  db: Database,
  config: Config,
  store: SessionStore,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  /** The request is this session's; its sliding expiry is written when due (then `done`). */
  function settle(
    request: FastifyRequest,
    idHash: string,
    session: LoadedSession | null,
    now: Date,
    done: (error?: Error) => void,
  ): void {
    if (!session) return done();
    request.sessionIdHash = idHash;
    request.user = session.user;
    if (now.getTime() - session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return done();
    const expiresAt = new Date(now.getTime() + config.session.idleMs);
    // The cached copy moves too, so the write happens once per interval, not per request.
    session.lastSeenAt = now;
    session.expiresAt = expiresAt;
    db.update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(sessions.idHash, idHash))
      .then(() => done(), done);
  }
  // A callback hook: a session in memory (every request but one each few seconds) is settled
  // without a promise; only a read or a due write waits.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return done();
    const idHash = hashSessionId(id);
    const now = new Date();
    const known = store.remembered(idHash, now);
    if (known !== undefined) return settle(request, idHash, known, now, done);
    store.load(idHash, now).then((session) => settle(request, idHash, session, now, done), done);
  });
}
