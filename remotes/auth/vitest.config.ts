// A relative import: Vitest bundles it, while a .ts file inside node_modules would not load.
import { defineUiVitestConfig } from '../../tooling/src/vitest-config.ts';

export default defineUiVitestConfig();
