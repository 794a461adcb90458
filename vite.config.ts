import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const sharedRoot = fileURLToPath(new URL('./src/shared', import.meta.url));

export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@shared', replacement: sharedRoot },
      { find: '@', replacement: clientRoot },
      // Every `zod` import of the browser build gets Zod configured for the CSP (no eval).
      { find: /^zod$/, replacement: `${clientRoot}/lib/zod-jitless.ts` },
    ],
  },
  build: { outDir: fileURLToPath(new URL('./dist/client', import.meta.url)), emptyOutDir: true },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/oidc': 'http://localhost:5000',
      '/healthz': 'http://localhost:5000',
    },
  },
});
