/**
 * Rolling back one remote to its state at an earlier revision: the other remotes stay as they
 * are; compare-and-swap, a reason and the compatibility check as for every release change.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReleaseManifest } from '@mchezo/contracts/releases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

describe.each(DB_MODES)('roll back one remote (%s)', (mode) => {
  let t: TestApp;
  let cdn: string;
  let rm: Player;
  const rmPhone = freshPhone();
  /** Revision with lobby a1 and wallet w1; the latest has lobby a2, wallet w2 (canary w3). */
  let early: number;

  const manifest = async () => ReleaseManifest.parse(json(await t.get('/releases/manifest')));
  const post = async (path: string, body: Record<string, Json>, headers = rm.headers) =>
    t.post(
      `/releases${path}`,
      { base_revision: (await manifest()).revision, reason: 'why', ...body },
      headers,
    );
  const ok = async (path: string, body: Record<string, Json>) => {
    const res = await post(path, body);
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };

  beforeAll(async () => {
    cdn = makeCdn();
    t = await startApp(mode, { SITE_DIR: cdn, RELEASE_MANAGER_PHONES: rmPhone });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
    for (const [remote, version] of [
      ['lobby', 'a1'],
      ['lobby', 'a2'],
      ['wallet', 'w1'],
      ['wallet', 'w2'],
      ['wallet', 'w3'],
    ] as const) {
      const integrity = await makeVersion(cdn, remote, version);
      const res = await t.post(`/releases/remotes/${remote}/versions`, { version, integrity }, rm.headers);
      expect(res.statusCode, res.body).toBe(201);
    }
    await ok('/remotes/lobby/activate', { version: 'a1' });
    early = (await ok('/remotes/wallet/activate', { version: 'w1' })).revision;
    await ok('/remotes/lobby/activate', { version: 'a2' });
    await ok('/remotes/wallet/activate', { version: 'w2' });
    await ok('/remotes/wallet/canary', { version: 'w3', percent: 20 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
  });

  it('puts only that remote back, as a new revision with who, why and what', async () => {
    const before = await manifest();
    const res = await post('/remotes/wallet/rollback', { revision: early, reason: 'w2 breaks deposits' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      revision: before.revision + 1,
      author: rm.phone,
      reason: 'w2 breaks deposits',
      action: `roll back wallet to revision ${early} (w1)`,
    });
    const after = await manifest();
    // The canary went with it: the wallet is exactly as it was then.
    expect(after.remotes.wallet).toEqual({
      version: 'w1',
      entry: '/remotes/wallet/w1/mf-manifest.json',
      enabled: true,
    });
    expect(after.remotes.lobby).toEqual(before.remotes.lobby);
    const [latest] = json(await t.get('/releases/history?limit=1', rm.headers)).revisions;
    expect(latest.action).toBe(`roll back wallet to revision ${early} (w1)`);
  });

  it('refuses what changes nothing, a remote the revision did not have, and unknown revisions', async () => {
    const before = (await manifest()).revision;
    const same = await post('/remotes/wallet/rollback', { revision: early });
    expect(same.statusCode).toBe(422);
    expect(json(same).code).toBe('NO_CHANGE');
    const absent = await post('/remotes/profile/rollback', { revision: early });
    expect(absent.statusCode).toBe(422);
    expect(json(absent).code).toBe('NOT_AT_REVISION');
    expect((await post('/remotes/lobby/rollback', { revision: 9999 })).statusCode).toBe(404);
    expect((await post('/remotes/nope/rollback', { revision: early })).statusCode).toBe(400);
    expect((await post('/remotes/lobby/rollback', { revision: early, reason: '' })).statusCode).toBe(400);
    expect((await post('/remotes/lobby/rollback', { revision: 'x' })).statusCode).toBe(400);
    expect((await manifest()).revision).toBe(before);
  });

  it('refuses a stale base (409), players (403) and a version no longer intact (422)', async () => {
    const base = (await manifest()).revision;
    const stale = await t.post(
      '/releases/remotes/lobby/rollback',
      { revision: early, base_revision: base - 1, reason: 'old view' },
      rm.headers,
    );
    expect(stale.statusCode).toBe(409);
    expect(json(stale).code).toBe('STALE_REVISION');
    const player = await t.signedInPlayer();
    expect((await post('/remotes/lobby/rollback', { revision: early }, player.headers)).statusCode).toBe(403);
    writeFileSync(join(cdn, 'remotes/lobby/a1/mf-manifest.json'), '{}');
    const broken = await post('/remotes/lobby/rollback', { revision: early });
    expect(broken.statusCode).toBe(422);
    expect(json(broken).code).toBe('INCOMPATIBLE');
    expect((await manifest()).revision).toBe(base);
    expect((await manifest()).remotes.lobby?.version).toBe('a2');
  });
});
