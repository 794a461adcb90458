import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { isAdminRole } from '../../shared/permissions.js';
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

export const hashSessionId = (id: string) =>
  crypto.createHash('sha256').update(id).digest('base64url');

export interface SessionStore {
  create(userId: string, userAgent: string | undefined): Promise<string>;
  destroy(idHash: string): Promise<void>;
  destroyAllForUser(userId: string): Promise<void>;
}

export function createSessionStore(db: Database, config: Config): SessionStore {
  return {
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
    },
    async destroyAllForUser(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, id: string): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  });
}

/** Loads `request.user` from the session cookie for every /api request. */
export function registerSessionLoading(app: FastifyInstance, db: Database, config: Config): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/')) return;
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return;
    const idHash = hashSessionId(id);
    const now = new Date();
    const [row] = await db
      .select({
        lastSeenAt: sessions.lastSeenAt,
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
    if (!row) return;
    request.sessionIdHash = idHash;
    request.user = {
      ...row.user,
      isAdmin: isAdminRole(row.user.role),
      companyName: row.companyName,
    };
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + config.session.idleMs) })
        .where(eq(sessions.idHash, idHash));
    }
  });
}
