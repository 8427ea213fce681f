// Compiles a command-line tool written on this package (cli-kit.ts, http.ts: the release CLI of
// shared/release-cli, scripts/payments.ts) into one ES module of plain Node, with esbuild: Node 20
// cannot run TypeScript itself, and loading a TypeScript loader costs every run about a second.
// `compileCli` writes the file only when one of the files it was made from changed since, so a
// run in the repository compiles once and then starts as fast as plain JavaScript. Node only:
// the browser never imports it.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The inputs `outfile` was made from (beside it), or null when it must be made. */
function freshInputs(outfile) {
  try {
    const made = statSync(outfile).mtimeMs;
    const inputs = JSON.parse(readFileSync(`${outfile}.inputs.json`, 'utf8'));
    return inputs.every((path) => statSync(path).mtimeMs <= made) ? inputs : null;
  } catch {
    return null;
  }
}

/**
 * `entry` (TypeScript) and everything it imports, bundled into `outfile`; Node's builtins stay
 * imports. With `{ force: false }` an up-to-date `outfile` is kept. Answers the input files.
 * Throws when the bundle would carry zod: the contracts come in as types (or zod-free constants).
 */
export async function compileCli(entry, outfile, { force = true } = {}) {
  if (!force) {
    const inputs = freshInputs(outfile);
    if (inputs) return inputs;
  }
  // Loaded only when there is something to compile: an up-to-date run starts without it.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    legalComments: 'none',
    metafile: true,
    write: false,
    outfile,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).map((path) => resolve(path));
  const zod = inputs.find((path) => /[\\/]node_modules[\\/]zod[\\/]/.test(path));
  if (zod) throw new Error(`${outfile} would carry zod (${zod}): import contract types with import type`);
  mkdirSync(dirname(outfile), { recursive: true });
  // Written aside, then renamed: a run starting meanwhile reads the old file or the new, whole.
  const aside = `${outfile}.${process.pid}.tmp`;
  writeFileSync(aside, result.outputFiles[0].contents);
  writeFileSync(`${outfile}.inputs.json.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${outfile}.inputs.json.${process.pid}.tmp`, `${outfile}.inputs.json`);
  renameSync(aside, outfile);
  return inputs;
}
