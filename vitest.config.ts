import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { apiProjects } from './api/vitest.config.ts';

/**
 * Every unit and component test of the workspace, run by `npm test` in one Vitest process: each
 * package's own config, and the API's two database passes (api/vitest.config.ts).
 */
export default defineConfig({
  test: {
    // A file per core (Vitest's default leaves one core to itself, so one file at a time on two
    // cores): the API's files spend much of their time waiting on their database, and the main
    // process only collects results (docs/decisions/066-test-suite-shape.md).
    maxWorkers: availableParallelism(),
    projects: [
      ...['shell', 'remotes/*', 'shared/*', 'tooling', 'site', 'staff'].map((p) => `${p}/vitest.config.ts`),
      ...apiProjects,
    ],
  },
});
