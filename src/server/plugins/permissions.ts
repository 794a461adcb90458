import type { FastifyRequest } from 'fastify';
import { can, type Actor, type Permission } from '../../shared/permissions.js';
import { forbidden, unauthenticated } from '../errors.js';
import type { SessionUser } from './sessions.js';

/**
 * preHandlers applied to whole route folders (`app.addHook('preHandler', requireUser)`), so an
 * unprotected route is a visible exception. Every decision goes through the shared vocabulary
 * (src/shared/permissions.ts); nothing here compares role strings.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

/** The rules' view of a signed-in person. */
export const actorOf = (user: SessionUser): Actor => ({
  kind: 'person',
  id: user.id,
  role: user.role,
  companyId: user.companyId,
});

/** Signed in and holding `permission` somewhere (company scope is checked per target later). */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw unauthenticated();
    if (!can(actorOf(request.user), permission)) throw forbidden('Admin access required');
  };
}

/** The /admin area: account admins and master admins. */
export const requireAdmin = requirePermission('admin.access');
/** Company management across companies: master admins. */
export const requireMasterAdmin = requirePermission('companies.manage');

/** The signed-in user inside a handler behind `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The signed-in person as an Actor, inside a handler behind `requireUser`. */
export const currentActor = (request: FastifyRequest): Actor => actorOf(currentUser(request));
