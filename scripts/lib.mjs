// Shared steps of `npm start`, `npm test` and `npm run build`: pnpm and the dependencies, and
// the builds (Debian's packages: scripts/setup.mjs).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteSharedImports, shellSharedExports } from '../tooling/src/shared-exports.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CDN_DIR = join(ROOT, 'build', 'cdn');
export const REMOTES = ['lobby', 'auth', 'wallet', 'profile'];
const PNPM_VERSION = '10.34.9';

export function log(msg) {
  process.stdout.write(`\x1b[36m[mchezo]\x1b[0m ${msg}\n`);
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: ROOT,
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited with ${res.status ?? res.signal}`);
  }
}

function has(cmd, args = ['--version']) {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

/** pnpm via npm (corepack cannot verify signatures offline here). */
function ensurePnpm() {
  if (has('pnpm')) return;
  log(`installing pnpm ${PNPM_VERSION}`);
  run('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`]);
}

export function ensureDependencies() {
  ensurePnpm();
  log('installing dependencies (pnpm install --frozen-lockfile)');
  run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { env: { CI: process.env.CI ?? '' } });
}

function listFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, out);
    else out.push(p);
  }
  return out;
}

function hashFiles(files, base) {
  const h = createHash('sha256');
  for (const f of files.sort()) h.update(relative(base, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

/** A part is rebuilt only when its sources, the shared packages or the lockfile changed. */
function sourceHash(partDir) {
  const inputs = [
    ...listFiles(partDir),
    ...listFiles(join(ROOT, 'shared')),
    ...listFiles(join(ROOT, 'tooling')),
    join(ROOT, 'pnpm-lock.yaml'),
  ];
  return hashFiles(inputs, ROOT);
}

const STAMPS = join(ROOT, 'build', 'stamps');

function isFresh(part, hash) {
  const stamp = join(STAMPS, part);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

function stamp(part, hash) {
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(join(STAMPS, part), hash);
}

function rsbuild(cwd, args, env = {}) {
  run('pnpm', ['exec', 'rsbuild', 'build', ...args], { cwd, env });
}

/** .gz and .br next to every text asset (scripts/precompress.mjs). */
function precompress(dir) {
  run(process.execPath, [join(ROOT, 'scripts', 'precompress.mjs'), dir]);
}

export function buildShell({ force = false } = {}) {
  const dir = join(ROOT, 'shell');
  const hash = sourceHash(dir);
  const target = join(CDN_DIR, 'shell');
  if (!force && isFresh('shell', hash) && existsSync(join(target, 'index.html')))
    return log('shell is up to date');
  log('building shell');
  rsbuild(dir, []);
  writeFileSync(
    join(dir, 'dist', 'shared-exports.json'),
    `${JSON.stringify(shellSharedExports(ROOT, join(dir, 'dist', 'mf-manifest.json')), null, 2)}\n`,
  );
  rmSync(target, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true });
  precompress(join(dir, 'dist'));
  cpSync(join(dir, 'dist'), target, { recursive: true });
  stamp('shell', hash);
}

/**
 * Builds the staff site (staff/, decision 054) into `build/cdn/staff/`, which the site composer
 * serves under /staff/ with its own policy. A plain app: no federation, no versions.
 */
export function buildStaff({ force = false } = {}) {
  const dir = join(ROOT, 'staff');
  const hash = sourceHash(dir);
  const target = join(CDN_DIR, 'staff');
  if (!force && isFresh('staff', hash) && existsSync(join(target, 'index.html')))
    return log('staff is up to date');
  log('building staff');
  rsbuild(dir, []);
  precompress(join(dir, 'dist'));
  // Over the earlier build, keeping its hashed files (as a CDN keeps immutable assets): a tab
  // opened before this build still loads its screens' files; the page itself is replaced.
  // The hashed files first, so the new page never names a file not there yet.
  cpSync(join(dir, 'dist', 'static'), join(target, 'static'), { recursive: true });
  cpSync(join(dir, 'dist'), target, { recursive: true });
  pruneStaffFiles(
    target,
    listFiles(join(dir, 'dist', 'static')).map((f) => relative(join(dir, 'dist'), f)),
  );
  stamp('staff', hash);
}

/**
 * Deletes the staff site's hashed files that neither this build nor the one before it wrote: a
 * tab opened before the last build still finds its screens, and builds do not pile up. Which
 * files each build wrote is kept beside the stamps (not under the served folder).
 */
function pruneStaffFiles(target, written) {
  const record = join(STAMPS, 'staff-files.json');
  const previous = existsSync(record) ? JSON.parse(readFileSync(record, 'utf8')) : [];
  const keep = new Set([...written, ...previous]);
  for (const file of listFiles(join(target, 'static'))) {
    if (!keep.has(relative(target, file))) rmSync(file);
  }
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(record, JSON.stringify(written));
}

/**
 * Builds one remote and places it in its immutable version folder
 * `build/cdn/remotes/<name>/<package version>-<content hash>/`. The same output always gets
 * the same folder; an existing folder is never overwritten.
 */
export function buildRemote(name, { force = false } = {}) {
  const dir = join(ROOT, 'remotes', name);
  const hash = sourceHash(dir);
  if (!force && isFresh(`remote-${name}`, hash)) {
    log(`${name} is up to date`);
    return null;
  }
  log(`building remote ${name}`);
  // The remote's own build script (the federated files and their first screens, decision 039).
  // The source hash names the build's chunk-loading global (see tooling/src/remote-config.ts).
  run('pnpm', ['run', '--silent', 'build'], { cwd: dir, env: { MCHEZO_BUILD_ID: hash.slice(0, 10) } });
  writeFileSync(
    join(dir, 'dist', 'federated', 'shared-imports.json'),
    `${JSON.stringify(remoteSharedImports(dir), null, 2)}\n`,
  );
  const out = join(dir, 'dist', 'federated');
  const files = listFiles(out).filter((f) => !/(mf-stats\.json|\.gz|\.br)$/.test(f));
  const contentHash = hashFiles(files, out).slice(0, 10);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const folder = `${version}-${contentHash}`;
  const target = join(CDN_DIR, 'remotes', name, folder);
  if (existsSync(target)) {
    // Same content as an earlier build: reuse the folder, and mark it the newest build.
    const now = new Date();
    utimesSync(target, now, now);
    log(`${name}@${folder} already exists (same content)`);
  } else {
    mkdirSync(dirname(target), { recursive: true });
    const tmp = `${target}.tmp-${process.pid}`;
    precompress(out);
    cpSync(out, tmp, { recursive: true });
    renameSync(tmp, target);
    log(`${name}@${folder} placed in ${relative(ROOT, target)}`);
  }
  stamp(`remote-${name}`, hash);
  return folder;
}

export function buildAll(opts = {}) {
  buildShell(opts);
  buildStaff(opts);
  for (const name of REMOTES) buildRemote(name, opts);
}
