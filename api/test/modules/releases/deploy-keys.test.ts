/**
 * Deploy keys (docs/decisions/046-deploy-keys.md): a release manager makes a key
 * for one remote; the team's CI publishes and starts guarded canaries of that remote with it and
 * nothing else: the lobby, activate, a canary above the key's maximum, a revoked or expired key
 * are refused (403; 401 for a token nobody issued). The release history names the key; its token
 * is shown once, kept hashed, never logged.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  DB_MODES,
  freshPhone,
  type Json,
  json,
  logCapture,
  type Player,
  startApp,
  type TestApp,
} from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DB_MODES)('deploy keys (%s)', (mode) => {
  let t: TestApp;
  let cdn: string;
  let rm: Player;
  let player: Player;
  const rmPhone = freshPhone();
  const log = logCapture();

  beforeAll(async () => {
    cdn = makeCdn();
    t = await startApp(
      mode,
      { SITE_DIR: cdn, RELEASE_MANAGER_PHONES: rmPhone, LOG_LEVEL: 'info' },
      { logger: undefined, logStream: log.stream },
    );
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
    player = await t.signedInPlayer();
    // The wallet and the lobby have an active version; the wallet's team ships the next ones.
    for (const remote of ['wallet', 'lobby'] as const) {
      const integrity = await makeVersion(cdn, remote, '1.0.0-base');
      const res = await t.post(
        `/releases/remotes/${remote}/versions`,
        { version: '1.0.0-base', integrity },
        rm.headers,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const remote of ['wallet', 'lobby'])
      expect(
        (
          await t.post(
            `/releases/remotes/${remote}/activate`,
            { version: '1.0.0-base', base_revision: await revision(), reason: 'base' },
            rm.headers,
          )
        ).statusCode,
      ).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(cdn, { recursive: true, force: true });
  });

  const revision = async () => json(await t.get('/releases/manifest')).revision as number;
  const inDays = (days: number) => new Date(t.clock.now() + days * DAY).toISOString();
  const createKey = (body: Json, headers = rm.headers) => t.post('/releases/deploy-keys', body, headers);
  const walletKey = async (name: string, extra: Json = {}) => {
    const res = await createKey({
      name,
      remote: 'wallet',
      actions: ['publish', 'canary'],
      max_canary_percent: 25,
      expires_at: inDays(30),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res);
  };
  const publish = async (remote: 'wallet' | 'lobby', version: string, headers: Record<string, string>) =>
    t.post(
      `/releases/remotes/${remote}/versions`,
      { version, integrity: await makeVersion(cdn, remote, version) },
      headers,
    );
  const plan = { step_minutes: 10, ramp: [20] };
  const canary = async (
    remote: string,
    version: string,
    percent: number,
    headers: Record<string, string>,
    extra: Json = { plan },
  ) =>
    t.post(
      `/releases/remotes/${remote}/canary`,
      { version, percent, base_revision: await revision(), reason: 'ci canary', ...extra },
      headers,
    );
  const refused = (res: { statusCode: number; body: string }, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res as never).code).toBe(code);
    expect(json(res as never).error).toEqual(expect.any(String));
  };

  it('a wallet key publishes and canaries the wallet, and is refused on the lobby, on activate, above its maximum, revoked and expired', async () => {
    const key = await walletKey('wallet-ci');
    expect(key.token).toMatch(/^mdk_[A-Za-z0-9_-]{43}$/);
    const ci = bearer(key.token);

    // Publishes the wallet, and starts a guarded canary within its maximum.
    const published = await publish('wallet', '1.1.0-ci', ci);
    expect(published.statusCode, published.body).toBe(201);
    expect(json(published).published_by).toBe('deploy-key:wallet-ci');
    const started = await canary('wallet', '1.1.0-ci', 10, ci);
    expect(started.statusCode, started.body).toBe(200);
    expect(json(started).author).toBe('deploy-key:wallet-ci');
    expect(json(started).manifest.remotes.wallet.canary).toMatchObject({ version: '1.1.0-ci', percent: 10 });
    const remotes = json(await t.get('/releases/remotes', rm.headers)).remotes as Json[];
    expect(remotes.find((r) => r.name === 'wallet').plan).toMatchObject({
      status: 'running',
      created_by: 'deploy-key:wallet-ci',
      steps: [10, 20],
    });

    // Not the lobby: neither publish nor canary.
    refused(await publish('lobby', '1.1.0-ci', ci), 403, 'DEPLOY_KEY_SCOPE');
    await makeVersion(cdn, 'lobby', '1.1.0-rm');
    await t.post(
      '/releases/remotes/lobby/versions',
      { version: '1.1.0-rm', integrity: await makeVersion(cdn, 'lobby', '1.1.0-rm') },
      rm.headers,
    );
    refused(await canary('lobby', '1.1.0-rm', 5, ci), 403, 'DEPLOY_KEY_SCOPE');
    // Not activate, nor any other change, nor reading the release screens.
    const base_revision = await revision();
    refused(
      await t.post(
        '/releases/remotes/wallet/activate',
        { version: '1.1.0-ci', base_revision, reason: 'x' },
        ci,
      ),
      403,
      'DEPLOY_KEY_SCOPE',
    );
    for (const path of ['disable', 'canary/promote', 'canary/abort'])
      refused(
        await t.post(`/releases/remotes/wallet/${path}`, { base_revision, reason: 'x' }, ci),
        403,
        'DEPLOY_KEY_SCOPE',
      );
    refused(
      await t.post('/releases/remotes/wallet/rollback', { revision: 1, base_revision, reason: 'x' }, ci),
      403,
      'DEPLOY_KEY_SCOPE',
    );
    refused(await t.get('/releases/remotes', ci), 403, 'DEPLOY_KEY_SCOPE');
    refused(await t.get('/releases/deploy-keys', ci), 403, 'DEPLOY_KEY_SCOPE');
    refused(await t.get('/wallet/balance', ci), 403, 'DEPLOY_KEY_SCOPE');

    // Above its maximum: the canary, or a step of its guard's ramp; and never unguarded.
    await publish('wallet', '1.2.0-ci', ci);
    refused(
      await canary('wallet', '1.2.0-ci', 30, ci, { plan: { step_minutes: 10 } }),
      403,
      'DEPLOY_KEY_SCOPE',
    );
    refused(
      await canary('wallet', '1.2.0-ci', 10, ci, { plan: { step_minutes: 10, ramp: [50] } }),
      403,
      'DEPLOY_KEY_SCOPE',
    );
    refused(await canary('wallet', '1.2.0-ci', 10, ci, {}), 403, 'DEPLOY_KEY_SCOPE');
    expect(json(await t.get('/releases/manifest')).remotes.wallet.canary.version).toBe('1.1.0-ci');

    // Revoked: refused; the list says by whom and why.
    const revoked = await t.post(`/releases/deploy-keys/${key.id}/revoke`, { reason: 'rotated' }, rm.headers);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(json(revoked)).toMatchObject({ status: 'revoked', revoked_by: rmPhone, revoke_reason: 'rotated' });
    refused(await publish('wallet', '1.3.0-ci', ci), 403, 'DEPLOY_KEY_REVOKED');
    refused(await canary('wallet', '1.2.0-ci', 10, ci), 403, 'DEPLOY_KEY_REVOKED');

    // Expired: refused once its time is up.
    const short = await walletKey('wallet-ci-short', {
      expires_at: new Date(t.clock.now() + 60_000).toISOString(),
    });
    expect((await publish('wallet', '1.3.0-ci', bearer(short.token))).statusCode).toBe(201);
    t.clock.advance(61_000);
    refused(await publish('wallet', '1.4.0-ci', bearer(short.token)), 403, 'DEPLOY_KEY_EXPIRED');
    refused(await canary('wallet', '1.3.0-ci', 10, bearer(short.token)), 403, 'DEPLOY_KEY_EXPIRED');

    // A token nobody issued: 401.
    refused(await publish('wallet', '1.4.0-ci', bearer(`mdk_${'A'.repeat(43)}`)), 401, 'DEPLOY_KEY_UNKNOWN');
  });

  it('lists keys without their token, with their uses; the history names the key; the token is never logged', async () => {
    const { keys } = json(await t.get('/releases/deploy-keys', rm.headers));
    const ci = keys.find((k: Json) => k.name === 'wallet-ci');
    expect(ci).toMatchObject({
      remote: 'wallet',
      actions: ['publish', 'canary'],
      max_canary_percent: 25,
      status: 'revoked',
      created_by: rmPhone,
      actor: 'deploy-key:wallet-ci',
    });
    expect(ci.uses.map((u: Json) => `${u.action} ${u.version}`)).toEqual(
      expect.arrayContaining(['publish 1.1.0-ci', 'canary 1.1.0-ci', 'publish 1.2.0-ci']),
    );
    expect(ci.last_used_at).toEqual(expect.any(String));
    expect(keys.find((k: Json) => k.name === 'wallet-ci-short').status).toBe('expired');
    for (const k of keys) expect(k).not.toHaveProperty('token');

    const { revisions } = json(await t.get('/releases/history', rm.headers));
    expect(revisions.find((r: Json) => r.action.startsWith('canary wallet 1.1.0-ci')).author).toBe(
      'deploy-key:wallet-ci',
    );
    // The request log has every call above, and no token in it (the Authorization header is redacted).
    expect(log.text).toMatch(/\/releases\/remotes\/wallet\/versions/);
    expect(log.text).not.toMatch(/mdk_[A-Za-z0-9_-]{20}/);
  });

  it('only release managers create, list and revoke keys; creation is validated', async () => {
    const body = { name: 'lobby-ci', remote: 'lobby', actions: ['publish'], expires_at: inDays(10) };
    refused(await createKey(body, player.headers), 403, 'SECOND_FACTOR_REQUIRED');
    refused(await createKey(body, {}), 401, 'STAFF_SESSION_REQUIRED');
    refused(await t.get('/releases/deploy-keys', player.headers), 403, 'SECOND_FACTOR_REQUIRED');

    refused(await createKey({ ...body, name: 'x' }), 400, 'VALIDATION_ERROR');
    refused(await createKey({ ...body, remote: 'casino' }), 400, 'VALIDATION_ERROR');
    refused(await createKey({ ...body, actions: [] }), 400, 'VALIDATION_ERROR');
    refused(await createKey({ ...body, actions: ['activate'] }), 400, 'VALIDATION_ERROR');
    refused(await createKey({ ...body, expires_at: undefined }), 400, 'VALIDATION_ERROR');
    refused(await createKey({ ...body, expires_at: inDays(-1) }), 422, 'DEPLOY_KEY_EXPIRY');
    refused(await createKey({ ...body, expires_at: inDays(366) }), 422, 'DEPLOY_KEY_EXPIRY');
    refused(await createKey({ ...body, actions: ['canary'] }), 422, 'DEPLOY_KEY_MAX_PERCENT');
    refused(await createKey({ ...body, max_canary_percent: 10 }), 422, 'DEPLOY_KEY_MAX_PERCENT');
    refused(
      await createKey({ ...body, actions: ['canary'], max_canary_percent: 100 }),
      400,
      'VALIDATION_ERROR',
    );

    const created = await createKey(body);
    expect(created.statusCode, created.body).toBe(201);
    refused(await createKey(body), 409, 'DEPLOY_KEY_NAME_TAKEN');
    const { id } = json(created);
    refused(
      await t.post(`/releases/deploy-keys/${id}/revoke`, { reason: 'x' }, player.headers),
      403,
      'SECOND_FACTOR_REQUIRED',
    );
    refused(await t.post(`/releases/deploy-keys/${id}/revoke`, {}, rm.headers), 400, 'VALIDATION_ERROR');
    refused(await t.post('/releases/deploy-keys/nope/revoke', { reason: 'x' }, rm.headers), 404, 'NOT_FOUND');
    expect(
      (await t.post(`/releases/deploy-keys/${id}/revoke`, { reason: 'done' }, rm.headers)).statusCode,
    ).toBe(200);
    refused(
      await t.post(`/releases/deploy-keys/${id}/revoke`, { reason: 'again' }, rm.headers),
      409,
      'DEPLOY_KEY_ALREADY_REVOKED',
    );
    // A publish-only key starts no canary.
    const publishOnly = await walletKey('wallet-publish-only', {
      actions: ['publish'],
      max_canary_percent: undefined,
    });
    refused(await canary('wallet', '1.3.0-ci', 5, bearer(publishOnly.token)), 403, 'DEPLOY_KEY_SCOPE');
  });
});
