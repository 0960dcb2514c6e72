import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,sync-server,renderer,electron,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PostgreSQL suites share one server; files run in parallel but each uses its own schema.
    pool: 'forks',
    // One worker (Vitest's default on this 2-core machine). Two workers once exposed a sync race, now fixed
    // (SYNC-077, core/sync/push-catch-up.ts), and passed the fresh-clone run of stop 32, but took 25.5 min of tests
    // (the whole run 36 of the 40 allowed, a bench running beside it for 3 min) where one worker took 18; stay at one
    // until two are timed on a quiet machine.
    maxWorkers: 1,
  },
});
