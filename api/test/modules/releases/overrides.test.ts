/**
 * Testers' overrides pass the same compatibility check as activation, and every override issued
 * is kept in the history: who, when, remote, version, why, until when.
 */
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ReleaseManifest } from '@mchezo/contracts/releases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

describe.each(DB_MODES)('release overrides (%s)', (mode) => {
  let t: TestApp;
  let cdn: string;
  let rm: Player;
  const rmPhone = freshPhone();

  beforeAll(async () => {
    cdn = makeCdn();
    t = await startApp(mode, { SITE_DIR: cdn, RELEASE_MANAGER_PHONES: rmPhone });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
  });

  const shipped = async (version: string, opts: Parameters<typeof makeVersion>[3] = {}) => {
    const integrity = await makeVersion(cdn, 'profile', version, opts);
    const res = await t.post('/releases/remotes/profile/versions', { version, integrity }, rm.headers);
    expect(res.statusCode, res.body).toBe(201);
  };
  const override = (body: Record<string, Json>) => t.post('/releases/overrides', body, rm.headers);
  const issued = async () => json(await t.get('/releases/history', rm.headers)).overrides as Json[];

  it('refuses an override of a version that could not go live, and records none', async () => {
    await shipped('2.0.0-react18', {
      shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true }],
    });
    const res = await override({
      remote: 'profile',
      version: '2.0.0-react18',
      minutes: 10,
      reason: 'try it',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).code).toBe('INCOMPATIBLE');
    expect(json(res).error).toMatch(/react \^18\.3\.1, the shell provides 19\.3\.1/);

    await shipped('2.0.0-tampered');
    appendFileSync(join(cdn, 'remotes/profile/2.0.0-tampered/mf-manifest.json'), ' ');
    const tampered = await override({
      remote: 'profile',
      version: '2.0.0-tampered',
      minutes: 10,
      reason: 'x',
    });
    expect(tampered.statusCode).toBe(422);
    expect(json(tampered).error).toMatch(/integrity mismatch .*mf-manifest\.json/);
    expect(await issued()).toEqual([]);
  });

  it('asks for a reason', async () => {
    await shipped('2.0.0-good');
    const res = await override({ remote: 'profile', version: '2.0.0-good', minutes: 10 });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatch(/reason/);
    const blank = await override({ remote: 'profile', version: '2.0.0-good', minutes: 10, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(await issued()).toEqual([]);
  });

  it('issues an override of a compatible version and keeps it in the history', async () => {
    const res = await override({
      remote: 'profile',
      version: '2.0.0-good',
      minutes: 30,
      reason: 'QA of the new card',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { token, expires_at } = json(res);
    const served = ReleaseManifest.parse(
      json(await t.get(`/releases/manifest?override=${encodeURIComponent(token)}`)),
    );
    expect(served.remotes.profile?.version).toBe('2.0.0-good');

    const [entry, ...rest] = await issued();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      remote: 'profile',
      version: '2.0.0-good',
      entry: '/remotes/profile/2.0.0-good/mf-manifest.json',
      reason: 'QA of the new card',
      issued_by: rm.phone,
      expires_at,
    });
    expect(Date.parse(expires_at) - Date.parse(entry.issued_at)).toBe(30 * 60_000);

    t.clock.advance(1000);
    expect(
      (await override({ remote: 'profile', version: '2.0.0-good', minutes: 5, reason: 'second look' }))
        .statusCode,
    ).toBe(201);
    const all = await issued();
    expect(all.map((o: Json) => o.reason)).toEqual(['second look', 'QA of the new card']);
    // Only release managers read it.
    const player = await t.signedInPlayer();
    expect((await t.get('/releases/history', player.headers)).statusCode).toBe(403);
  });
});
