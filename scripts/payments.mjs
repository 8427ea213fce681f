#!/usr/bin/env node
// `node scripts/payments.mjs <command>`: the payments CLI for finance (scripts/payments.ts),
// compiled into build/cli/ when its sources changed (shared/api-client/cli-build.mjs), then run.
import { compileCli } from '../shared/api-client/cli-build.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const cli = `${ROOT}build/cli/payments.mjs`;
await compileCli(`${ROOT}scripts/payments.ts`, cli, { force: false });
await import(cli);
