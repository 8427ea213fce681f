import { appendFileSync, existsSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useReleaseCli } from './cli-kit.js';
import { makeVersion } from './fixtures.js';

describe('release CLI (sqlite, over HTTP)', () => {
  const kit = useReleaseCli();
  const { cli } = kit;

  it('logs in, publishes a built folder, activates, canaries, rolls back and shows history', async () => {
    expect((await cli('list')).out).toMatch(/Not signed in/);
    const login = await cli(
      'login',
      '--phone',
      kit.phone,
      '--password',
      'correct-horse',
      '--code',
      kit.code(),
    );
    expect(login.code, login.out).toBe(0);
    expect(statSync(join(kit.home, 'release-cli.json')).mode & 0o777).toBe(0o600);

    await makeVersion(kit.cdn, 'lobby', '1.0.0-one');
    await makeVersion(kit.cdn, 'lobby', '1.0.0-two');
    expect((await cli('publish', 'lobby', '--folder', '1.0.0-one')).out).toMatch(
      /published lobby 1\.0\.0-one/,
    );
    expect((await cli('publish', 'lobby', '--folder', '1.0.0-one')).out).toMatch(/already published/);
    expect((await cli('publish', 'lobby', '--folder', '1.0.0-two')).code).toBe(0);
    expect((await cli('activate', 'lobby', '1.0.0-one')).out).toMatch(/--reason/);
    expect((await cli('activate', 'lobby', '1.0.0-one', '--reason', 'first')).out).toMatch(
      /revision 1: activate/,
    );
    const stale = await cli('disable', 'lobby', '--reason', 'x', '--base', '0');
    expect(stale.code).toBe(1);
    expect(stale.out).toMatch(/409.*STALE_REVISION/s);
    expect((await cli('canary', 'lobby', '1.0.0-two', '30', '--reason', 'try')).out).toMatch(
      /canary 1\.0\.0-two at 30%/,
    );
    expect((await cli('promote', 'lobby', '--reason', 'good')).out).toMatch(/lobby +1\.0\.0-two \(enabled\)/);
    expect((await cli('rollback', '1', '--reason', 'back')).out).toMatch(
      /revision 4: roll back to revision 1/,
    );
    const list = await cli('list');
    expect(list.out).toMatch(/lobby +1\.0\.0-one +enabled/);
    const history = await cli('history');
    expect(history.out).toMatch(/#4 .*\n.*roll back to revision 1: back/);
    expect(history.out).toContain(kit.phone);
  }, 120_000);

  it('rolls back one remote to a revision, leaving the others', async () => {
    await makeVersion(kit.cdn, 'auth', '1.0.0-auth');
    expect((await cli('publish', 'auth', '--folder', '1.0.0-auth')).code).toBe(0);
    const activated = await cli('activate', 'auth', '1.0.0-auth', '--reason', 'auth live');
    expect(activated.code, activated.out).toBe(0);
    // Revision 2 had lobby at 1.0.0-one with the 1.0.0-two canary, and no auth yet.
    const lobby = await cli('rollback', 'lobby', '2', '--reason', 'canary again');
    expect(lobby.code, lobby.out).toBe(0);
    expect(lobby.out).toMatch(/roll back lobby to revision 2 \(1\.0\.0-one\)/);
    expect(lobby.out).toMatch(/lobby +1\.0\.0-one \(enabled, canary 1\.0\.0-two at 30%\)/);
    expect(lobby.out).toMatch(/auth +1\.0\.0-auth \(enabled\)/);
    const absent = await cli('rollback', 'auth', '2', '--reason', 'x');
    expect(absent.code).toBe(1);
    expect(absent.out).toMatch(/auth had no version at revision 2/);
  }, 60_000);

  it('shows the integrity check, and a failing version in the list', async () => {
    const intact = await cli('integrity', '--check');
    expect(intact.code, intact.out).toBe(0);
    expect(intact.out).toMatch(/every live version matches its recorded hashes/);
    appendFileSync(join(kit.cdn, 'remotes/lobby/1.0.0-one/mf-manifest.json'), ' ');
    try {
      const failing = await cli('integrity', '--check');
      expect(failing.code).toBe(2);
      expect(failing.out).toMatch(/✗ lobby 1\.0\.0-one \(since .*\): integrity mismatch .*mf-manifest\.json/);
      expect((await cli('list')).out).toMatch(
        /1\.0\.0-one .*\n +! FAILING INTEGRITY since .*mf-manifest\.json/,
      );
    } finally {
      truncateSync(
        join(kit.cdn, 'remotes/lobby/1.0.0-one/mf-manifest.json'),
        statSync(join(kit.cdn, 'remotes/lobby/1.0.0-one/mf-manifest.json')).size - 1,
      );
    }
    expect((await cli('integrity', '--check')).code).toBe(0);
  }, 60_000);

  it('issues an override only with a reason, and lists it in the history', async () => {
    expect((await cli('override', 'lobby', '1.0.0-two')).out).toMatch(/--reason/);
    const issued = await cli('override', 'lobby', '1.0.0-two', '--minutes', '15', '--reason', 'QA pass');
    expect(issued.code, issued.out).toBe(0);
    expect(issued.out).toMatch(/\?release-override=/);
    const history = await cli('history');
    expect(history.out).toMatch(
      /Overrides issued to testers:\n.*\n +override lobby 1\.0\.0-two until .*: QA pass/,
    );
    expect(history.out).toContain(kit.phone);
  }, 60_000);

  it('makes a deploy key a team CI publishes and canaries its remote with, without a login, until revoked', async () => {
    await makeVersion(kit.cdn, 'wallet', '1.0.0-w1');
    await kit.ok('publish', 'wallet', '--folder', '1.0.0-w1');
    await kit.ok('activate', 'wallet', '1.0.0-w1', '--reason', 'wallet live');
    const created = await kit.ok(
      'deploy-key',
      'create',
      'wallet',
      '--name',
      'wallet-ci',
      '--max-percent',
      '20',
      '--days',
      '30',
    );
    const token = /^ +(mdk_\S+)$/m.exec(created)?.[1] ?? '';
    expect(created, created).toMatch(/deploy key wallet-ci for wallet: publish, canary/);
    // The team's CI: no login, only the key.
    const ci = (...args: string[]) =>
      kit.cliWith({ MCHEZO_DEPLOY_KEY: token, DATA_DIR: `${kit.home}/ci` }, ...args);
    await makeVersion(kit.cdn, 'wallet', '1.0.0-w2');
    const published = await ci('publish', 'wallet', '--folder', '1.0.0-w2');
    expect(published.code, published.out).toBe(0);
    expect((await ci('publish', 'wallet', '--folder', '1.0.0-w2')).out).toMatch(/already published/);
    expect((await ci('canary', 'wallet', '1.0.0-w2', '10', '--reason', 'ci')).out).toMatch(
      /guarded canaries only/,
    );
    const canary = await ci('canary', 'wallet', '1.0.0-w2', '10', '--step-minutes', '10', '--reason', 'ci');
    expect(canary.code, canary.out).toBe(0);
    expect(canary.out).toMatch(/by deploy-key:wallet-ci: ci/);
    const lobby = await ci('publish', 'lobby', '--folder', '1.0.0-two');
    expect(lobby.code).toBe(1);
    expect(lobby.out).toMatch(/403: .*is for wallet, not lobby \(DEPLOY_KEY_SCOPE\)/);
    expect((await ci('list')).out).toMatch(/Not signed in/);

    expect(await kit.ok('deploy-key', 'list')).toMatch(
      /wallet-ci +wallet +publish,canary up to 20% +ACTIVE[\s\S]*canary 1\.0\.0-w2/,
    );
    expect((await kit.cli('deploy-key', 'revoke', 'wallet-ci')).out).toMatch(/--reason/);
    expect(await kit.ok('deploy-key', 'revoke', 'wallet-ci', '--reason', 'rotated')).toMatch(
      /revoked wallet-ci: rotated/,
    );
    await makeVersion(kit.cdn, 'wallet', '1.0.0-w3');
    expect((await ci('publish', 'wallet', '--folder', '1.0.0-w3')).out).toMatch(
      /403: .*revoked \(DEPLOY_KEY_REVOKED\)/,
    );
    expect(await kit.ok('history')).toContain('deploy-key:wallet-ci');
  }, 60_000);

  it('retires an old version with a reason as a release manager; never with a deploy key', async () => {
    await makeVersion(kit.cdn, 'lobby', '1.0.0-old');
    await kit.ok('publish', 'lobby', '--folder', '1.0.0-old');
    expect((await cli('retire', 'lobby', '1.0.0-old')).out).toMatch(/--reason/);
    // The lobby's canary (revision 2's, rolled back to) is refused, with the API's words.
    const canary = await cli('retire', 'lobby', '1.0.0-two', '--reason', 'old');
    expect(canary.code).toBe(1);
    expect(canary.out).toMatch(/409: lobby 1\.0\.0-two is lobby's canary .*\(VERSION_CANARY\)/);

    const created = await kit.ok('deploy-key', 'create', 'lobby', '--name', 'lobby-ci', '--days', '30');
    const token = /^ +(mdk_\S+)$/m.exec(created)?.[1] ?? '';
    const ci = await kit.cliWith(
      { MCHEZO_DEPLOY_KEY: token, DATA_DIR: `${kit.home}/ci` },
      'retire',
      'lobby',
      '1.0.0-old',
      '--reason',
      'ci cleanup',
    );
    expect(ci.code).toBe(1);
    expect(ci.out).toMatch(/403: A deploy key may only publish .*\(DEPLOY_KEY_SCOPE\)/);
    expect(existsSync(join(kit.cdn, 'remotes/lobby/1.0.0-old'))).toBe(true);

    const retired = await kit.ok('retire', 'lobby', '1.0.0-old', '--reason', 'superseded');
    expect(retired).toMatch(/retired lobby 1\.0\.0-old: its files are removed from the version store/);
    expect(retired).toContain(`by ${kit.phone} at `);
    expect(existsSync(join(kit.cdn, 'remotes/lobby/1.0.0-old'))).toBe(false);
    expect(await kit.ok('list')).toMatch(/1\.0\.0-old .*\n +RETIRED .* by \+\d+: superseded/);
    expect((await cli('retire', 'lobby', '1.0.0-old', '--reason', 'again')).out).toMatch(
      /\(ALREADY_RETIRED\)/,
    );
    expect((await cli('activate', 'lobby', '1.0.0-old', '--reason', 'back')).out).toMatch(
      /409: lobby 1\.0\.0-old was retired .*\(VERSION_RETIRED\)/,
    );
  }, 60_000);
});
