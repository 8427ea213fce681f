import { appendFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReleaseManifest } from '@mchezo/contracts/releases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff, type StaffPlayer } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

// Both databases: transactions: every change a revision, a stale base refused (compare-and-swap).
describe.each(DB_MODES)('release control (%s)', (mode) => {
  let t: TestApp;
  let cdn: string;
  let rm: StaffPlayer;
  let player: Player;
  const rmPhone = freshPhone();

  beforeAll(async () => {
    cdn = makeCdn();
    t = await startApp(mode, { SITE_DIR: cdn, RELEASE_MANAGER_PHONES: rmPhone });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
    player = await t.signedInPlayer();
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
  });

  const manifest = async () => ReleaseManifest.parse(json(await t.get('/releases/manifest')));
  const publish = async (
    remote: string,
    version: string,
    integrity: Record<string, string>,
    headers = rm.headers,
  ) => t.post(`/releases/remotes/${remote}/versions`, { version, integrity, reason: 'test' }, headers);
  const change = async (path: string, body: Record<string, Json>, headers = rm.headers) =>
    t.post(
      `/releases${path}`,
      { base_revision: (await manifest()).revision, reason: 'because', ...body },
      headers,
    );
  const override = (body: Record<string, Json>, headers = rm.headers) =>
    t.post('/releases/overrides', { reason: 'testers', ...body }, headers);
  const shipped = async (remote: 'lobby' | 'auth' | 'wallet' | 'profile', version: string) => {
    const res = await publish(remote, version, await makeVersion(cdn, remote, version));
    expect(res.statusCode, res.body).toBe(201);
  };

  it('serves an empty manifest publicly, with a short cache, an ETag and 304', async () => {
    const res = await t.get('/releases/manifest');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ revision: 0, remotes: {} });
    // The browser's own cache only: the answer sets the page view's load ticket (decision 031).
    expect(res.headers['cache-control']).toBe('private, max-age=10');
    expect(String(res.headers['set-cookie'])).toContain('mchezo_load_ticket=');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.get('/releases/manifest', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('refuses changes without a token (401) and without the release_manager role (403)', async () => {
    const integrity = await makeVersion(cdn, 'profile', '0.0.1-roles');
    for (const headers of [{}, { authorization: 'Bearer nonsense' }] as Record<string, string>[]) {
      expect((await publish('profile', '0.0.1-roles', integrity, headers)).statusCode).toBe(401);
      expect((await t.get('/releases/remotes', headers)).statusCode).toBe(401);
    }
    const forbidden = await publish('profile', '0.0.1-roles', integrity, player.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden).code).toBe('SECOND_FACTOR_REQUIRED');
    for (const path of ['/releases/remotes', '/releases/history']) {
      expect((await t.get(path, player.headers)).statusCode).toBe(403);
    }
    const activate = await change('/remotes/profile/activate', { version: '0.0.1-roles' }, player.headers);
    expect(activate.statusCode).toBe(403);
    const rollback = await change('/rollback', { revision: 1 }, player.headers);
    expect(rollback.statusCode).toBe(403);
    // The manager's role came from RELEASE_MANAGER_PHONES at login.
    const me = json(await t.get('/auth/me', rm.playerHeaders));
    expect(JSON.stringify(me)).toContain('release_manager');
  });

  it('publishes a version once; publishing it again is refused with 409', async () => {
    const integrity = await makeVersion(cdn, 'wallet', '1.0.0-aaa');
    const first = await publish('wallet', '1.0.0-aaa', integrity);
    expect(first.statusCode).toBe(201);
    expect(json(first)).toMatchObject({
      remote: 'wallet',
      version: '1.0.0-aaa',
      entry: '/remotes/wallet/1.0.0-aaa/mf-manifest.json',
      published_by: rm.phone,
      files: Object.keys(integrity).length,
    });
    const again = await publish('wallet', '1.0.0-aaa', integrity);
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('VERSION_EXISTS');
    // Unsafe names and malformed integrity never reach the database.
    expect((await publish('wallet', '../etc', integrity)).statusCode).toBe(400);
    expect((await publish('wallet', '1.0.0-bad', { 'mf-manifest.json': 'md5-x' })).statusCode).toBe(400);
    expect((await publish('nope', '1.0.0-zzz', integrity)).statusCode).toBe(400);
  });

  it('keeps every change as a revision with who, why and what', async () => {
    const before = (await manifest()).revision;
    const res = await change('/remotes/wallet/activate', { version: '1.0.0-aaa' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ revision: before + 1, author: rm.phone, reason: 'because' });
    const m = await manifest();
    expect(m.revision).toBe(before + 1);
    expect(m.remotes.wallet).toEqual({
      version: '1.0.0-aaa',
      entry: '/remotes/wallet/1.0.0-aaa/mf-manifest.json',
      enabled: true,
    });

    expect((await change('/remotes/wallet/disable', {})).statusCode).toBe(200);
    expect((await manifest()).remotes.wallet?.enabled).toBe(false);
    expect((await change('/remotes/wallet/disable', {})).statusCode).toBe(422);
    expect((await change('/remotes/wallet/enable', {})).statusCode).toBe(200);

    const history = json(await t.get('/releases/history', rm.headers)).revisions as Json[];
    expect(history.slice(0, 3).map((r: Json) => r.action)).toEqual([
      'enable wallet',
      'disable wallet',
      'activate wallet 1.0.0-aaa',
    ]);
    expect(history[0].revision).toBe(before + 3);
    expect(history[0].manifest.remotes.wallet.enabled).toBe(true);
    expect(history[1].manifest.remotes.wallet.enabled).toBe(false);
    expect(Date.parse(history[0].created_at)).not.toBeNaN();

    const list = json(await t.get('/releases/remotes', rm.headers));
    const wallet = list.remotes.find((r: Json) => r.name === 'wallet');
    expect(wallet).toMatchObject({ active: '1.0.0-aaa', enabled: true, canary: null });
    expect(wallet.versions.map((v: Json) => v.version)).toContain('1.0.0-aaa');
  });

  it('refuses a write made from a stale base revision (compare-and-swap)', async () => {
    await shipped('wallet', '1.0.1-bbb');
    const base = (await manifest()).revision;
    const stale = await t.post(
      '/releases/remotes/wallet/activate',
      { version: '1.0.1-bbb', base_revision: base - 1, reason: 'old view' },
      rm.headers,
    );
    expect(stale.statusCode).toBe(409);
    expect(json(stale).code).toBe('STALE_REVISION');
    expect((await manifest()).revision).toBe(base);

    // Two managers racing from the same base: one wins, the other gets 409.
    const body = (path: string) =>
      t.post(`/releases${path}`, { base_revision: base, reason: 'race' }, rm.headers);
    const results = await Promise.all([body('/remotes/wallet/disable'), body('/remotes/wallet/disable')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await manifest()).revision).toBe(base + 1);
    expect((await change('/remotes/wallet/enable', {})).statusCode).toBe(200);
  });

  it('sets a canary, promotes it, and aborts another', async () => {
    const canary = await change('/remotes/wallet/canary', { version: '1.0.1-bbb', percent: 50 });
    expect(canary.statusCode, canary.body).toBe(200);
    expect((await manifest()).remotes.wallet).toEqual({
      version: '1.0.0-aaa',
      entry: '/remotes/wallet/1.0.0-aaa/mf-manifest.json',
      enabled: true,
      canary: { version: '1.0.1-bbb', entry: '/remotes/wallet/1.0.1-bbb/mf-manifest.json', percent: 50 },
    });
    for (const percent of [0, 100]) {
      expect((await change('/remotes/wallet/canary', { version: '1.0.1-bbb', percent })).statusCode).toBe(
        400,
      );
    }
    expect((await change('/remotes/wallet/canary/promote', {})).statusCode).toBe(200);
    expect((await manifest()).remotes.wallet).toEqual({
      version: '1.0.1-bbb',
      entry: '/remotes/wallet/1.0.1-bbb/mf-manifest.json',
      enabled: true,
    });
    expect((await change('/remotes/wallet/canary/promote', {})).statusCode).toBe(422);

    await shipped('wallet', '1.0.2-ccc');
    expect((await change('/remotes/wallet/canary', { version: '1.0.2-ccc', percent: 10 })).statusCode).toBe(
      200,
    );
    expect((await change('/remotes/wallet/canary/abort', {})).statusCode).toBe(200);
    expect((await manifest()).remotes.wallet?.canary).toBeUndefined();
    expect((await manifest()).remotes.wallet?.version).toBe('1.0.1-bbb');
    // An unpublished version is not found.
    expect((await change('/remotes/wallet/activate', { version: '9.9.9-none' })).statusCode).toBe(404);
  });

  it('restores any earlier revision, as a new revision', async () => {
    const history = json(await t.get('/releases/history?limit=500', rm.headers)).revisions as Json[];
    const first = history.find((r: Json) => r.action === 'activate wallet 1.0.0-aaa');
    const current = (await manifest()).revision;
    const res = await change('/rollback', { revision: first.revision });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      revision: current + 1,
      action: `roll back to revision ${first.revision}`,
    });
    const m = await manifest();
    expect(m.revision).toBe(current + 1);
    expect(m.remotes).toEqual(first.manifest.remotes);
    expect((await change('/rollback', { revision: 9999 })).statusCode).toBe(404);
    expect((await change('/rollback', { revision: m.revision })).statusCode).toBe(422);
    // And forward again: the rollback itself can be undone.
    expect((await change('/rollback', { revision: current })).statusCode).toBe(200);
    expect((await manifest()).remotes.wallet?.version).toBe('1.0.1-bbb');
  });

  describe('compatibility check', () => {
    const refused = async (remote: string, version: string, pattern: RegExp) => {
      const before = await manifest();
      const res = await change(`/remotes/${remote}/activate`, { version });
      expect(res.statusCode, res.body).toBe(422);
      expect(json(res).code).toBe('INCOMPATIBLE');
      expect(json(res).error).toMatch(pattern);
      // A canary is checked the same way, and nothing was written.
      if (before.remotes[remote as 'wallet']) {
        const canary = await change(`/remotes/${remote}/canary`, { version, percent: 5 });
        expect(canary.statusCode).toBe(422);
      }
      expect((await manifest()).revision).toBe(before.revision);
    };

    it('refuses a singleton outside the shell range', async () => {
      const integrity = await makeVersion(cdn, 'wallet', '2.0.0-react18', {
        shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true }],
      });
      expect((await publish('wallet', '2.0.0-react18', integrity)).statusCode).toBe(201);
      await refused('wallet', '2.0.0-react18', /react \^18\.3\.1, the shell provides 19\.3\.1/);
    });

    it('refuses a singleton the shell does not provide', async () => {
      const integrity = await makeVersion(cdn, 'wallet', '2.0.0-router', {
        shared: [
          { name: 'react-router-dom', version: '7.18.5', requiredVersion: '^7.18.5', singleton: true },
        ],
      });
      expect((await publish('wallet', '2.0.0-router', integrity)).statusCode).toBe(201);
      await refused('wallet', '2.0.0-router', /react-router-dom, which the shell does not provide/);
    });

    it('refuses a version that lacks a module the shell routes need', async () => {
      const integrity = await makeVersion(cdn, 'wallet', '2.0.0-noexpose', {
        exposes: ['DepositPage', 'TransactionsPage'],
      });
      expect((await publish('wallet', '2.0.0-noexpose', integrity)).statusCode).toBe(201);
      await refused('wallet', '2.0.0-noexpose', /does not expose WithdrawPage/);
    });

    it('refuses a version with a missing file', async () => {
      const integrity = await makeVersion(cdn, 'wallet', '2.0.0-missing');
      expect((await publish('wallet', '2.0.0-missing', integrity)).statusCode).toBe(201);
      unlinkSync(
        join(cdn, 'remotes/wallet/2.0.0-missing/static/js/async/__federation_expose_DepositPage.js'),
      );
      await refused(
        'wallet',
        '2.0.0-missing',
        /missing file: static\/js\/async\/__federation_expose_DepositPage\.js/,
      );
    });

    it('refuses a version whose file changed since publish', async () => {
      const integrity = await makeVersion(cdn, 'wallet', '2.0.0-tampered');
      expect((await publish('wallet', '2.0.0-tampered', integrity)).statusCode).toBe(201);
      appendFileSync(join(cdn, 'remotes/wallet/2.0.0-tampered/static/js/wallet.2.0.0-tampered.js'), 'evil()');
      await refused('wallet', '2.0.0-tampered', /integrity mismatch .*wallet\.2\.0\.0-tampered\.js/);
    });

    it("refuses a version that imports a name the live shell's shared modules do not export", async () => {
      writeFileSync(
        join(cdn, 'shell/shared-exports.json'),
        JSON.stringify({
          '@mchezo/host/router': ['Link', 'useNavigate'],
          '@mchezo/host/query': ['useQuery'],
          '@mchezo/api-client/errors': ['ApiError', 'lockoutOf'],
        }),
      );
      try {
        const fine = await makeVersion(cdn, 'wallet', '2.0.0-facade-ok', {
          facadeImports: { '@mchezo/host/router': ['Link'], '@mchezo/host/query': ['useQuery'] },
        });
        expect((await publish('wallet', '2.0.0-facade-ok', fine)).statusCode).toBe(201);
        expect((await change('/remotes/wallet/activate', { version: '2.0.0-facade-ok' })).statusCode).toBe(
          200,
        );
        const newer = await makeVersion(cdn, 'wallet', '2.0.0-facade-new', {
          facadeImports: {
            '@mchezo/host/router': ['Link', 'useBlocker'],
            '@mchezo/host/query': ['useQuery'],
          },
        });
        expect((await publish('wallet', '2.0.0-facade-new', newer)).statusCode).toBe(201);
        await refused(
          'wallet',
          '2.0.0-facade-new',
          /uses useBlocker from @mchezo\/host\/router, which the live shell does not provide/,
        );
        // Any shared workspace module the shell provides, not only the facades: a new helper in
        // the API client reaches the remote as the live shell's copy, without it.
        const helper = await makeVersion(cdn, 'wallet', '2.0.0-helper-new', {
          facadeImports: {
            '@mchezo/api-client/errors': ['ApiError', 'isLockout'],
            // The shell does not share this one: the remote runs its own copy, whatever it has.
            '@mchezo/ui/alert': ['Alert', 'AlertTitle'],
          },
        });
        expect((await publish('wallet', '2.0.0-helper-new', helper)).statusCode).toBe(201);
        await refused(
          'wallet',
          '2.0.0-helper-new',
          /^(?!.*@mchezo\/ui\/alert).*uses isLockout from @mchezo\/api-client\/errors, which the live shell does not provide/,
        );
      } finally {
        rmSync(join(cdn, 'shell/shared-exports.json'), { force: true });
      }
    });

    it('refuses a version whose manifest names a file that was not published', async () => {
      const integrity = await makeVersion(cdn, 'wallet', '2.0.0-partial');
      const entry = 'static/js/wallet.2.0.0-partial.js';
      delete integrity[entry];
      // Published without the entry file (publish checks the folder as it is), which lands after.
      const file = join(cdn, 'remotes/wallet/2.0.0-partial', entry);
      unlinkSync(file);
      expect((await publish('wallet', '2.0.0-partial', integrity)).statusCode).toBe(201);
      writeFileSync(file, '/* late */');
      await refused('wallet', '2.0.0-partial', /names files that were not published: static\/js\/wallet/);
    });

    it('refuses a roll back to a revision whose version is no longer intact', async () => {
      await shipped('lobby', '1.0.0-lob1');
      expect((await change('/remotes/lobby/activate', { version: '1.0.0-lob1' })).statusCode).toBe(200);
      const withLobby1 = (await manifest()).revision;
      await shipped('lobby', '1.0.0-lob2');
      expect((await change('/remotes/lobby/activate', { version: '1.0.0-lob2' })).statusCode).toBe(200);
      writeFileSync(join(cdn, 'remotes/lobby/1.0.0-lob1/mf-manifest.json'), '{}');
      const res = await change('/rollback', { revision: withLobby1 });
      expect(res.statusCode).toBe(422);
      expect(json(res).error).toMatch(/lobby 1\.0\.0-lob1 cannot go live/);
    });
  });

  it('refuses overrides to players, of unpublished versions, and of dev servers outside development', async () => {
    expect(
      (await override({ remote: 'wallet', version: '7.0.0-override', minutes: 5 }, player.headers))
        .statusCode,
    ).toBe(403);
    expect((await override({ remote: 'wallet', version: '0.0.0-nope', minutes: 5 })).statusCode).toBe(404);
    const dev = await override({
      remote: 'wallet',
      dev_entry: 'http://127.0.0.1:3103/mf-manifest.json',
      minutes: 5,
    });
    expect(dev.statusCode).toBe(422);
    expect(json(dev).error).toContain('development');
    expect((await override({ remote: 'wallet', minutes: 5 })).statusCode).toBe(422);
    expect((await override({ remote: 'wallet', version: '7.0.0-override', minutes: 9999 })).statusCode).toBe(
      400,
    );
  });

  it('serves a tester a signed, expiring override; ignores forged, expired or unpublished ones', async () => {
    await shipped('wallet', '7.0.0-override');
    const res = await override({ remote: 'wallet', version: '7.0.0-override', minutes: 30 });
    expect(res.statusCode, res.body).toBe(201);
    const { token, expires_at } = json(res);
    const withToken = await t.get(`/releases/manifest?override=${encodeURIComponent(token)}`);
    expect(withToken.headers['cache-control']).toBe('private, no-store');
    const overridden = ReleaseManifest.parse(json(withToken));
    expect(overridden.remotes.wallet).toEqual({
      version: '7.0.0-override',
      entry: '/remotes/wallet/7.0.0-override/mf-manifest.json',
      enabled: true,
    });
    expect(overridden.override).toEqual({ remote: 'wallet', version: '7.0.0-override', expires_at });
    const normal = await manifest();
    expect(normal.override).toBeUndefined();

    // A changed payload or signature is ignored: the normal manifest is served.
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: Date.now() + 1e9 }),
    ).toString('base64url');
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      'garbage',
      `${payload}`,
    ]) {
      const served = ReleaseManifest.parse(
        json(await t.get(`/releases/manifest?override=${encodeURIComponent(bad)}`)),
      );
      expect(served.override, bad).toBeUndefined();
    }
    // Expired: ignored.
    t.clock.advance(31 * 60_000);
    expect(
      ReleaseManifest.parse(json(await t.get(`/releases/manifest?override=${encodeURIComponent(token)}`)))
        .override,
    ).toBeUndefined();
  });
});

describe.each(DB_MODES)('npm start activates its builds through release control (%s)', (mode) => {
  it('publishes and activates the newest builds as a revision by "npm start"', async () => {
    const cdn = makeCdn();
    await makeVersion(cdn, 'lobby', '1.0.0-start');
    await makeVersion(cdn, 'auth', '1.0.0-start');
    const t = await startApp(mode, { SITE_DIR: cdn });
    try {
      const m = ReleaseManifest.parse(json(await t.get('/releases/manifest')));
      expect(m.revision).toBe(1);
      expect(Object.keys(m.remotes).sort()).toEqual(['auth', 'lobby']);
      const row = await t.app.ctx.database.db
        .selectFrom('release_revisions')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row.author).toBe('npm start');
      const versions = await t.app.ctx.database.db.selectFrom('release_versions').selectAll().execute();
      expect(versions.map((v) => v.published_by)).toEqual(['npm start', 'npm start']);
    } finally {
      await t.close();
      rmSync(cdn, { recursive: true, force: true });
    }
  });
});
