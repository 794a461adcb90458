// npm start: install what is missing, build what is stale, run the product on its embedded
// defaults (PGlite in ./data, the development identity provider, the sample ServiceTitan tenant).
import { ensureBuild, ensureDependencies, onSupportedNode, root } from './lib.mjs';

await ensureDependencies();
// On Node.js older than 22 (these machines' 20), the project's own Node.js 24 runs the server.
await onSupportedNode();
await ensureBuild();
process.chdir(root);
await import('../dist/server/src/server/main.js');
