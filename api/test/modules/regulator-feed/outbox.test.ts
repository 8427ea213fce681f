/**
 * The regulator feed's outbox (docs/decisions/042-regulator-feed-outbox.md): every
 * money movement writes its events in the transaction that books it, with the player's opaque
 * reference and nothing of their phone; a transaction that fails or rolls back writes none.
 */
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/tx.js';
import { bookEntries, InsufficientFundsError } from '../../../src/modules/wallet/wallet.repository.js';
import { DB_MODES, type Player, suiteApp, TAXED } from '../../helpers.js';

// Both databases: transactions: events written in the money's own transaction, in sequence.
describe.each(DB_MODES)('regulator feed outbox (%s)', (mode) => {
  const t = suiteApp(mode, TAXED);
  const events = (playerRef?: string) => {
    let q = t.app.ctx.database.db.selectFrom('regulator_feed_events').selectAll().orderBy('sequence');
    if (playerRef) q = q.where('player_ref', '=', playerRef);
    return q.execute();
  };
  const kinds = async (player: Player) =>
    (await events(await t.playerRef(player))).map((e) => [e.type, JSON.parse(e.payload).reference]);

  it('a deposit writes its deposit and excise events with the player reference, in sequence', async () => {
    const p = await t.signedInPlayer();
    const ref = await t.playerRef(p);
    await t.depositFor(p, 100);
    const rows = await events(ref);
    expect(rows.map((e) => e.type)).toEqual(['deposit', 'excise_duty']);
    expect(rows[1]!.sequence).toBeGreaterThan(rows[0]!.sequence);
    const [deposit, excise] = rows.map((e) => JSON.parse(e.payload));
    expect(deposit.entries).toEqual([{ account: 'main', amount: 10_000, balance_after: 10_000 }]);
    expect(excise.entries).toEqual([
      { account: 'main', amount: -500, balance_after: 9_500 },
      { account: 'tax_excise', amount: 500, balance_after: null },
    ]);
    expect(deposit.reference).toBe(excise.reference);
    for (const e of rows) {
      expect(e.event_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(e.delivered_at).toBeNull();
      expect(e.payload).not.toContain(p.phone.slice(1));
      expect(e.payload).not.toContain(p.userId);
    }
  });

  it('bets, wins, rollbacks, withdrawals and their taxes each write theirs', async () => {
    const p = await t.signedInPlayer();
    const player_id = await t.playerRef(p);
    await t.depositFor(p, 200);
    const round = { player_id, round_id: 'r-feed', game_id: 'lucky-sevens', currency: 'KES' };
    expect((await t.seamless('bet', { ...round, transaction_id: 'feed-b1', amount: 20 })).statusCode).toBe(
      200,
    );
    expect((await t.seamless('win', { ...round, transaction_id: 'feed-w1', amount: 150 })).statusCode).toBe(
      200,
    );
    expect((await t.seamless('bet', { ...round, transaction_id: 'feed-b2', amount: 25 })).statusCode).toBe(
      200,
    );
    const { currency: _, ...rollback } = round;
    const rb = await t.seamless('rollback', {
      ...rollback,
      transaction_id: 'feed-rb2',
      rolled_back_transaction_id: 'feed-b2',
    });
    expect(rb.statusCode).toBe(200);
    // A repeated bet moves nothing and writes nothing.
    expect((await t.seamless('bet', { ...round, transaction_id: 'feed-b1', amount: 20 })).statusCode).toBe(
      200,
    );
    const withdrawal = await t.walletRequest('withdraw', p, 100);
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const types = (await kinds(p)).map(([type]) => type);
    expect(types).toEqual([
      'deposit',
      'excise_duty',
      'bet',
      'win',
      'bet',
      'rollback',
      'withdrawal',
      'withholding_tax',
    ]);
    const withdrawalEvents = (await kinds(p)).slice(-2);
    expect(withdrawalEvents[0]![1]).toBe(withdrawalEvents[1]![1]);
    await t.checkLedger();
  });

  it('a transaction that fails or rolls back writes no event', async () => {
    const p = await t.signedInPlayer();
    const ref = await t.playerRef(p);
    const { database, clock } = t.app.ctx;
    // Refused: the pot would go negative; nothing is booked, no event either.
    await expect(
      inTransaction(database, (trx) =>
        bookEntries(trx, p.userId, [{ pot: 'main', amount: -100, kind: 'bet' }], 'feed-refused', clock.now()),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    // Booked, then the transaction fails after it: rolled back with its event.
    await expect(
      inTransaction(database, async (trx) => {
        await bookEntries(
          trx,
          p.userId,
          [{ pot: 'main', amount: 100, kind: 'win' }],
          'feed-undone',
          clock.now(),
        );
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await events(ref)).toEqual([]);
    expect(await t.balances(p)).toEqual({ main: 0, withdrawal: 0, bonus: 0 });
    // A withdrawal above the balance is refused with no event.
    expect((await t.walletRequest('withdraw', p, 50)).statusCode).not.toBe(200);
    expect(await events(ref)).toEqual([]);
  });
  it('limit changes and self-exclusions write theirs; asking the same again writes nothing', async () => {
    const p = await t.signedInPlayer();
    const ref = await t.playerRef(p);
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload, headers: p.headers });
    expect((await put('/safer-gambling/deposit-limits', { day: 500 })).statusCode).toBe(200);
    expect((await put('/safer-gambling/loss-limits', { week: 1000 })).statusCode).toBe(200);
    expect((await put('/safer-gambling/stake-limit', { amount: 200 })).statusCode).toBe(200);
    // A raise waits 24 hours: its event says when it takes effect; the same raise again writes none.
    expect((await put('/safer-gambling/stake-limit', { amount: 400 })).statusCode).toBe(200);
    expect((await put('/safer-gambling/stake-limit', { amount: 400 })).statusCode).toBe(200);
    expect((await t.post('/safer-gambling/time-out', { length: '24h' }, p.headers)).statusCode).toBe(200);
    const rows = await events(ref);
    expect(rows.map((e) => e.type)).toEqual([
      'limit_change',
      'limit_change',
      'limit_change',
      'limit_change',
      'self_exclusion',
    ]);
    const [deposit, loss, stake, raise, timeOut] = rows.map((e) => JSON.parse(e.payload));
    const now = new Date(t.clock.now()).toISOString();
    expect(deposit).toEqual({
      limit: 'deposit',
      period: 'day',
      amount_minor: 50_000,
      effective_at: now,
      previous_amount_minor: null,
    });
    expect(loss).toMatchObject({ limit: 'loss', period: 'week', amount_minor: 100_000 });
    expect(stake).toMatchObject({ limit: 'stake', period: null, amount_minor: 20_000 });
    expect(raise).toEqual({
      limit: 'stake',
      period: null,
      amount_minor: 40_000,
      effective_at: new Date(t.clock.now() + 24 * 3600_000).toISOString(),
      previous_amount_minor: 20_000,
    });
    expect(timeOut).toEqual({
      kind: 'time_out',
      length: '24h',
      until: new Date(t.clock.now() + 24 * 3600_000).toISOString(),
    });
  });
});
