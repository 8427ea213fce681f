import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, suiteApp, type TestApp } from '../../helpers.js';

/**
 * Puts promotional money in the bonus pot the way a promotion would: the pot and its ledger
 * entry in one transaction, so the ledger still adds up. No promotion books bonus money yet, so
 * the ledger has no kind for it: `promotion` is this test's own.
 */
async function creditBonus(t: TestApp, { userId }: Player, amount: number): Promise<void> {
  await t.app.ctx.database.db.transaction().execute(async (trx) => {
    const { bonus } = await trx
      .updateTable('wallets')
      .set((eb) => ({ bonus: eb('bonus', '+', amount * 100) }))
      .where('user_id', '=', userId)
      .returning('bonus')
      .executeTakeFirstOrThrow();
    await sql`insert into ledger_entries (id, user_id, pot, amount, balance_after, kind, ref_id, created_at)
      values (${`promo-${userId}`}, ${userId}, 'bonus', ${amount * 100}, ${bonus}, 'promotion',
              ${`promo-${userId}`}, ${t.clock.now()})`.execute(trx);
  });
}

// Both databases: money: the pots a stake draws from, booked in one transaction.
describe.each(DB_MODES)('stakes with money in every pot (%s)', (mode) => {
  const t = suiteApp(mode);
  let p: Player;
  let player_id: string;
  const round = (id: string) => ({ player_id, round_id: `r-${id}`, game_id: 'lucky-sevens' });
  const bet = async (id: string, amount: number) => {
    const res = await t.seamless('bet', { transaction_id: id, ...round(id), amount, currency: 'KES' });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).balance as number;
  };

  beforeAll(async () => {
    p = await t.signedInPlayer();
    player_id = await t.playerRef(p);
    await t.depositFor(p, 50);
    await t.creditWinnings(p, 20);
    await creditBonus(t, p, 30);
  });

  it('starts with 30 bonus, 50 main (deposited) and 20 withdrawable (won)', async () => {
    expect(await t.balances(p)).toEqual({ main: 50, withdrawal: 20, bonus: 30 });
    await t.checkLedger();
  });

  it('a stake takes bonus first, then main, then withdrawal', async () => {
    // Within the bonus pot.
    expect(await bet('a', 20)).toBe(80);
    expect(await t.balances(p)).toEqual({ main: 50, withdrawal: 20, bonus: 10 });
    // The rest of the bonus, then main.
    expect(await bet('b', 45)).toBe(35);
    expect(await t.balances(p)).toEqual({ main: 15, withdrawal: 20, bonus: 0 });
    // The rest of main, then withdrawal.
    expect(await bet('c', 25)).toBe(10);
    expect(await t.balances(p)).toEqual({ main: 0, withdrawal: 10, bonus: 0 });
    await t.checkLedger();
  });

  it('a win goes to the withdrawal pot, not back to bonus or main', async () => {
    const win = await t.seamless('win', {
      transaction_id: 'c-win',
      ...round('c'),
      amount: 12.5,
      currency: 'KES',
    });
    expect(json(win).balance).toBe(22.5);
    expect(await t.balances(p)).toEqual({ main: 0, withdrawal: 22.5, bonus: 0 });
  });

  it('a rollback returns each pot exactly what its stake took from it', async () => {
    const rollback = (id: string) =>
      t.seamless('rollback', {
        transaction_id: `${id}-rollback`,
        ...round(id),
        rolled_back_transaction_id: id,
      });
    // b took 10 from bonus and 35 from main.
    expect((await rollback('b')).statusCode).toBe(200);
    expect(await t.balances(p)).toEqual({ main: 35, withdrawal: 22.5, bonus: 10 });
    // c took 15 from main and 10 from withdrawal.
    expect((await rollback('c')).statusCode).toBe(200);
    expect(await t.balances(p)).toEqual({ main: 50, withdrawal: 32.5, bonus: 10 });
    // a took 20 from bonus.
    expect((await rollback('a')).statusCode).toBe(200);
    expect(await t.balances(p)).toEqual({ main: 50, withdrawal: 32.5, bonus: 30 });
    await t.checkLedger();
  });
});
