import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../errors.js';
import type { Role } from '../db/schema.js';
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
