import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The staff site's component tests: happy-dom, its own i18n instance in English (src/testing/setup.ts). */
export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./src/testing/setup.ts', import.meta.url))],
  },
});
