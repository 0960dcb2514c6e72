import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,sync-server,renderer,electron,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PostgreSQL suites share one server; files run in parallel but each uses its own schema.
    pool: 'forks',
    // One worker on a 2-core machine (Vitest's default there). Two workers cut the run from ~23 to ~14 min, but
    // test/inventory/attendance-offline.int.test.ts then failed in both fresh-clone runs: a desk's lot balance
    // stayed one consumption behind its movements (a real sync race, see the stop-31 note); back to two once fixed.
    maxWorkers: 1,
  },
});
