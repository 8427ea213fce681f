import { describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, suiteApp } from '../../helpers.js';

// Both databases: money: an idempotency key's unique row decides a retried deposit.
/** An Idempotency-Key is one player's: a key says "this request of mine", never "this money". */
describe.each(DB_MODES)('one Idempotency-Key reused (%s)', (mode) => {
  const t = suiteApp(mode);
  const history = async (player: Player) =>
    json(await t.get('/wallet/transactions', player.headers)).transactions as {
      id: string;
      type: string;
      amount: number;
      status: string;
    }[];

  it('by two players: two separate deposits, and neither sees the other', async () => {
    const [amina, baraka] = [await t.signedInPlayer(), await t.signedInPlayer()];
    const key = 'shared-key-0001';
    const a = await t.walletRequest('deposit', amina, 200, { key });
    const b = await t.walletRequest('deposit', baraka, 300, { key });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(json(b).transaction_id).not.toBe(json(a).transaction_id);
    await t.settlePayments();

    expect(await t.balances(amina)).toEqual({ main: 200, withdrawal: 0, bonus: 0 });
    expect(await t.balances(baraka)).toEqual({ main: 300, withdrawal: 0, bonus: 0 });
    expect(await history(amina)).toMatchObject([{ id: json(a).transaction_id, amount: 200 }]);
    expect(await history(baraka)).toMatchObject([{ id: json(b).transaction_id, amount: 300 }]);
    expect((await t.get(`/wallet/transactions/${json(a).transaction_id}`, baraka.headers)).statusCode).toBe(
      404,
    );

    // Each player's repeat answers with that player's own transaction.
    expect(json(await t.walletRequest('deposit', amina, 200, { key }))).toEqual({
      transaction_id: json(a).transaction_id,
      status: 'completed',
    });
    expect(json(await t.walletRequest('deposit', baraka, 300, { key }))).toEqual({
      transaction_id: json(b).transaction_id,
      status: 'completed',
    });
    expect((await t.balances(amina)).main).toBe(200);
    expect((await t.balances(baraka)).main).toBe(300);
    await t.checkLedger();
  });

  it('for a withdrawal after a deposit: 422 IDEMPOTENCY_MISMATCH, nothing reserved, the deposit untouched', async () => {
    const p = await t.signedInPlayer();
    await t.creditWinnings(p, 500);
    const key = 'deposit-then-withdraw';
    const deposit = json(await t.walletRequest('deposit', p, 200, { key }));
    expect(deposit.status).toBe('pending');

    // Same amount and phone: only the kind of request differs.
    const withdrawal = await t.walletRequest('withdraw', p, 200, { key });
    expect(withdrawal.statusCode).toBe(422);
    expect(json(withdrawal)).toMatchObject({
      code: 'IDEMPOTENCY_MISMATCH',
      error: 'This Idempotency-Key was already used for a different request',
    });
    expect(await t.balances(p)).toEqual({ main: 0, withdrawal: 500, bonus: 0 });
    expect(await history(p)).toMatchObject([
      { id: deposit.transaction_id, type: 'deposit', amount: 200, status: 'pending' },
    ]);

    await t.settlePayments();
    expect(await t.balances(p)).toEqual({ main: 200, withdrawal: 500, bonus: 0 });
    // Still refused once the deposit has settled.
    expect((await t.walletRequest('withdraw', p, 200, { key })).statusCode).toBe(422);
    expect(await history(p)).toHaveLength(1);
    await t.checkLedger();
  });

  it('for a deposit after a withdrawal: 422 as well, and the withdrawal keeps its reservation', async () => {
    const p = await t.signedInPlayer();
    await t.creditWinnings(p, 500);
    const key = 'withdraw-then-deposit';
    expect(json(await t.walletRequest('withdraw', p, 150, { key })).status).toBe('pending');
    expect(await t.balances(p)).toEqual({ main: 0, withdrawal: 350, bonus: 0 });

    const deposit = await t.walletRequest('deposit', p, 150, { key });
    expect(deposit.statusCode).toBe(422);
    expect(json(deposit).code).toBe('IDEMPOTENCY_MISMATCH');
    await t.settlePayments();
    expect(await t.balances(p)).toEqual({ main: 0, withdrawal: 350, bonus: 0 });
    expect(await history(p)).toMatchObject([{ type: 'withdrawal', amount: 150, status: 'completed' }]);
    await t.checkLedger();
  });
});
