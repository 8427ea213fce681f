import { beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_TEST_PHONES } from '../../src/adapters/payments/simulator.js';
import { DB_MODES, type Json, json, type Player, suiteApp } from '../helpers.js';

// Both databases: concurrency: parallel requests race for one balance (row locks).
/**
 * Many concurrent deposits and withdrawals, every idempotency key sent several times, every
 * callback delivered several times, then the books: nothing lost, nothing twice, no negative pot.
 */
describe.each(DB_MODES)('concurrent money movements (%s)', (mode) => {
  // Simulator callbacks fire at once, racing the requests and the duplicate callbacks below.
  const t = suiteApp(mode, { SIMULATOR_DELAY_MS: '0' });
  let players: Player[];
  // Money moves only to and from a player's own phone: the failing payouts and deposits are
  // those of the players whose own phones are the simulator's failing test numbers.
  const failsFor = (phone: string, kind: 'deposit' | 'payout') =>
    phone === (kind === 'deposit' ? SIMULATOR_TEST_PHONES.cancelled : SIMULATOR_TEST_PHONES.payoutFails);
  beforeAll(async () => {
    players = [
      await t.signedInPlayer(),
      await t.signedInPlayer(),
      await t.playerWithPhone(SIMULATOR_TEST_PHONES.payoutFails),
      await t.playerWithPhone(SIMULATOR_TEST_PHONES.cancelled),
    ];
    for (const p of players) await t.creditWinnings(p, 2000);
  });

  it('keeps the ledger exact under a storm of repeated requests and callbacks', async () => {
    const requests: Promise<{ player: Player; kind: string; key: string; status: number; body: Json }>[] = [];
    const fire = (player: Player, kind: 'deposit' | 'withdraw', key: string, amount: number) =>
      requests.push(
        t
          .walletRequest(kind, player, amount, { key })
          .then((res) => ({ player, kind, key, status: res.statusCode, body: json(res) })),
      );
    for (const [pi, player] of players.entries()) {
      for (let i = 0; i < 12; i++) {
        // 12 distinct withdrawals of 250 against 2000: at most 8 can pass at once.
        for (let r = 0; r < 3; r++) fire(player, 'withdraw', `w-${pi}-${i}-key`, 250);
      }
      for (let i = 0; i < 10; i++) {
        for (let r = 0; r < 3; r++) fire(player, 'deposit', `d-${pi}-${i}-key`, 100);
      }
    }
    // Shuffle so repeats of one key do not arrive together.
    const results = await Promise.all(requests.sort(() => Math.random() - 0.5));
    expect(results.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    for (const r of results.filter((x) => x.status === 422)) {
      expect(r.body.code).toBe('INSUFFICIENT_FUNDS');
    }

    // Every repeat of a key that succeeded got the same transaction.
    const byKey = new Map<string, Set<string>>();
    for (const r of results.filter((x) => x.status === 200)) {
      const set = byKey.get(r.key) ?? new Set();
      set.add(r.body.transaction_id);
      byKey.set(r.key, set);
    }
    for (const ids of byKey.values()) expect(ids.size).toBe(1);

    // Duplicate callbacks for every transaction, delivered concurrently with the simulator's.
    const db = t.app.ctx.database.db;
    const entriesFor = (ref: string) =>
      db.selectFrom('ledger_entries').selectAll().where('ref_id', '=', ref).execute();
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    const txs = await db.selectFrom('wallet_transactions').selectAll().execute();
    const dupes = txs.flatMap((tx) => {
      const kind = tx.type === 'deposit' ? 'deposit' : 'payout';
      const failing = failsFor(tx.phone_number, kind);
      const body = {
        provider_ref: `SIM-${tx.id}`,
        result_code: failing ? 2001 : 0,
        result_desc: failing ? 'failed' : 'ok',
      };
      return [1, 2, 3].map(() => t.post(`/payments/callbacks/simulator/${secret}/${kind}`, body));
    });
    const dupeResults = await Promise.all(dupes);
    expect(dupeResults.every((r) => r.statusCode === 200)).toBe(true);
    await t.settlePayments();

    // The books.
    await t.checkLedger();
    const final = await db.selectFrom('wallet_transactions').selectAll().execute();
    expect(final.every((x) => x.status !== 'pending')).toBe(true);
    expect(new Set(final.map((x) => `${x.user_id}/${x.idempotency_key}`)).size).toBe(final.length);
    for (const player of players) {
      const mine = final.filter((x) => x.user_id === player.userId);
      const deposits = mine.filter((x) => x.type === 'deposit');
      const withdrawals = mine.filter((x) => x.type === 'withdrawal');
      const depositsFail = failsFor(player.phone, 'deposit');
      expect(deposits.length).toBe(10);
      expect(deposits.filter((x) => x.status === 'completed').length).toBe(depositsFail ? 0 : 10);
      expect(withdrawals.length).toBeLessThanOrEqual(12);
      const completedOut = withdrawals
        .filter((x) => x.status === 'completed')
        .reduce((s, x) => s + x.amount, 0);
      const b = await t.balances(player);
      expect(b.main).toBe(depositsFail ? 0 : 1000);
      if (failsFor(player.phone, 'payout')) expect(completedOut).toBe(0);
      expect(b.withdrawal).toBe(2000 - completedOut / 100);
      expect(b.withdrawal).toBeGreaterThanOrEqual(0);
      // Exactly one ledger booking per movement.
      for (const w of withdrawals) {
        const entries = await entriesFor(w.id);
        expect(entries.filter((e) => e.kind === 'withdrawal')).toHaveLength(1);
        expect(entries.filter((e) => e.kind === 'withdrawal_reversal')).toHaveLength(
          w.status === 'reversed' ? 1 : 0,
        );
      }
      for (const d of deposits) {
        expect(await entriesFor(d.id)).toHaveLength(d.status === 'completed' ? 1 : 0);
      }
    }
  });

  it('never lets concurrent stakes take a pot below zero', async () => {
    const p = await t.signedInPlayer();
    await t.creditWinnings(p, 200);
    const player_id = await t.playerRef(p);
    const bets = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.seamless('bet', {
          transaction_id: `storm-bet-${i % 15}`,
          player_id,
          round_id: `storm-${i % 15}`,
          game_id: 'lucky-sevens',
          amount: 20,
          currency: 'KES',
        }),
      ),
    );
    const ok = bets.filter((r) => r.statusCode === 200);
    expect(bets.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const distinct = await t.app.ctx.database.db
      .selectFrom('game_transactions')
      .selectAll()
      .where('user_id', '=', p.userId)
      .where('kind', '=', 'bet')
      .execute();
    expect(distinct.length).toBe(10);
    expect(ok.length).toBeGreaterThanOrEqual(10);
    expect(await t.balances(p)).toEqual({ main: 0, withdrawal: 0, bonus: 0 });
    await t.checkLedger();
  });
});
