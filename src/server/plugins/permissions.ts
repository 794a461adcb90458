import type { FastifyRequest } from 'fastify';
import { can, denialReason, type Actor, type Permission } from '../../shared/permissions.js';
import { forbidden, notFound, unauthenticated } from '../errors.js';
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

/**
 * The caller's company, for a write that needs `permission` in it; a 403 with the vocabulary's
 * sentence otherwise (also for a master admin who belongs to no company: there is nothing to
 * write to).
 */
export function companyForWrite(request: FastifyRequest, permission: Permission): number {
  const user = currentUser(request);
  const actor = actorOf(user);
  if (!can(actor, permission)) throw forbidden(denialReason(actor, permission) ?? 'Forbidden');
  if (user.companyId === null) throw forbidden('Create or join a company first.');
  return user.companyId;
}

/** The signed-in person as an Actor, inside a handler behind `requireUser`. */
export const currentActor = (request: FastifyRequest): Actor => actorOf(currentUser(request));

/**
 * The company whose board a request asks for with `?companyId=`: undefined for the caller's
 * own board; a master admin may name any existing company; anyone else naming a company other
 * than their own gets 404, as if it did not exist.
 */
export async function boardCompanyFor(
  request: FastifyRequest,
  companyId: number | undefined,
  exists: (id: number) => Promise<boolean>,
): Promise<number | undefined> {
  if (companyId === undefined) return undefined;
  const actor = currentActor(request);
  if (actor.companyId === companyId) return undefined;
  if (!can(actor, 'board.view', { companyId }) || !(await exists(companyId))) {
    throw notFound('Company');
  }
  return companyId;
}
