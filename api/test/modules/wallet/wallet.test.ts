import { beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_TEST_PHONES } from '../../../src/adapters/payments/simulator.js';
import { DB_MODES, type Json, json, type Player, startApp, suiteApp } from '../../helpers.js';

const key = (label: string) => `key-${label}-${Math.random().toString(36).slice(2, 10)}`;

// Both databases: money: balances, holds and ledger entries written in one transaction.
describe.each(DB_MODES)('wallet (%s)', (mode) => {
  const t = suiteApp(mode);
  let p: Player;
  beforeAll(async () => {
    p = await t.signedInPlayer();
  });

  const deposit = (amount: number, phone: string, k = key('d'), player = p) =>
    t.walletRequest('deposit', player, amount, { phone, key: k });
  const withdraw = (amount: number, phone: string, k = key('w'), player = p) =>
    t.walletRequest('withdraw', player, amount, { phone, key: k });
  const tx = (id: string, player = p) => t.transaction(player, id);
  /**
   * Money moves only to and from a player's own phone: a simulator test number's outcome is had
   * by the player whose phone it is (winnings credited once, for payouts).
   */
  const testPlayers = new Map<string, Promise<Player>>();
  const testPlayer = (phone: string) => {
    const known =
      testPlayers.get(phone) ??
      t.signedInPlayer(phone).then(async (player) => {
        await t.creditWinnings(player, 1000);
        return player;
      });
    testPlayers.set(phone, known);
    return known;
  };
  const depositAs = async (phone: string, amount: number) =>
    deposit(amount, phone, key('d'), await testPlayer(phone));
  const withdrawAs = async (phone: string, amount: number) =>
    withdraw(amount, phone, key('w'), await testPlayer(phone));

  it('a new wallet has the three pots at 0, main first', async () => {
    const res = await t.get('/wallet/balance', p.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).balances).toEqual([
      { balance_type: 'main', amount: 0, currency: 'KES' },
      { balance_type: 'withdrawal', amount: 0, currency: 'KES' },
      { balance_type: 'bonus', amount: 0, currency: 'KES' },
    ]);
  });

  it('wallet calls need authentication', async () => {
    expect((await t.get('/wallet/balance')).statusCode).toBe(401);
    expect((await t.get('/wallet/transactions')).statusCode).toBe(401);
    expect(
      (await t.post('/wallet/deposit', { amount: 100, currency: 'KES', phone_number: p.phone })).statusCode,
    ).toBe(401);
    expect(
      (await t.post('/wallet/withdraw', { amount: 100, currency: 'KES', phone_number: p.phone })).statusCode,
    ).toBe(401);
  });

  it('a deposit is pending, then the simulator callback completes it and credits main', async () => {
    // The player's own phone, written the local way with spaces.
    const res = await deposit(500, `0${p.phone.slice(4, 7)} ${p.phone.slice(7, 10)} ${p.phone.slice(10)}`);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.status).toBe('pending');
    await t.settlePayments();
    expect(await tx(body.transaction_id)).toMatchObject({
      status: 'completed',
      type: 'deposit',
      amount: 500,
      payment_method: 'mobile_money',
    });
    expect(await t.balances(p)).toEqual({ main: 500, withdrawal: 0, bonus: 0 });
  });

  it('the same Idempotency-Key never moves money twice; reused for another request it is 422', async () => {
    const k = key('same');
    const a = json(await deposit(200, p.phone, k));
    const b = json(await deposit(200, p.phone, k));
    expect(b.transaction_id).toBe(a.transaction_id);
    await t.settlePayments();
    const c = json(await deposit(200, p.phone, k));
    expect(c).toEqual({ transaction_id: a.transaction_id, status: 'completed' });
    expect((await t.balances(p)).main).toBe(700);
    const other = await deposit(300, p.phone, k);
    expect(other.statusCode).toBe(422);
    expect(json(other).code).toBe('IDEMPOTENCY_MISMATCH');
    const bad = await deposit(300, p.phone, 'short');
    expect(bad.statusCode).toBe(400);
  });

  it('test phones fail as documented: cancelled, insufficient funds, refused', async () => {
    const { cancelled: cancels, insufficientFunds, refused: refuses } = SIMULATOR_TEST_PHONES;
    const cancelled = json(await depositAs(cancels, 100));
    const poor = json(await depositAs(insufficientFunds, 100));
    const refused = json(await depositAs(refuses, 100));
    expect(refused.status).toBe('failed');
    await t.settlePayments();
    expect(await tx(cancelled.transaction_id, await testPlayer(cancels))).toMatchObject({
      status: 'failed',
      failure_reason: 'Request cancelled by user',
    });
    const poorTx = await tx(poor.transaction_id, await testPlayer(insufficientFunds));
    expect(poorTx.failure_reason).toMatch(/insufficient/i);
    for (const phone of [cancels, insufficientFunds, refuses])
      expect((await t.balances(await testPlayer(phone))).main).toBe(0);
    expect((await t.balances(p)).main).toBe(700);
  });

  it('reconciliation settles deposits whose callback never came', async () => {
    const timesOut = await testPlayer(SIMULATOR_TEST_PHONES.timeout);
    const losesCallback = await testPlayer(SIMULATOR_TEST_PHONES.callbackLost);
    const timeout = json(await depositAs(timesOut.phone, 100));
    const lost = json(await depositAs(losesCallback.phone, 150));
    await t.settlePayments();
    expect((await tx(timeout.transaction_id, timesOut)).status).toBe('pending');
    expect(await t.app.reconciler.runOnce()).toBe(0); // too recent to ask about
    t.clock.advance(61_000);
    expect(await t.app.reconciler.runOnce()).toBe(2);
    expect((await tx(timeout.transaction_id, timesOut)).status).toBe('failed');
    expect((await tx(lost.transaction_id, losesCallback)).status).toBe('completed');
    expect((await t.balances(timesOut)).main).toBe(0);
    expect((await t.balances(losesCallback)).main).toBe(150);
    expect(await t.app.reconciler.runOnce()).toBe(0);
  });

  it('deposit rules: KES only, whole shillings, Kenyan phone, at most 150,000', async () => {
    const usd = await t.post(
      '/wallet/deposit',
      { amount: 100, currency: 'USD', phone_number: p.phone },
      p.headers,
    );
    expect(usd.statusCode).toBe(422);
    expect((await deposit(100.5, p.phone)).statusCode).toBe(422);
    // A player registered with a Ugandan number has no Kenyan mobile money number.
    const ugandan = await t.signedInPlayer('+256772123456');
    const foreign = await deposit(100, ugandan.phone, key('ug'), ugandan);
    expect(foreign.statusCode).toBe(422);
    expect(json(foreign).code).toBe('UNSUPPORTED_PHONE');
    expect((await deposit(100, '12')).statusCode).toBe(400);
    expect((await deposit(150_001, p.phone)).statusCode).toBe(422);
    expect((await deposit(0, p.phone)).statusCode).toBe(400);
    expect((await deposit(-5, p.phone)).statusCode).toBe(400);
    expect((await deposit(1.234, p.phone)).statusCode).toBe(400);
  });

  it('withdrawals come from the withdrawal pot only, with min 100 and max 150,000', async () => {
    // main holds 700 of deposits: not withdrawable until played.
    const none = await withdraw(100, p.phone);
    expect(none.statusCode).toBe(422);
    expect(json(none).error).toBe("You don't have enough balance for this withdrawal");
    expect(json(await withdraw(99, p.phone)).error).toBe('Minimum withdrawal amount is KES 100');
    expect(json(await withdraw(150_001, p.phone)).error).toBe('Maximum withdrawal amount is KES 150,000');
    expect((await withdraw(150_001, p.phone)).statusCode).toBe(422);
    await t.creditWinnings(p, 1000);
    expect(await t.balances(p)).toEqual({ main: 700, withdrawal: 1000, bonus: 0 });
  });

  it('a withdrawal reserves the money at once and completes on the payout result', async () => {
    const res = json(await withdraw(300, p.phone));
    expect(res.status).toBe('pending');
    expect((await t.balances(p)).withdrawal).toBe(700);
    await t.settlePayments();
    expect((await tx(res.transaction_id)).status).toBe('completed');
    expect((await t.balances(p)).withdrawal).toBe(700);
  });

  it('a failed payout is reversed and the money returns to the withdrawal pot, once', async () => {
    const failing = await testPlayer(SIMULATOR_TEST_PHONES.payoutFails);
    const res = json(await withdrawAs(failing.phone, 200));
    expect((await t.balances(failing)).withdrawal).toBe(800);
    await t.settlePayments();
    expect(await tx(res.transaction_id, failing)).toMatchObject({ status: 'reversed' });
    expect((await t.balances(failing)).withdrawal).toBe(1000);
    // A duplicate failure callback changes nothing.
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    const dup = await t.post(`/payments/callbacks/simulator/${secret}/payout`, {
      provider_ref: `SIM-${res.transaction_id}`,
      result_code: 2001,
      result_desc: 'again',
    });
    expect(dup.statusCode).toBe(200);
    expect((await t.balances(failing)).withdrawal).toBe(1000);
    // A refused payout is reversed at once.
    const refused = json(await withdrawAs(SIMULATOR_TEST_PHONES.refused, 100));
    expect(refused.status).toBe('reversed');
    expect((await t.balances(await testPlayer(SIMULATOR_TEST_PHONES.refused))).withdrawal).toBe(1000);
  });

  it('callbacks need the secret and a known body; duplicates do not credit twice', async () => {
    const losesCallback = await testPlayer(SIMULATOR_TEST_PHONES.callbackLost);
    const d = json(await depositAs(losesCallback.phone, 100));
    const body = { provider_ref: `SIM-${d.transaction_id}`, result_code: 0, result_desc: 'ok' };
    const wrong = await t.post('/payments/callbacks/simulator/not-the-secret/deposit', body);
    expect(wrong.statusCode).toBe(403);
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    expect((await t.post(`/payments/callbacks/daraja/${secret}/deposit`, body)).statusCode).toBe(404);
    expect((await t.post(`/payments/callbacks/simulator/${secret}/deposit`, { hello: 1 })).statusCode).toBe(
      400,
    );
    const before = (await t.balances(losesCallback)).main;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.post(`/payments/callbacks/simulator/${secret}/deposit`, body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await t.balances(losesCallback)).main).toBe(before + 100);
    // A late contradicting callback moves no money: the deposit goes to review (shown pending).
    await t.post(`/payments/callbacks/simulator/${secret}/deposit`, { ...body, result_code: 1032 });
    expect((await tx(d.transaction_id, losesCallback)).status).toBe('pending');
    expect((await t.balances(losesCallback)).main).toBe(before + 100);
  });

  it('lists deposits and withdrawals newest first, paginated, filtered by type', async () => {
    // More than a page of them: 3 so far, and 9 more deposits still pending.
    for (let i = 1; i <= 9; i++) expect((await deposit(10 * i, p.phone)).statusCode).toBe(200);
    const all: Json[] = [];
    let token: string | null = null;
    do {
      const res = await t.get(
        `/wallet/transactions?page_size=3${token ? `&page_token=${token}` : ''}`,
        p.headers,
      );
      expect(res.statusCode).toBe(200);
      const body = json(res);
      expect(body.transactions.length).toBeLessThanOrEqual(3);
      all.push(...body.transactions);
      token = body.next_page_token;
    } while (token);
    const ids = all.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    const count = await t.app.ctx.database.db
      .selectFrom('wallet_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(all.length).toBe(Number(count.n));
    const times = all.map((x) => Date.parse(x.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const deposits = json(
      await t.get('/wallet/transactions?type=deposit&page_size=100', p.headers),
    ).transactions;
    const withdrawals = json(
      await t.get('/wallet/transactions?type=withdrawal&page_size=100', p.headers),
    ).transactions;
    expect(deposits.every((x: Json) => x.type === 'deposit')).toBe(true);
    expect(withdrawals.every((x: Json) => x.type === 'withdrawal')).toBe(true);
    expect(deposits.length + withdrawals.length).toBe(all.length);
    expect(withdrawals.length).toBe(1);

    const first = json(await t.get('/wallet/transactions', p.headers));
    expect(first.transactions.length).toBe(10);
    expect(first.next_page_token).not.toBeNull();
    expect((await t.get('/wallet/transactions?page_token=@@@', p.headers)).statusCode).toBe(400);
    expect((await t.get('/wallet/transactions?page_size=0', p.headers)).statusCode).toBe(400);
    expect((await t.get('/wallet/transactions?type=bet', p.headers)).statusCode).toBe(400);
  });

  it("a player cannot see another player's transaction", async () => {
    const other = await t.signedInPlayer();
    const mine = json(await t.get('/wallet/transactions?page_size=1', p.headers)).transactions[0];
    expect((await t.get(`/wallet/transactions/${mine.id}`, other.headers)).statusCode).toBe(404);
    expect(json(await t.get('/wallet/transactions', other.headers)).transactions).toEqual([]);
  });

  it('the simulator settles in-process through the callback settlement: once, whatever comes first', async () => {
    const q = await t.signedInPlayer();
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    const callback = (body: Json) => t.post(`/payments/callbacks/simulator/${secret}/deposit`, body);
    const main = async () => (await t.balances(q)).main;

    // A provider callback over HTTP outruns the simulator's own delivery, which then changes nothing.
    const a = json(await deposit(100, q.phone, key('a'), q));
    const ok = { provider_ref: `SIM-${a.transaction_id}`, result_code: 0, result_desc: 'ok' };
    expect((await callback(ok)).statusCode).toBe(200);
    expect(await main()).toBe(100);
    await t.settlePayments();
    expect(await tx(a.transaction_id, q)).toMatchObject({ status: 'completed' });
    expect(await main()).toBe(100);

    // The simulator first: a duplicate changes nothing; a late contradicting callback moves no
    // money and puts the deposit in review (the player sees it as pending).
    const b = json(await deposit(200, q.phone, key('b'), q));
    await t.settlePayments();
    expect(await tx(b.transaction_id, q)).toMatchObject({ status: 'completed' });
    const ref = `SIM-${b.transaction_id}`;
    expect((await callback({ provider_ref: ref, result_code: 0, result_desc: 'again' })).statusCode).toBe(
      200,
    );
    expect((await callback({ provider_ref: ref, result_code: 1032, result_desc: 'late' })).statusCode).toBe(
      200,
    );
    expect(await tx(b.transaction_id, q)).toMatchObject({ status: 'pending' });
    expect(await main()).toBe(300);

    // A late success contradicting a failed deposit credits nothing: an operator reviews it
    // (the player sees it as still being processed).
    const cancels = await testPlayer(SIMULATOR_TEST_PHONES.cancelled);
    const c = json(await depositAs(cancels.phone, 100));
    await t.settlePayments();
    await callback({ provider_ref: `SIM-${c.transaction_id}`, result_code: 0, result_desc: 'late' });
    expect(await tx(c.transaction_id, cancels)).toMatchObject({ status: 'pending' });
    expect((await t.balances(cancels)).main).toBe(0);
    expect(await main()).toBe(300);

    // The simulator's delivery racing duplicate HTTP callbacks: credited once.
    const d = json(await deposit(400, q.phone, key('d'), q));
    const dup = { provider_ref: `SIM-${d.transaction_id}`, result_code: 0, result_desc: 'dup' };
    const raced = await Promise.all([t.settlePayments(), callback(dup), callback(dup), callback(dup)]);
    expect(raced.slice(1).map((r) => r?.statusCode)).toEqual([200, 200, 200]);
    expect(await tx(d.transaction_id, q)).toMatchObject({ status: 'completed' });
    expect(await main()).toBe(700);

    // The settlement both paths share reads the body with the adapter, as the route did.
    await expect(t.app.settlement.settleCallback('deposit', { hello: 1 })).rejects.toMatchObject({
      statusCode: 400,
      extra: { code: 'INVALID_CALLBACK_BODY' },
    });
    expect(
      await t.app.settlement.settleCallback('deposit', { provider_ref: 'SIM-none', result_code: 0 }),
    ).toBe(null);
    const ledger = await t.app.ctx.database.db
      .selectFrom('ledger_entries')
      .select(['ref_id', 'amount'])
      .where('user_id', '=', q.userId)
      .execute();
    expect(ledger.map((e) => e.amount).sort((x, y) => x - y)).toEqual([10_000, 20_000, 40_000]);
    expect(new Set(ledger.map((e) => e.ref_id)).size).toBe(3);
  });

  it('keeps every pot equal to its ledger', async () => {
    await t.checkLedger();
  });
});

describe.each(DB_MODES)('wallet feature flags (%s)', (mode) => {
  it('answers 403 when the wallet or mobile money is off', async () => {
    const t = await startApp(mode, { FEATURE_WALLET_ENABLED: 'false' });
    try {
      const p = await t.signedInPlayer();
      expect((await t.get('/wallet/balance', p.headers)).statusCode).toBe(403);
      expect(json(await t.get('/config')).data.features.wallet_enabled).toBe(false);
    } finally {
      await t.close();
    }
    const u = await startApp(mode, { FEATURE_MOBILE_MONEY_ENABLED: '0' });
    try {
      const p = await u.signedInPlayer();
      expect((await u.get('/wallet/balance', p.headers)).statusCode).toBe(200);
      const d = await u.walletRequest('deposit', p, 100);
      expect(d.statusCode).toBe(403);
      expect(json(d).code).toBe('FEATURE_DISABLED');
    } finally {
      await u.close();
    }
  });
});
