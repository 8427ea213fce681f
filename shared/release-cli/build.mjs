// `node build.mjs` (the package's prepack, so `pnpm pack` and scripts/pack-shared.mjs run it):
// compiles the CLI (src/release.ts, with the parts of @mchezo/api-client and the zod-free contract
// constants it imports) into dist/release.mjs, one ES module of plain Node that the bin runs.
// Installed outside the repository it needs nothing else (decision 050).
import { compileCli } from '@mchezo/api-client/cli-build';

const inputs = await compileCli(
  new URL('./src/release.ts', import.meta.url).pathname,
  new URL('./dist/release.mjs', import.meta.url).pathname,
);
console.log(`dist/release.mjs from ${inputs.length} files`);
