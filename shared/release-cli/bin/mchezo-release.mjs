#!/usr/bin/env node
// `mchezo-release <command> …`: the release CLI as a team outside the repository runs it
// (`pnpm exec mchezo-release`). Without the repository it builds nothing: `publish` takes a built
// folder (--dir), see decision 050.
await import('../src/release.mjs');
