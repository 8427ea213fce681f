import { defineConfig } from 'vitest/config';
import { apiProjects } from './api/vitest.config.ts';

/**
 * Every unit and component test of the workspace, run by `npm test` in one Vitest process: each
 * package's own config, and the API's two database passes (api/vitest.config.ts).
 */
export default defineConfig({
  test: {
    projects: [
      ...['shell', 'remotes/*', 'shared/*', 'tooling', 'site', 'staff'].map((p) => `${p}/vitest.config.ts`),
      ...apiProjects,
    ],
  },
});
