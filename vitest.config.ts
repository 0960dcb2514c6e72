import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,sync-server,renderer,electron,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PostgreSQL suites share one server; files run in parallel but each uses its own schema.
    pool: 'forks',
    // Two workers on this 2-core machine (Vitest's default there is one): ~14 min instead of ~23. Two workers
    // first exposed a sync race (a desk skipping another desk's edit pulled while its own push was answered),
    // fixed by SYNC-077 (core/sync/push-catch-up.ts).
    maxWorkers: 2,
  },
});
