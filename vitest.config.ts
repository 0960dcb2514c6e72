import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,sync-server,renderer,electron,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PostgreSQL suites share one server; files run in parallel but each uses its own schema.
    pool: 'forks',
    // Vitest 4 defaults to availableParallelism() - 1 workers: one on a 2-core CI machine, so everything ran serially.
    maxWorkers: 2,
  },
});
