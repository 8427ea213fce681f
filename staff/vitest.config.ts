import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The staff site's component tests: happy-dom, its own i18n instance in English (src/testing/setup.ts). */
export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./src/testing/setup.ts', import.meta.url))],
    // The heaviest screens (the release charts, the review queue, the finance report) took over
    // 5 s, Vitest's default, on two cores busy with other runs; the tests wait on what the screen
    // shows, so a longer limit only lets a slow machine finish.
    testTimeout: 20_000,
  },
});
