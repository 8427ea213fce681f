/**
 * Publishing checks the version's folder in the CDN root: a folder that is not there, or whose
 * files differ from the recorded hashes, is refused with 422 and nothing is listed.
 */
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

describe.each(DB_MODES)('publishing checks the folder (%s)', (mode) => {
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

  const publish = (version: string, integrity: Record<string, string>) =>
    t.post('/releases/remotes/wallet/versions', { version, integrity, reason: 'test' }, rm.headers);
  const listed = async () => {
    const list = json(await t.get('/releases/remotes', rm.headers));
    return list.remotes.find((r: Json) => r.name === 'wallet').versions.map((v: Json) => v.version);
  };
  const refused = async (
    version: string,
    integrity: Record<string, string>,
    code: string,
    pattern: RegExp,
  ) => {
    const res = await publish(version, integrity);
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).code).toBe(code);
    expect(json(res).error).toMatch(pattern);
    expect(await listed()).not.toContain(version);
  };

  it('refuses a version whose folder does not exist', async () => {
    const integrity = await makeVersion(cdn, 'wallet', '1.0.0-real');
    await refused(
      '1.0.0-ghost',
      integrity,
      'VERSION_FOLDER_MISSING',
      /no folder remotes\/wallet\/1\.0\.0-ghost/,
    );
  });

  it('refuses a folder whose file changed after its hashes were taken', async () => {
    const integrity = await makeVersion(cdn, 'wallet', '1.0.0-changed');
    appendFileSync(join(cdn, 'remotes/wallet/1.0.0-changed/static/js/wallet.1.0.0-changed.js'), 'evil()');
    await refused(
      '1.0.0-changed',
      integrity,
      'INTEGRITY_MISMATCH',
      /static\/js\/wallet\.1\.0\.0-changed\.js: differs from its recorded sha384/,
    );
  });

  it('refuses a folder with a file that was not recorded, or without one that was', async () => {
    const integrity = await makeVersion(cdn, 'wallet', '1.0.0-extra');
    writeFileSync(join(cdn, 'remotes/wallet/1.0.0-extra/static/js/injected.js'), 'evil()');
    await refused(
      '1.0.0-extra',
      integrity,
      'INTEGRITY_MISMATCH',
      /injected\.js: in the folder but not recorded/,
    );

    const fewer = await makeVersion(cdn, 'wallet', '1.0.0-fewer');
    rmSync(join(cdn, 'remotes/wallet/1.0.0-fewer/static/js/wallet.1.0.0-fewer.js'));
    const res = await publish('1.0.0-fewer', fewer);
    expect(res.statusCode).toBe(422);
    expect(json(res).issues).toEqual([
      {
        path: 'wallet/1.0.0-fewer',
        message: 'static/js/wallet.1.0.0-fewer.js: recorded but not in the folder',
      },
    ]);
    expect(await listed()).not.toContain('1.0.0-fewer');
  });

  it('publishes a folder that matches, once', async () => {
    const integrity = await makeVersion(cdn, 'wallet', '1.0.0-good');
    expect((await publish('1.0.0-good', integrity)).statusCode).toBe(201);
    expect(await listed()).toContain('1.0.0-good');
    // Already published: 409, even though the folder still matches.
    expect((await publish('1.0.0-good', integrity)).statusCode).toBe(409);
  });
});

describe('publishing without a CDN folder', () => {
  it('is refused: there is no folder to check', async () => {
    const phone = freshPhone();
    const t = await startApp('sqlite', { RELEASE_MANAGER_PHONES: phone });
    try {
      const rm = await asStaff(t, await t.signedInPlayer(phone));
      const res = await t.post(
        '/releases/remotes/lobby/versions',
        { version: '1.0.0-x', integrity: { 'mf-manifest.json': `sha384-${'A'.repeat(64)}` } },
        rm.headers,
      );
      expect(res.statusCode).toBe(422);
      expect(json(res).code).toBe('NO_CDN_FOLDER');
    } finally {
      await t.close();
    }
  });
});
