import { defineConfig } from 'vitest/config';

/** Every unit and component test of the workspace, run by `npm test` in one Vitest process. */
export default defineConfig({
  test: {
    projects: ['shell', 'remotes/*', 'shared/*', 'tooling', 'site', 'staff', 'api'].map(
      (p) => `${p}/vitest.config.ts`,
    ),
  },
});
