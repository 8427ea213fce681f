/**
 * Byte budgets (docs/decisions/048-byte-budgets.md): publish measures a version's
 * critical path from its folder and reports it against the active version's and the remote's
 * budget; activate and canary of a version over budget are refused with 422 OVER_BYTE_BUDGET and
 * the figures; a release manager's override (never a deploy key's) lets it through, and the
 * history keeps who and why; a version within budget goes through unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../src/env.js';
import { bearer, DB_MODES, freshPhone, type Json, json, type Player, suiteApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

const BUDGET = 20_000;

describe('REMOTE_BYTE_BUDGETS', () => {
  const env = (REMOTE_BYTE_BUDGETS?: string) =>
    loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'mchezo-env-')), REMOTE_BYTE_BUDGETS });
  it('names some remotes; the others keep their defaults; a wrong name or figure refuses the start', () => {
    expect(env().REMOTE_BYTE_BUDGETS).toEqual({
      lobby: 26_000,
      auth: 20_000,
      wallet: 28_000,
      profile: 27_000,
    });
    expect(env('wallet:50000, lobby:60000').REMOTE_BYTE_BUDGETS).toEqual({
      lobby: 60_000,
      auth: 20_000,
      wallet: 50_000,
      profile: 27_000,
    });
    for (const bad of ['casino:1000', 'wallet:0', 'wallet:50kb', 'wallet'])
      expect(() => env(bad), bad).toThrow(EnvError);
  });
});

describe.each(DB_MODES)('byte budgets (%s)', (mode) => {
  const cdn = makeCdn();
  const rmPhone = freshPhone();
  const t = suiteApp(mode, {
    SITE_DIR: cdn,
    RELEASE_MANAGER_PHONES: rmPhone,
    REMOTE_BYTE_BUDGETS: `wallet:${BUDGET}`,
  });
  let rm: Player;
  beforeAll(async () => {
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
  });
  afterAll(() => rmSync(cdn, { recursive: true, force: true }));

  const revision = async () => json(await t.get('/releases/manifest')).revision as number;
  const publish = async (version: string, exposeBytes: number, headers = rm.headers) =>
    t.post(
      '/releases/remotes/wallet/versions',
      { version, integrity: await makeVersion(cdn, 'wallet', version, { exposeBytes }) },
      headers,
    );
  const activate = async (version: string, extra: Json = {}) =>
    t.post(
      '/releases/remotes/wallet/activate',
      { version, base_revision: await revision(), reason: 'ship it', ...extra },
      rm.headers,
    );
  const canary = async (version: string, headers = rm.headers, extra: Json = {}) =>
    t.post(
      '/releases/remotes/wallet/canary',
      {
        version,
        percent: 10,
        base_revision: await revision(),
        reason: 'try it',
        plan: { step_minutes: 10, ramp: [20] },
        ...extra,
      },
      headers,
    );
  const history = async () =>
    json(await t.get('/releases/history?limit=5', rm.headers)).revisions as {
      author: string;
      action: string;
      reason: string;
    }[];

  it('publish reports the size measured from the folder, against the active version and the budget', async () => {
    const first = await publish('1.0.0-base', 5_000);
    expect(first.statusCode, first.body).toBe(201);
    const base = json(first);
    // Random bytes do not compress: the expose's JS alone is about 5 KB of brotli.
    expect(base.critical_path.bytes).toBeGreaterThan(5_000);
    expect(base.critical_path.bytes).toBeLessThan(6_000);
    expect(Object.keys(base.critical_path.pages).sort()).toEqual(
      ['DepositPage', 'TransactionsPage', 'WithdrawPage'].sort(),
    );
    expect(base.byte_budget).toMatchObject({ budget: BUDGET, active: null, over: false });
    expect(base.byte_budget.summary).toMatch(
      /^wallet 1\.0\.0-base: \d+\.\d KB on the critical path, budget 20\.0 KB$/,
    );
    expect((await activate('1.0.0-base')).statusCode).toBe(200);

    const next = json(await publish('1.1.0-small', 6_000));
    expect(next.byte_budget).toMatchObject({
      bytes: next.critical_path.bytes,
      active: { version: '1.0.0-base', bytes: base.critical_path.bytes },
      over: false,
    });
    expect(next.byte_budget.summary).toMatch(
      /^wallet 1\.1\.0-small: \d+\.\d KB on the critical path \(active 1\.0\.0-base: \d+\.\d KB, \+1\.0 KB\), budget 20\.0 KB$/,
    );
    // Kept with the version: the list shows it.
    const remotes = json(await t.get('/releases/remotes', rm.headers)).remotes as {
      name: string;
      versions: { version: string; critical_path: { bytes: number } }[];
    }[];
    const wallet = remotes.find((r) => r.name === 'wallet');
    expect(wallet?.versions.find((v) => v.version === '1.1.0-small')?.critical_path.bytes).toBe(
      next.critical_path.bytes,
    );
  });

  it('refuses activate and canary of a version over budget with the figures', async () => {
    const res = await publish('2.0.0-big', 30_000);
    expect(res.statusCode).toBe(201); // publishing puts nothing live: it is only reported
    const big = json(res);
    expect(big.byte_budget.over).toBe(true);
    expect(big.byte_budget.summary).toContain('OVER BUDGET');
    const before = await revision();
    for (const refused of [await activate('2.0.0-big'), await canary('2.0.0-big')]) {
      expect(refused.statusCode, refused.body).toBe(422);
      const body = json(refused);
      expect(body.code).toBe('OVER_BYTE_BUDGET');
      expect(body.byte_budget).toMatchObject({
        remote: 'wallet',
        version: '2.0.0-big',
        bytes: big.critical_path.bytes,
        budget: BUDGET,
        active: { version: '1.0.0-base' },
        over: true,
      });
      expect(body.error).toContain('budget 20.0 KB');
    }
    expect(await revision()).toBe(before);
  });

  it('a deploy key cannot override; a release manager can, and the history keeps who and why', async () => {
    const created = await t.post(
      '/releases/deploy-keys',
      {
        name: 'wallet-ci-budget',
        remote: 'wallet',
        actions: ['publish', 'canary'],
        max_canary_percent: 25,
        expires_at: new Date(t.clock.now() + 86_400_000).toISOString(),
      },
      rm.headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    const ci = bearer(json(created).token);
    const overriding = { override_budget: { reason: 'the new lobby art is worth it' } };
    const byKey = await canary('2.0.0-big', ci, overriding);
    expect(byKey.statusCode, byKey.body).toBe(403);
    expect(json(byKey).code).toBe('DEPLOY_KEY_SCOPE');
    // Without an override the key's canary is refused with the figures like anyone's.
    const plain = await canary('2.0.0-big', ci);
    expect(plain.statusCode).toBe(422);
    expect(json(plain).code).toBe('OVER_BYTE_BUDGET');
    // An override needs its reason.
    expect((await canary('2.0.0-big', rm.headers, { override_budget: { reason: ' ' } })).statusCode).toBe(
      400,
    );

    const ok = await canary('2.0.0-big', rm.headers, overriding);
    expect(ok.statusCode, ok.body).toBe(200);
    const [latest] = await history();
    expect(latest?.author).toBe(rm.phone);
    expect(latest?.action).toMatch(
      new RegExp(
        `^canary wallet 2\\.0\\.0-big 10%.*; over its byte budget \\(\\d+\\.\\d KB > 20\\.0 KB\\), overridden by \\${rm.phone}: the new lobby art is worth it`,
      ),
    );
    const act = await activate('2.0.0-big', { override_budget: { reason: 'promo weekend' } });
    expect(act.statusCode, act.body).toBe(200);
    expect(json(act).action).toContain(`overridden by ${rm.phone}: promo weekend`);
  });

  it('a version within budget goes through unchanged (an override is not mentioned)', async () => {
    const activated = await activate('1.1.0-small', { override_budget: { reason: 'not needed' } });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(json(activated).action).toBe('activate wallet 1.1.0-small');
    expect(json(await publish('1.2.0-small', 1_000)).byte_budget.over).toBe(false);
    const c = await canary('1.2.0-small');
    expect(c.statusCode, c.body).toBe(200);
    expect(json(c).action).not.toContain('budget');
  });
});
