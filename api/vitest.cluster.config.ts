import { defineConfig } from 'vitest/config';

/** The cluster money tests: need a running cluster (scripts/test-cluster.mjs starts one). */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    environment: 'node',
    // One file, its tests in order: they share the cluster, not their players.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
