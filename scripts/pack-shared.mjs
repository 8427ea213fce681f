// `node scripts/pack-shared.mjs [--out <dir>]`: packs the packages a remote builds against
// (`@mchezo/contracts`, `api-client`, `host`, `i18n`, `ui` and `tooling`) and the release CLI
// (`@mchezo/release-cli`, bin `mchezo-release`) as versioned tarballs, so a team can build,
// publish and canary its remote outside this repository (docs/remote-teams.md, decision 050).
// The release CLI is TypeScript: its prepack (shared/release-cli/build.mjs) compiles it into one
// file of plain Node, dist/release.mjs, which its tarball must hold.
// `pnpm pack` turns `workspace:*` and `catalog:` into versions; the tooling package also gets
// the catalog's versions (`src/catalog.json`), which name the shared singletons' versions the
// shell was built with. Prints one JSON line: the tarballs, their bytes and the time it took.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');

/** The packages, each after the ones it depends on. */
export const SHARED_PACKAGES = [
  ['@mchezo/contracts', 'shared/contracts'],
  ['@mchezo/api-client', 'shared/api-client'],
  ['@mchezo/i18n', 'shared/i18n'],
  ['@mchezo/ui', 'shared/ui'],
  ['@mchezo/host', 'shared/host'],
  ['@mchezo/tooling', 'tooling'],
  ['@mchezo/release-cli', 'shared/release-cli'],
];

/** Files a tarball cannot work without (what its bin runs), by package. */
const REQUIRED_FILES = {
  '@mchezo/release-cli': ['package/bin/mchezo-release.mjs', 'package/dist/release.mjs'],
};

/** The `catalog:` section of pnpm-workspace.yaml: package → version. */
function workspaceCatalog() {
  const out = {};
  let inCatalog = false;
  for (const line of readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8').split('\n')) {
    if (/^\S/.test(line)) inCatalog = line.startsWith('catalog:');
    const m = inCatalog ? /^\s+(['"]?)([^'":]+)\1:\s*(\S+)/.exec(line) : null;
    if (m) out[m[2]] = m[3];
  }
  return out;
}

function tar(args) {
  const res = spawnSync('tar', args, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`tar ${args.join(' ')}: ${res.stderr}`);
  return res.stdout;
}

/** Packs every shared package into `out`; answers what it packed. */
export function packShared(out) {
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const catalogFile = join(ROOT, 'tooling', 'src', 'catalog.json');
  writeFileSync(catalogFile, `${JSON.stringify(workspaceCatalog(), null, 2)}\n`);
  const packed = [];
  try {
    for (const [name, dir] of SHARED_PACKAGES) {
      const before = new Set(readdirSync(out));
      const res = spawnSync('pnpm', ['pack', '--pack-destination', out], {
        cwd: join(ROOT, dir),
        encoding: 'utf8',
      });
      if (res.status !== 0) throw new Error(`pnpm pack in ${dir} failed:\n${res.stderr}${res.stdout}`);
      const file = readdirSync(out).find((f) => !before.has(f) && f.endsWith('.tgz'));
      if (!file) throw new Error(`pnpm pack in ${dir} wrote no tarball`);
      const tarball = join(out, file);
      const manifest = tar(['-xzOf', tarball, 'package/package.json']);
      // A packed manifest names versions only: a `workspace:` or `catalog:` left would not install.
      if (/"(workspace|catalog):/.test(manifest))
        throw new Error(`${file}: its package.json still has a workspace: or catalog: version`);
      const { version } = JSON.parse(manifest);
      const listed = tar(['-tzf', tarball]).split('\n').filter(Boolean);
      for (const required of REQUIRED_FILES[name] ?? [])
        if (!listed.includes(required)) throw new Error(`${file} lacks ${required}`);
      packed.push({ name, version, file, bytes: statSync(tarball).size, files: listed.length });
    }
  } finally {
    rmSync(catalogFile, { force: true });
  }
  return {
    dir: out,
    packages: packed,
    bytes: packed.reduce((sum, p) => sum + p.bytes, 0),
    ms: Math.round(performance.now() - started),
  };
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const result = packShared(resolve(values.out ?? join(ROOT, 'build', 'packages')));
  console.log(JSON.stringify(result));
}
