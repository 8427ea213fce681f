import { describe, expect, it } from 'vitest';
import { RegistryIdentityChecker } from '../../../src/adapters/identity/registry.js';
import { EnvError, loadEnv } from '../../../src/env.js';
import { productionProblems } from '../../../src/startup.js';
import { DB_MODES, json, type Player, suiteApp, type TestApp } from '../../helpers.js';

let round = 0;
const bet = async (t: TestApp, p: Player, amount = 50) => {
  const id = `identity-bet-${round++}`;
  return t.seamless('bet', {
    transaction_id: id,
    player_id: await t.playerRef(p),
    round_id: id,
    game_id: 'lucky-sevens',
    amount,
    currency: 'KES',
  });
};

describe.each(DB_MODES)('identity gates money and play (%s)', (mode) => {
  const t = suiteApp(mode);

  const expectRequired = (res: Awaited<ReturnType<TestApp['get']>>, what: RegExp) => {
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ error: expect.stringMatching(what), code: 'IDENTITY_REQUIRED' });
    expect(json(res).error).toContain('profile');
  };

  it('without a confirmed identity: no deposit, withdrawal, Paybill number, game launch or stake', async () => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    // Winnings of an earlier round (a win is always accepted) give the player money to move.
    await t.creditWinnings(p, 500);
    const before = await t.balances(p);
    const check = async () => {
      expectRequired(await t.walletRequest('deposit', p, 100), /first deposit/);
      expectRequired(await t.walletRequest('withdraw', p, 200), /withdrawing/);
      expectRequired(await t.get('/wallet/paybill', p.headers), /deposit/);
      expectRequired(await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, p.headers), /playing/);
      expectRequired(await bet(t, p), /playing/);
    };
    await check();
    // A rejected identity is no better than none.
    expect(json(await t.submitIdentity(p, { documentNumber: '44556000' })).status).toBe('rejected');
    await check();
    expect(json(await t.submitIdentity(p, { documentNumber: '44556997' })).status).toBe('pending');
    await check();
    expect(await t.balances(p)).toEqual(before);
    const txs = await t.app.ctx.database.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('user_id', '=', p.userId)
      .execute();
    expect(txs).toEqual([]);
    await t.checkLedger();
  });

  it('once confirmed: deposit, withdraw, Paybill number, launch and stake all go through', async () => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    await t.creditWinnings(p, 500);
    expect(json(await t.submitIdentity(p)).status).toBe('confirmed');
    expect((await t.walletRequest('deposit', p, 100)).statusCode).toBe(200);
    await t.settlePayments();
    expect((await t.walletRequest('withdraw', p, 200)).statusCode).toBe(200);
    expect((await t.get('/wallet/paybill', p.headers)).statusCode).toBe(200);
    expect((await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, p.headers)).statusCode).toBe(200);
    expect((await bet(t, p)).statusCode).toBe(200);
    expect(await t.balances(p)).toEqual({ main: 50, withdrawal: 300, bonus: 0 });
    await t.checkLedger();
  });

  it('a bad body is still a 400 for a player without identity (validation first)', async () => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    const res = await t.post('/wallet/deposit', { amount: 'lots' }, p.headers);
    expect(res.statusCode).toBe(400);
  });
});

describe('the identity-check adapters', () => {
  const details = {
    fullName: 'Amani Wanjiru',
    dateOfBirth: '1990-05-17',
    documentType: 'national_id' as const,
    documentNumber: '12345671',
  };
  const registry = (answer: () => Promise<Response>, calls: RequestInit[] = []) =>
    new RegistryIdentityChecker({
      url: 'https://registry.example/check',
      apiKey: 'registry-key',
      timeoutMs: 1000,
      fetch: async (_url, init) => {
        calls.push(init ?? {});
        return answer();
      },
    });

  it('the registry adapter sends the key and the details, and reads each answer', async () => {
    const calls: RequestInit[] = [];
    const ok = registry(async () => Response.json({ result: 'match' }), calls);
    expect(await ok.check(details)).toEqual({ status: 'confirmed' });
    expect(new Headers(calls[0]?.headers).get('authorization')).toBe('Bearer registry-key');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      document_type: 'national_id',
      document_number: '12345671',
      full_name: 'Amani Wanjiru',
      date_of_birth: '1990-05-17',
    });
    for (const [result, reason] of [
      ['not_found', 'NOT_FOUND'],
      ['name_mismatch', 'NAME_MISMATCH'],
      ['dob_mismatch', 'DETAILS_MISMATCH'],
    ])
      expect(await registry(async () => Response.json({ result })).check(details)).toEqual({
        status: 'rejected',
        reason,
      });
  });

  it('the registry adapter decides nothing on an error, a timeout or an unknown answer', async () => {
    for (const answer of [
      async () => new Response('busy', { status: 503 }),
      async () => Response.json({ result: 'maybe' }),
      async () => new Response('not json'),
      async () => {
        throw new Error('connect ECONNREFUSED');
      },
    ])
      expect(await registry(answer).check(details)).toEqual({ status: 'unavailable' });
  });

  it('production refuses the simulator; the registry needs its URL and key, over https', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: '/tmp/mchezo-identity-env' };
    expect(productionProblems(loadEnv(base))).toContainEqual(
      expect.stringContaining('IDENTITY_PROVIDER=simulator'),
    );
    const registryEnv = {
      ...base,
      IDENTITY_PROVIDER: 'registry',
      IDENTITY_REGISTRY_URL: 'https://registry.example/check',
      IDENTITY_REGISTRY_API_KEY: 'registry-key',
    };
    expect(productionProblems(loadEnv(registryEnv)).join()).not.toContain('IDENTITY');
    expect(() => loadEnv({ ...registryEnv, IDENTITY_REGISTRY_API_KEY: '' })).toThrow(EnvError);
    expect(() => loadEnv({ ...registryEnv, IDENTITY_REGISTRY_URL: 'http://registry.example' })).toThrow(
      /must be https in production/,
    );
  });
});
