import { z } from 'zod';

/**
 * Zod compiles fast parsers with `new Function` when it can, probing for it once; under the
 * app's Content-Security-Policy (no eval) that probe is refused and reported as a violation.
 * The client parses small bodies, so it runs Zod without eval. Imported first by main.tsx:
 * schemas read this when they are built, at module load.
 */
z.config({ jitless: true });
