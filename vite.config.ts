import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const sharedRoot = fileURLToPath(new URL('./src/shared', import.meta.url));

/**
 * `/tv` is a page of its own (tv.html: a paired screen loads only the board, issue 25). The
 * server sends it for `/tv`; so does the development server. It also answers `/sw.js`.
 */
const tvPage: Plugin = {
  name: 'tv-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url === '/tv' || request.url?.startsWith('/tv?')) {
        request.url = request.url.replace('/tv', '/tv.html');
      }
      // The service worker at /sw.js, as built (a worker's scope is its script's folder): the
      // development server answers it with its source, a module the browser registers as one.
      if (request.url === '/sw.js') request.url = '/sw/service-worker.ts';
      next();
    });
  },
};

export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss(), tvPage],
  resolve: {
    alias: [
      { find: '@shared', replacement: sharedRoot },
      { find: '@', replacement: clientRoot },
      // Every `zod` import of the browser build gets Zod configured for the CSP (no eval).
      { find: /^zod$/, replacement: `${clientRoot}/lib/zod-jitless.ts` },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: `${clientRoot}/index.html`,
        tv: `${clientRoot}/tv.html`,
        // The service worker (issue 36): one file at the root, `/sw.js`, so its scope is the
        // whole site; it imports nothing the pages share, so it is a chunk of its own.
        sw: `${clientRoot}/sw/service-worker.ts`,
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/oidc': 'http://localhost:5000',
      '/healthz': 'http://localhost:5000',
    },
  },
});
