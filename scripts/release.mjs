// `node scripts/release.mjs …`: the release CLI of @mchezo/release-cli (shared/release-cli), run in
// the repository, where `publish <remote>` without --dir builds the remote first: this entry hands
// the package the repository's builder (scripts/lib.mjs), which the installed package has not
// (decision 050).
globalThis[Symbol.for('mchezo.release-cli.builder')] = () => import('./lib.mjs');
await import('../shared/release-cli/src/release.mjs');
