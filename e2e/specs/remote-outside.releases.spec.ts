/**
 * A remote built and published from outside this repository (docs/decisions/050), as
 * a team's own pipeline would: the shared packages packed as tarballs (`scripts/pack-shared.mjs`),
 * the wallet copied to a folder outside the workspace that depends on those tarballs only,
 * installed with pnpm, built by its own build script, uploaded with a wallet deploy key
 * (`pnpm exec mchezo-release publish --dir`: the bin of the packed `@mchezo/release-cli`, not
 * this repository's script) and started as a guarded canary with it, as docs/remote-teams.md
 * tells a team.
 * The release check passes it (same shared singletons as the shell), a player inside the canary's
 * bucket gets the new version in Chromium (its files loaded with their integrity: the page
 * renders) and a player outside keeps the active one. The canary is aborted, the key revoked and
 * every folder removed at the end.
 * Its own project, after the canary guard's (playwright.config.ts): it changes the live release.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { canaryBucket } from '../../shared/contracts/src/canary-bucket.ts';
import { CDN, guardApi } from '../support/releases.ts';
import { createPlayer, type Player, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });

const ROOT = join(import.meta.dirname, '..', '..');
const PERCENT = 50;

/**
 * The environment of a command run for the outside folder: nothing of this workspace's pnpm
 * run (npm_config_*, the workspace's paths) may reach it, as on a team's own CI machine.
 */
function outsideEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(npm_|pnpm_|PNPM_|INIT_CWD$)/i.test(key)) env[key] = value;
  return { ...env, ...extra };
}

/** Runs a command to its end; answers its output and how long it took, or fails with its output. */
function timed(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = outsideEnv()) {
  const started = performance.now();
  const res = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  if (res.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${res.status}:\n${output}`);
  return { output, ms: Math.round(performance.now() - started) };
}

interface Packed {
  dir: string;
  packages: { name: string; version: string; file: string; bytes: number }[];
  bytes: number;
  ms: number;
}

/**
 * The copied wallet's package.json: every `@mchezo/*` package from its tarball (overrides too, so
 * the packages' own dependencies on each other come from the tarballs, never from a registry),
 * every `catalog:` version from the catalog the tooling package ships.
 */
function outsidePackageJson(dir: string, packed: Packed) {
  const catalog = JSON.parse(
    timed(
      'tar',
      ['-xzOf', join(packed.dir, tarballOf(packed, '@mchezo/tooling')), 'package/src/catalog.json'],
      dir,
    ).output,
  ) as Record<string, string>;
  const tarballs = Object.fromEntries(
    packed.packages.map((p) => [p.name, `file:${relative(dir, join(packed.dir, p.file))}`]),
  );
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const field of ['dependencies', 'devDependencies'] as const) {
    for (const [name, range] of Object.entries(pkg[field] as Record<string, string>)) {
      if (range.startsWith('workspace:')) pkg[field][name] = tarballs[name];
      else if (range === 'catalog:') pkg[field][name] = catalog[name];
      expect(pkg[field][name], name).toMatch(/^(file:|\d)/);
    }
  }
  // The release CLI, installed from its tarball like the rest: the team publishes with its bin.
  pkg.devDependencies['@mchezo/release-cli'] = tarballs['@mchezo/release-cli'];
  pkg.pnpm = { overrides: tarballs };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
}

function tarballOf(packed: Packed, name: string): string {
  const found = packed.packages.find((p) => p.name === name);
  if (!found) throw new Error(`${name} was not packed`);
  return found.file;
}

/**
 * A player whose wallet bucket is inside the canary's percentage or not (a signed-in player's
 * bucket is their id's: one player, one version on every phone).
 */
async function playerIn(request: APIRequestContext, canary: boolean): Promise<Player> {
  for (;;) {
    const player = await createPlayer(request);
    if (canaryBucket(String(player.user.id), 'wallet') < PERCENT === canary) return player;
  }
}

/** A signed-in player's visit to the transactions page: the wallet versions it fetched. */
async function visitWallet(browser: Browser, player: Player): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const versions = new Set<string>();
  page.on('requestfinished', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/remotes/wallet/')) versions.add(path.split('/')[3] as string);
  });
  await signIn(page, player);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await context.close();
  return [...versions];
}

