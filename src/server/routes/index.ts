import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/index.js';
import healthRoutes from './health/index.js';

/** One folder per resource; each folder decides its own access rule with one hook. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
}
