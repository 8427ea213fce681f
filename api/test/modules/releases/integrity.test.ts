/**
 * The live versions' files are checked against their recorded hashes at start, on a schedule and
 * on request: a tampered version is logged at error level, flagged in the health figures and the
 * list, and left out of the manifest browsers get until its files match again.
 */
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReleaseManifest } from '@mchezo/contracts/releases';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { integrityOfFolder } from '../../../src/modules/releases/versions.service.js';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

describe.each(DB_MODES)('release integrity check (%s)', (mode) => {
  let t: TestApp;
  let cdn: string;
  let rm: Player;
  const rmPhone = freshPhone();
  const lobbyFile = () => join(cdn, 'remotes/lobby/l1/static/js/lobby.l1.js');
  const walletFile = () => join(cdn, 'remotes/wallet/w2/static/js/async/__federation_expose_DepositPage.js');

  const manifest = async () => ReleaseManifest.parse(json(await t.get('/releases/manifest')));
  const ok = async (path: string, body: Record<string, Json>) => {
    const base = (await manifest()).revision;
    const res = await t.post(`/releases${path}`, { base_revision: base, reason: 'why', ...body }, rm.headers);
    expect(res.statusCode, res.body).toBe(200);
  };
  const check = async () => {
    const res = await t.post('/releases/integrity/check', undefined, rm.headers);
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };

  beforeAll(async () => {
    cdn = makeCdn();
    t = await startApp(mode, { SITE_DIR: cdn, RELEASE_MANAGER_PHONES: rmPhone });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
    for (const [remote, version] of [
      ['lobby', 'l1'],
      ['wallet', 'w1'],
      ['wallet', 'w2'],
    ] as const) {
      const integrity = await makeVersion(cdn, remote, version);
      const res = await t.post(`/releases/remotes/${remote}/versions`, { version, integrity }, rm.headers);
      expect(res.statusCode, res.body).toBe(201);
    }
    await ok('/remotes/lobby/activate', { version: 'l1' });
    await ok('/remotes/wallet/activate', { version: 'w1' });
    await ok('/remotes/wallet/canary', { version: 'w2', percent: 30 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
  });

  it('reports intact files', async () => {
    const status = await check();
    expect(status).toMatchObject({ ok: true, failing: [], interval_seconds: 300 });
    expect(Date.parse(status.checked_at)).not.toBeNaN();
    expect((await t.get('/releases/integrity')).statusCode).toBe(401);
    const player = await t.signedInPlayer();
    expect((await t.post('/releases/integrity/check', undefined, player.headers)).statusCode).toBe(403);
  });

  it("gives browsers the live versions' entry hashes, as recorded at publish", async () => {
    const { integrity } = await manifest();
    const recorded = async (remote: string, version: string, file: string) =>
      (await integrityOfFolder(join(cdn, 'remotes', remote, version)))[file];
    expect(Object.keys(integrity ?? {}).sort()).toEqual([
      '/remotes/lobby/l1/mf-manifest.json',
      '/remotes/lobby/l1/static/js/lobby.l1.js',
      '/remotes/wallet/w1/mf-manifest.json',
      '/remotes/wallet/w1/static/js/wallet.w1.js',
      // The canary's too: its share of players loads it.
      '/remotes/wallet/w2/mf-manifest.json',
      '/remotes/wallet/w2/static/js/wallet.w2.js',
    ]);
    expect(integrity?.['/remotes/wallet/w2/static/js/wallet.w2.js']).toBe(
      await recorded('wallet', 'w2', 'static/js/wallet.w2.js'),
    );
    expect(integrity?.['/remotes/lobby/l1/mf-manifest.json']).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  });

  it('flags a tampered version, logs it at error level and leaves it out of what browsers get', async () => {
    const stored = await manifest();
    const token = json(
      await t.post(
        '/releases/overrides',
        { remote: 'wallet', version: 'w2', minutes: 30, reason: 'QA' },
        rm.headers,
      ),
    ).token as string;
    const errors = vi.spyOn(t.app.ctx.log, 'error');
    appendFileSync(lobbyFile(), 'stealCards()');
    rmSync(walletFile());
    const status = await check();
    expect(status.ok).toBe(false);
    expect(status.failing).toEqual([
      expect.objectContaining({
        remote: 'lobby',
        version: 'l1',
        problem: expect.stringMatching(/integrity mismatch .*lobby\.l1\.js/),
      }),
      expect.objectContaining({
        remote: 'wallet',
        version: 'w2',
        problem: expect.stringMatching(/missing file: .*DepositPage/),
      }),
    ]);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ remote: 'lobby', version: 'l1' }),
      expect.stringContaining('integrity check failed'),
    );
    errors.mockRestore();

    // Browsers: the lobby is disabled (Unavailable, never the changed code), the wallet canary dropped.
    const served = await manifest();
    expect(served.revision).toBe(stored.revision);
    // Hashes only for what browsers may still load.
    expect(Object.keys(served.integrity ?? {}).sort()).toEqual([
      '/remotes/wallet/w1/mf-manifest.json',
      '/remotes/wallet/w1/static/js/wallet.w1.js',
    ]);
    expect(served.remotes.lobby).toEqual({ ...stored.remotes.lobby, enabled: false });
    expect(served.remotes.wallet).toEqual({
      version: 'w1',
      entry: '/remotes/wallet/w1/mf-manifest.json',
      enabled: true,
    });
    // A tester's override of the failing version is ignored too.
    const overridden = json(await t.get(`/releases/manifest?override=${encodeURIComponent(token)}`));
    expect(overridden.override).toBeUndefined();
    // The decisions are untouched: no new revision.
    const [latest] = json(await t.get('/releases/history?limit=1', rm.headers)).revisions;
    expect(latest.revision).toBe(stored.revision);
    const { integrity: _served, ...decisions } = stored;
    expect(latest.manifest).toEqual(decisions);

    // Release managers see it: the health figures and the list.
    const health = json(await t.get('/releases/health', rm.headers));
    expect(health.integrity.ok).toBe(false);
    expect(health.integrity.failing.map((f: Json) => `${f.remote} ${f.version}`)).toEqual([
      'lobby l1',
      'wallet w2',
    ]);
    const list = json(await t.get('/releases/remotes', rm.headers));
    const lobby = list.remotes.find((r: Json) => r.name === 'lobby');
    expect(lobby.versions.find((v: Json) => v.version === 'l1').integrity_failure.problem).toMatch(
      /lobby\.l1\.js/,
    );
  });

  it('checks once at start, and on its schedule', async () => {
    const again = buildApp(
      { ...t.env, RELEASES_INTEGRITY_INTERVAL_SECONDS: 1 },
      { logger: false, clock: t.clock, database: t.app.ctx.database },
    );
    await again.ready();
    try {
      const get = async () =>
        json(await again.inject({ method: 'GET', url: '/api/v1/releases/integrity', headers: rm.headers }));
      const atStart = await get();
      expect(atStart.checked_at).not.toBeNull();
      expect(atStart.failing).toHaveLength(2);
      // Put the wallet file back: the next scheduled check (1 s) clears it, with no request.
      await makeVersion(cdn, 'wallet', 'w2');
      await vi.waitFor(async () => expect((await get()).failing).toHaveLength(1), {
        timeout: 5000,
        interval: 200,
      });
      expect((await manifest()).remotes.wallet?.canary?.version).toBe('w2');
    } finally {
      await again.close();
    }
  });

  it('serves the version again once its files match', async () => {
    writeFileSync(lobbyFile(), readFileSync(lobbyFile(), 'utf8').replace('stealCards()', ''));
    expect(await check()).toMatchObject({ ok: true, failing: [] });
    expect((await manifest()).remotes.lobby?.enabled).toBe(true);
  });
});
