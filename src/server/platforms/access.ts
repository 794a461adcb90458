import { housecallProAccess } from './housecallpro/access.js';
import { jobberAccess } from './jobber/access.js';

/**
 * The platforms that call the API themselves (their signed webhooks): their access rules and
 * security schemes, which plugins/permissions.ts and plugins/api-reference.ts add to their own.
 * No dependencies, so the permission plugin can read it.
 */
export const PLATFORM_ACCESS_RULES = {
  ...housecallProAccess.rules,
  ...jobberAccess.rules,
};

export const PLATFORM_SECURITY_SCHEMES = {
  ...jobberAccess.securitySchemes,
  ...housecallProAccess.securitySchemes,
};

/** The platforms as callers of the API (the reference's `x-callers`). */
export type PlatformCaller =
  (typeof PLATFORM_ACCESS_RULES)[keyof typeof PLATFORM_ACCESS_RULES]['callers'][number];

/** The reference's group of a platform's own route that belongs with another resource. */
export const PLATFORM_ROUTE_TAGS = {
  // The seed's metadata route: the board's items.
  servicetitan: 'boards',
};
