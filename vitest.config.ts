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
    // One migrated embedded database, dumped; each test file's database starts from it.
    globalSetup: ['tests/helpers/pglite-template.ts'],
    env: { NO_COLOR: '1' },
  },
});
