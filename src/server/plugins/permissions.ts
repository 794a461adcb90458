import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../errors.js';
import type { Role } from '../db/schema.js';
import { can, denialReason, type Actor, type Permission } from '../../shared/permissions.js';
import type { SessionUser } from './sessions.js';

/**
 * preHandlers applied to whole route folders (`app.addHook('preHandler', requireUser)`), so an
 * unprotected route is a visible exception.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

export function requireRole(...allowed: Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw unauthenticated();
    if (!allowed.includes(request.user.role)) throw forbidden('Admin access required');
  };
}

export const requireAdmin = requireRole('account_admin', 'master_admin');
export const requireMasterAdmin = requireRole('master_admin');

/** The signed-in user inside a handler behind `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The permission vocabulary's view of a signed-in person. */
export function actorOf(user: SessionUser): Actor {
  return { kind: 'person', id: user.id, role: user.role, companyId: user.companyId };
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
