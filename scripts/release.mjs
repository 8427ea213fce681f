// `node scripts/release.mjs …`: the release CLI of @mchezo/release-cli (shared/release-cli), run in
// the repository, where `publish <remote>` without --dir builds the remote first: this entry
// passes the repository's builder (scripts/lib.mjs), which the installed package has not
// (decision 050). The CLI is TypeScript: compiled into build/cli/ when its sources changed.
import { compileCli } from '../shared/api-client/cli-build.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const cli = `${ROOT}build/cli/release.mjs`;
await compileCli(`${ROOT}shared/release-cli/src/release.ts`, cli, { force: false });
const { runRelease } = await import(cli);
await runRelease(process.argv.slice(2), { build: () => import('./lib.mjs') });
