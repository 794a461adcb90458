import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'standins/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    // Integration tests boot the app and migrate a fresh database inside a test: on a busy
    // 2-core machine that alone has taken 30 s. Bounds against hangs, not speed checks.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one test file at a
    // time. An integration file waits on its database and HTTP round trips much of its time, so
    // a file per core (at least two) runs the pass in about half the time (decision 033). Each
    // file still has an app and a database of its own.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // A worker process runs its files one after another without loading the server's modules
    // (Fastify, PGlite's WebAssembly, oidc-provider, ...) again for each: the files boot apps
    // and open databases of their own and share no module state, so a fresh process per file
    // bought nothing but 1-2 s of loading per file (decision 033: 248 s → 153 s for the PGlite
    // pass at load 11, 839 tests passing either way).
    isolate: false,
    // One migrated embedded database, dumped; each test file's database starts from it.
    globalSetup: ['tests/helpers/pglite-template.ts'],
    env: { NO_COLOR: '1' },
  },
});
