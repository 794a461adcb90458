import type { Config } from '../config.js';

/**
 * The Content-Security-Policy every response carries (through helmet, plugins/security-headers).
 * The built client is only files from this origin: scripts are modules from /assets (no inline
 * script, no eval), fonts are self-hosted Fontsource files, images are our files or uploaded
 * logos kept as data: URLs, and every API call is same-origin. Styles allow inline: Radix components (scroll area,
 * dialogs' scroll lock) inject small <style> elements, and the development sign-in page has one.
 * Forms post to this origin or, with an external identity provider, to its origin.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const formAction = ["'self'"];
  if (config.oidc.kind === 'external') formAction.push(new URL(config.oidc.issuer).origin);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': formAction,
    'frame-ancestors': config.frameAncestors,
    // Plain-http installs (a TV on the office network) must not be told to upgrade.
    ...(config.publicUrl.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}
