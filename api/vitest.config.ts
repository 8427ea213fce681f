import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // They need a running cluster: vitest.cluster.config.ts, run by scripts/test-cluster.mjs.
    exclude: ['test/cluster/**', '**/node_modules/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
