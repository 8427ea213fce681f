import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  checkLedger,
  createPlayer,
  createTestApp,
  creditWinnings,
  DB_MODES,
  get,
  json,
  type Player,
  post,
  settlePayments,
  type TestApp,
} from './helpers.js';

/** An Idempotency-Key is one player's: a key says "this request of mine", never "this money". */
describe.each(DB_MODES)('one Idempotency-Key reused (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(() => t.close());

  const money = (path: '/wallet/deposit' | '/wallet/withdraw', player: Player, amount: number, key: string) =>
    post(
      t.app,
      path,
      { amount, currency: 'KES', phone_number: player.phone },
      { ...player.headers, 'idempotency-key': key },
    );
  const history = async (player: Player) =>
    json(await get(t.app, '/wallet/transactions', player.headers)).transactions as {
      id: string;
      type: string;
      amount: number;
      status: string;
    }[];

  it('by two players: two separate deposits, and neither sees the other', async () => {
    const [amina, baraka] = [await createPlayer(t.app), await createPlayer(t.app)];
    const key = 'shared-key-0001';
    const a = await money('/wallet/deposit', amina, 200, key);
    const b = await money('/wallet/deposit', baraka, 300, key);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(json(b).transaction_id).not.toBe(json(a).transaction_id);
    await settlePayments(t.app);

    expect(await balances(t.app, amina.headers)).toEqual({ main: 200, withdrawal: 0, bonus: 0 });
    expect(await balances(t.app, baraka.headers)).toEqual({ main: 300, withdrawal: 0, bonus: 0 });
    expect(await history(amina)).toMatchObject([{ id: json(a).transaction_id, amount: 200 }]);
    expect(await history(baraka)).toMatchObject([{ id: json(b).transaction_id, amount: 300 }]);
    expect(
      (await get(t.app, `/wallet/transactions/${json(a).transaction_id}`, baraka.headers)).statusCode,
    ).toBe(404);

    // Each player's repeat answers with that player's own transaction.
    expect(json(await money('/wallet/deposit', amina, 200, key))).toEqual({
      transaction_id: json(a).transaction_id,
      status: 'completed',
    });
    expect(json(await money('/wallet/deposit', baraka, 300, key))).toEqual({
      transaction_id: json(b).transaction_id,
      status: 'completed',
    });
    expect((await balances(t.app, amina.headers)).main).toBe(200);
    expect((await balances(t.app, baraka.headers)).main).toBe(300);
    await checkLedger(t.app);
  });

  it('for a withdrawal after a deposit: 422 IDEMPOTENCY_MISMATCH, nothing reserved, the deposit untouched', async () => {
    const p = await createPlayer(t.app);
    await creditWinnings(t.app, p.userId, 500);
    const key = 'deposit-then-withdraw';
    const deposit = json(await money('/wallet/deposit', p, 200, key));
    expect(deposit.status).toBe('pending');

    // Same amount and phone: only the kind of request differs.
    const withdrawal = await money('/wallet/withdraw', p, 200, key);
    expect(withdrawal.statusCode).toBe(422);
    expect(json(withdrawal)).toMatchObject({
      code: 'IDEMPOTENCY_MISMATCH',
      error: 'This Idempotency-Key was already used for a different request',
    });
    expect(await balances(t.app, p.headers)).toEqual({ main: 0, withdrawal: 500, bonus: 0 });
    expect(await history(p)).toMatchObject([
      { id: deposit.transaction_id, type: 'deposit', amount: 200, status: 'pending' },
    ]);

    await settlePayments(t.app);
    expect(await balances(t.app, p.headers)).toEqual({ main: 200, withdrawal: 500, bonus: 0 });
    // Still refused once the deposit has settled.
    expect((await money('/wallet/withdraw', p, 200, key)).statusCode).toBe(422);
    expect(await history(p)).toHaveLength(1);
    await checkLedger(t.app);
  });

  it('for a deposit after a withdrawal: 422 as well, and the withdrawal keeps its reservation', async () => {
    const p = await createPlayer(t.app);
    await creditWinnings(t.app, p.userId, 500);
    const key = 'withdraw-then-deposit';
    expect(json(await money('/wallet/withdraw', p, 150, key)).status).toBe('pending');
    expect(await balances(t.app, p.headers)).toEqual({ main: 0, withdrawal: 350, bonus: 0 });

    const deposit = await money('/wallet/deposit', p, 150, key);
    expect(deposit.statusCode).toBe(422);
    expect(json(deposit).code).toBe('IDEMPOTENCY_MISMATCH');
    await settlePayments(t.app);
    expect(await balances(t.app, p.headers)).toEqual({ main: 0, withdrawal: 350, bonus: 0 });
    expect(await history(p)).toMatchObject([{ type: 'withdrawal', amount: 150, status: 'completed' }]);
    await checkLedger(t.app);
  });
});
