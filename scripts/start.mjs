// npm start: install what is missing, build what is stale, run the product on its embedded
// defaults (PGlite in ./data, the development identity provider, the sample ServiceTitan tenant).
import { ensureBuild, ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
await ensureBuild();
process.chdir(root);
await import('../dist/server/src/server/main.js');
