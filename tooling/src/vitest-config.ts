import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Component tests of a remote or the shell: happy-dom, English strings, clean storage per test. */
export function defineUiVitestConfig() {
  return defineConfig({
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [fileURLToPath(new URL('./vitest-setup.ts', import.meta.url))],
      // As for the staff site (staff/vitest.config.ts): over 5 s, Vitest's default, on two busy
      // cores; the tests wait on what the page shows, so a longer limit only lets them finish.
      testTimeout: 20_000,
    },
  });
}
