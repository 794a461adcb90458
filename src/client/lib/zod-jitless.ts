import { z } from 'zod/v4';

/**
 * What `zod` means in the browser build (vite.config.ts aliases it here). Zod compiles fast
 * parsers with `new Function` when it can, probing for it once; under the app's
 * Content-Security-Policy (no eval) that probe is refused and reported as a violation. The client
 * parses small bodies, so it runs Zod without eval. Set here, this runs before any schema is
 * built (schemas read it at module load) in whichever chunk first needs Zod, so Zod stays out of
 * the pages that parse nothing (the board, the TV screen).
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