test('the wallet built outside the repository, published and canaried with its deploy key, reaches players', async ({
  browser,
  request,
}) => {
  test.setTimeout(15 * 60_000);
  const baseURL = test.info().project.use.baseURL as string;
  const api = await guardApi(request);
  const run = randomBytes(4).toString('hex');
  const version = `1.0.0-outside-${run}`;
  const work = mkdtempSync(join(tmpdir(), 'mchezo-outside-'));
  // Where the platform keeps the uploaded files when its version store is a folder (npm start's).
  const folder = join(CDN, 'remotes', 'wallet', version);
  const wallet = join(work, 'wallet');
  let keyId: string | undefined;
  let canaryStarted = false;
  try {
    // 1. The shared packages, packed.
    const packed = JSON.parse(
      timed('node', [join(ROOT, 'scripts', 'pack-shared.mjs'), '--out', join(work, 'packages')], ROOT).output,
    ) as Packed;
    expect(packed.packages.map((p) => p.name).sort()).toEqual([
      '@mchezo/api-client',
      '@mchezo/contracts',
      '@mchezo/host',
      '@mchezo/i18n',
      '@mchezo/release-cli',
      '@mchezo/tooling',
      '@mchezo/ui',
    ]);

    // 2. The wallet, outside the workspace: its sources and its own config, nothing else.
    cpSync(join(ROOT, 'remotes', 'wallet'), wallet, {
      recursive: true,
      filter: (src) => !/[\\/](node_modules|dist)$/.test(src),
    });
    outsidePackageJson(wallet, packed);
    // The workspace's base options in its own tsconfig (no ../../tsconfig.base.json out there).
    const base = JSON.parse(readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8'));
    const own = JSON.parse(readFileSync(join(wallet, 'tsconfig.json'), 'utf8'));
    writeFileSync(
      join(wallet, 'tsconfig.json'),
      `${JSON.stringify({ compilerOptions: { ...base.compilerOptions, ...own.compilerOptions }, include: own.include }, null, 2)}\n`,
    );
    writeFileSync(
      join(wallet, 'vitest.config.ts'),
      "import { defineUiVitestConfig } from '@mchezo/tooling/vitest-config';\n\nexport default defineUiVitestConfig();\n",
    );

    // 3. Install from the tarballs and the registry, then the team's own build.
    const install = timed('pnpm', ['install', '--prefer-offline'], wallet);
    const installed = JSON.parse(
      readFileSync(join(wallet, 'node_modules', '@mchezo', 'host', 'package.json'), 'utf8'),
    );
    expect(installed.version).toBe('0.1.0');
    expect(existsSync(join(wallet, 'node_modules', '@mchezo', 'host', 'src', 'context.tsx'))).toBe(true);
    const build = timed('pnpm', ['run', 'build'], wallet, outsideEnv({ MCHEZO_BUILD_ID: `outside${run}` }));
    const dist = join(wallet, 'dist', 'federated');
    for (const file of ['mf-manifest.json', 'shared-imports.json', 'first-screen/DepositPage.en.html'])
      expect(existsSync(join(dist, file)), file).toBe(true);

    // 4. The same shared singletons, in the same versions, as the wallet built in this repository.
    const shares = (manifest: { shared: { name: string; version: string; requiredVersion: string }[] }) =>
      manifest.shared.map((s) => `${s.name} ${s.version} ${s.requiredVersion}`).sort();
    const active = (await api.ok('GET', '/releases/remotes')).remotes.find(
      (r: { name: string }) => r.name === 'wallet',
    ).active as string;
    // The active wallet's manifest as the platform serves it (wherever its version store keeps it).
    const served = await request.get(`/remotes/wallet/${active}/mf-manifest.json`);
    expect(served.ok()).toBe(true);
    expect(shares(JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')))).toEqual(
      shares(await served.json()),
    );

    // 5. A release manager gives the team a key for the wallet.
    const key = await api.ok('POST', '/releases/deploy-keys', {
      name: `wallet-outside-${run}`,
      remote: 'wallet',
      actions: ['publish', 'canary'],
      max_canary_percent: PERCENT,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    keyId = key.id;
    const withKey = outsideEnv({ MCHEZO_DEPLOY_KEY: key.token });

    // 6. The team uploads the built folder and starts a guarded canary of it with the key.
    const cli = (...args: string[]) =>
      timed('pnpm', ['exec', 'mchezo-release', ...args, '--api', baseURL], wallet, withKey).output;
    expect(
      cli('publish', 'wallet', '--dir', dist, '--version', version, '--reason', `outside build ${run}`),
    ).toContain(`published wallet ${version}`);
    // A step of an hour: only this test's abort ends it.
    expect(
      cli(
        'canary',
        'wallet',
        version,
        String(PERCENT),
        '--step-minutes',
        '60',
        '--reason',
        `outside build ${run}`,
      ),
    ).toContain(`canary ${version} at ${PERCENT}%`);
    canaryStarted = true;
    const status = (await api.ok('GET', '/releases/remotes')).remotes.find(
      (r: { name: string }) => r.name === 'wallet',
    );
    expect(status.canary).toMatchObject({ version, percent: PERCENT });
    const history = (await api.ok('GET', '/releases/history?limit=5')).revisions;
    expect(history[0].author).toBe(`deploy-key:wallet-outside-${run}`);

    // 7. Players: inside the canary's bucket the new version, outside it the active one.
    expect(await visitWallet(browser, await playerIn(request, true))).toEqual([version]);
    expect(await visitWallet(browser, await playerIn(request, false))).toEqual([active]);

    const figures = {
      pack_ms: packed.ms,
      tarball_bytes: packed.bytes,
      tarballs: Object.fromEntries(packed.packages.map((p) => [p.name, p.bytes])),
      install_ms: install.ms,
      build_ms: build.ms,
    };
    test.info().annotations.push({ type: 'outside build', description: JSON.stringify(figures) });
    console.log(`outside build figures: ${JSON.stringify(figures)}`);
  } finally {
    if (canaryStarted) {
      const wallet = (await api.ok('GET', '/releases/remotes')).remotes.find(
        (r: { name: string }) => r.name === 'wallet',
      );
      if (wallet.canary?.version === version)
        await api.change('/remotes/wallet/canary/abort', { reason: `e2e: outside build ${run} done` });
    }
    if (keyId) await api.ok('POST', `/releases/deploy-keys/${keyId}/revoke`, { reason: 'e2e: done' });
    rmSync(folder, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
});
