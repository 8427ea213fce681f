#!/usr/bin/env node
// `mchezo-release <command> …`: the release CLI as a team outside the repository runs it
// (`pnpm exec mchezo-release`), compiled at pack time (build.mjs). Without the repository it
// builds nothing: `publish` takes a built folder (--dir), see decision 050.
import { runRelease } from '../dist/release.mjs';

await runRelease(process.argv.slice(2));
