// npm run dev: the API server with restart on change (tsx watch) and Vite with hot reload on :5173.
import { ensureDependencies, onSupportedNode, run } from './lib.mjs';

await ensureDependencies();
await onSupportedNode();
// Sign-in callbacks come back through Vite's proxy, so the public URL is Vite's.
const server = run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
});
const client = run('npx', ['vite', '--port', '5173']);
console.log('\n  App (with hot reload): http://localhost:5173   API: http://localhost:5000\n');
process.exit(Math.max(await server, await client));
