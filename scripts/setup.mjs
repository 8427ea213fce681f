// `npm run setup`: installs what the other commands need and is missing: pnpm, the workspace's
// dependencies, and Debian's chromium (Playwright, Lighthouse), postgresql (throwaway test
// servers) and nginx (the cluster), the missing ones in one apt-get call (as root).
// `npm test`, `npm start` and `npm run start:cluster` call setup() once at their start, with
// the packages they need; everything after that only finds what it installed (required()).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from './chromium.mjs';
import { ensureDependencies, log, run } from './lib.mjs';

/** The bin folder of the newest Debian PostgreSQL, or of `pg_config`, or null. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(base, versions[0], 'bin');
  }
  const res = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = res.status === 0 ? res.stdout.trim() : '';
  return dir && existsSync(join(dir, 'initdb')) ? dir : null;
}

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

/** The nginx binary, or null. */
export function findNginx() {
  const found = NGINX.find((p) => existsSync(p));
  if (found) return found;
  const res = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return res.status === 0 && res.stdout.trim() ? res.stdout.trim() : null;
}

/** Each Debian package the commands use, and how to find what it installed (a path, or null). */
const SYSTEM_PACKAGES = {
  chromium: () => (existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : null),
  postgresql: findPostgresBin,
  nginx: findNginx,
};
export const ALL_SYSTEM_PACKAGES = Object.keys(SYSTEM_PACKAGES);

const howToInstall = (names) =>
  `run \`npm run setup\` as root, or \`sudo apt-get install -y ${names.join(' ')}\`, once, then retry`;

/** What the Debian package `name` installed (chromium's binary, PostgreSQL's bin folder, nginx). */
export function required(name) {
  const found = SYSTEM_PACKAGES[name]();
  if (!found) throw new Error(`${name} is missing: ${howToInstall([name])}.`);
  return found;
}

/** Installs the missing ones of `names` with one `apt-get update` and one `apt-get install`. */
export function installSystemPackages(names = ALL_SYSTEM_PACKAGES) {
  const missing = names.filter((name) => !SYSTEM_PACKAGES[name]());
  if (!missing.length) return;
  if (process.getuid?.() !== 0) throw new Error(`missing ${missing.join(', ')}: ${howToInstall(missing)}.`);
  log(`installing Debian ${missing.join(', ')} (apt-get)`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-q'], { env });
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { env });
  for (const name of missing) required(name);
}

/** pnpm and the dependencies, then the Debian packages in `system` (all by default). */
export function setup({ system = ALL_SYSTEM_PACKAGES } = {}) {
  ensureDependencies();
  installSystemPackages(system);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) setup();
