/**
 * `release.mjs publish <remote> --dir <path>` (docs/decisions/049-version-store.md): a version
 * folder built anywhere is uploaded over HTTP, with a release manager's login or a team's deploy
 * key, into an API whose version store is the database: nothing lands in its CDN folder, and the
 * API serves the files byte for byte.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOfFolder, UPLOAD_MARKER } from '../../../src/modules/releases/version-store.js';
import { useReleaseCli } from './cli-kit.js';
import { makeVersion } from './fixtures.js';

describe('release CLI publish --dir (sqlite, database store, over HTTP)', () => {
  const kit = useReleaseCli({ RELEASES_STORE: 'database' });
  let outside: string;
  beforeAll(() => {
    outside = mkdtempSync(join(tmpdir(), 'mchezo-outside-'));
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  /** The files the API serves for a version equal the folder's, byte for byte. */
  const servedAsBuilt = async (remote: string, version: string, dir: string) => {
    const files = await filesOfFolder(dir);
    for (const [path, bytes] of files) {
      const res = await kit.t.app.inject({ url: `/remotes/${remote}/${version}/${path}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.rawPayload.equals(bytes), path).toBe(true);
    }
    return files.size;
  };

  it('uploads a folder outside the repository as a release manager, then as a deploy key', async () => {
    expect(
      (await kit.cli('login', '--phone', kit.phone, '--password', 'correct-horse', '--code', kit.code()))
        .code,
    ).toBe(0);
    // Built somewhere else entirely: only its folder is given.
    await makeVersion(outside, 'wallet', '3.0.0-abcdef1234');
    const dir = join(outside, 'remotes', 'wallet', '3.0.0-abcdef1234');
    const out = await kit.ok('publish', 'wallet', '--dir', dir, '--reason', 'from CI');
    expect(out).toMatch(/published wallet 3\.0\.0-abcdef1234 \(\d+ files, sha384 recorded\)/);
    expect(out).toMatch(/uploaded \d+ files, \d+ bytes \(\d+ sent\) in \d+ ms/);
    expect(await servedAsBuilt('wallet', '3.0.0-abcdef1234', dir)).toBeGreaterThan(3);
    expect(existsSync(join(kit.cdn, 'remotes', 'wallet', '3.0.0-abcdef1234'))).toBe(false);
    expect((await kit.cli('publish', 'wallet', '--dir', dir)).out).toMatch(/already published/);
    // The same name with one more file: refused, not taken for the version already published.
    writeFileSync(join(dir, 'extra.js'), 'export {};\n');
    const changed = await kit.cli('publish', 'wallet', '--dir', dir);
    expect(changed.code, changed.out).toBe(1);
    expect(changed.out).toMatch(/409: .*already published with other files/);
    rmSync(join(dir, 'extra.js'));

    // A build's output folder without a version name: named as the build names versions.
    const dist = join(outside, 'dist', 'federated');
    await makeVersion(outside, 'wallet', '3.0.1-src');
    cpSync(join(outside, 'remotes', 'wallet', '3.0.1-src'), dist, { recursive: true });
    const named = await kit.ok('publish', 'wallet', '--dir', dist);
    const version = /published wallet (\S+) /.exec(named)?.[1] as string;
    expect(version).toMatch(/^0\.0\.0-[0-9a-f]{10}$/);
    await servedAsBuilt('wallet', version, dist);
    const chosen = await kit.ok('publish', 'wallet', '--dir', dist, '--version', '3.0.1-chosen');
    expect(chosen).toMatch(/published wallet 3\.0\.1-chosen/);

    // A team's CI with its deploy key, no login.
    const created = await kit.ok(
      'deploy-key',
      'create',
      'wallet',
      '--name',
      'wallet-upload-ci',
      '--actions',
      'publish',
      '--days',
      '30',
      '--reason',
      'ci',
    );
    const token = /(mdk_[A-Za-z0-9_-]{43})/.exec(created)?.[1] as string;
    expect(token).toBeTruthy();
    await makeVersion(outside, 'wallet', '3.1.0-0123456789');
    const ciDir = join(outside, 'remotes', 'wallet', '3.1.0-0123456789');
    const ci = await kit.cliWith({ MCHEZO_DEPLOY_KEY: token }, 'publish', 'wallet', '--dir', ciDir);
    expect(ci.code, ci.out).toBe(0);
    expect(ci.out).toMatch(/published wallet 3\.1\.0-0123456789/);
    expect(
      (await kit.cliWith({ MCHEZO_DEPLOY_KEY: token }, 'publish', 'wallet', '--dir', ciDir)).out,
    ).toMatch(/already published/);
    // The same version with other files: refused by the API, said by the CLI.
    await makeVersion(outside, 'lobby', '3.1.0-0123456789');
    const other = join(outside, 'other', '3.1.0-0123456789');
    cpSync(ciDir, other, { recursive: true });
    cpSync(
      join(outside, 'remotes', 'lobby', '3.1.0-0123456789', 'mf-manifest.json'),
      join(other, 'mf-manifest.json'),
    );
    const differs = await kit.cliWith({ MCHEZO_DEPLOY_KEY: token }, 'publish', 'wallet', '--dir', other);
    expect(differs.code).toBe(1);
    expect(differs.out).toMatch(/409.*VERSION_CONTENT_DIFFERS/s);
    // Another remote with the wallet's key: 403.
    const lobby = await kit.cliWith(
      { MCHEZO_DEPLOY_KEY: token },
      'publish',
      'lobby',
      '--dir',
      join(outside, 'remotes', 'lobby', '3.1.0-0123456789'),
    );
    expect(lobby.code).toBe(1);
    expect(lobby.out).toMatch(/403.*DEPLOY_KEY_SCOPE/s);
  }, 120_000);

  it("a folder the API's folder store holds is uploaded without its upload mark", async () => {
    expect(
      (await kit.cli('login', '--phone', kit.phone, '--password', 'correct-horse', '--code', kit.code()))
        .code,
    ).toBe(0);
    await makeVersion(outside, 'wallet', '4.0.0-0a1b2c3d4e');
    const dir = join(outside, 'remotes', 'wallet', '4.0.0-0a1b2c3d4e');
    const files = await filesOfFolder(dir);
    writeFileSync(join(dir, UPLOAD_MARKER), JSON.stringify({ uploaded_by: 'elsewhere' }));
    const out = await kit.ok('publish', 'wallet', '--dir', dir, '--reason', 'copied from a folder store');
    expect(out).toMatch(new RegExp(`published wallet 4\\.0\\.0-0a1b2c3d4e \\(${files.size} files`));
    expect(await servedAsBuilt('wallet', '4.0.0-0a1b2c3d4e', dir)).toBe(files.size);
    const marker = await kit.t.app.inject({ url: `/remotes/wallet/4.0.0-0a1b2c3d4e/${UPLOAD_MARKER}` });
    expect(marker.statusCode).toBe(404);
  }, 120_000);
});
