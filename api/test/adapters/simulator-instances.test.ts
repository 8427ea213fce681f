/**
 * The payment simulator's callbacks are not tied to the instance that accepted the payment
 * (docs/decisions/035-surviving-faults.md): kept in the database with their due
 * time, they are sent by whichever instance is up, once.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { SimulatorPaymentProvider } from '../../src/adapters/payments/simulator.js';
import { buildApp } from '../../src/app.js';
import { DB_MODES, json, type Player, suiteApp } from '../helpers.js';

/** The simulator's documented delay (api/README.md, SIMULATOR_DELAY_MS). */
const DELAY_MS = 2000;

// Both databases: locks: a due callback is claimed by one instance only.
describe.each(DB_MODES)('simulator callbacks across instances (%s)', (mode) => {
  // The suite's app plays the instance that stays up.
  const t = suiteApp(mode, { SIMULATOR_DELAY_MS: String(DELAY_MS) });
  /** Another API instance on the same database and clock. */
  const instance = async () => {
    const app = buildApp(t.env, { logger: false, clock: t.clock, database: t.app.ctx.database });
    await app.ready();
    return app;
  };
  const simulatorOf = (app: FastifyInstance) => app.ctx.payments as SimulatorPaymentProvider;
  const deposit = async (app: FastifyInstance, player: Player, amount: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      headers: player.headers,
      payload: { amount, currency: 'KES', phone_number: player.phone },
    });
    expect(res.statusCode).toBe(200);
    return json(res).transaction_id as string;
  };
  const status = async (player: Player, id: string) => (await t.transaction(player, id)).status;
  const credits = async (id: string) =>
    (await t.app.ctx.database.db.selectFrom('ledger_entries').select('id').where('ref_id', '=', id).execute())
      .length;
  const waiting = async () =>
    (await t.app.ctx.database.db.selectFrom('simulator_payments').select('provider_ref').execute()).length;

  it('a deposit accepted by an instance that stops is settled on time by another, once', async () => {
    expect(simulatorOf(t.app)).toBeInstanceOf(SimulatorPaymentProvider);
    const player = await t.signedInPlayer();
    const stopping = await instance();
    const id = await deposit(stopping, player, 500);
    // It stops well before the callback is due (deploys and restarts stop instances at any time).
    await stopping.close();
    expect(await status(player, id)).toBe('pending');

    // Not before its time...
    t.clock.advance(DELAY_MS - 1);
    expect(await simulatorOf(t.app).runOnce()).toBe(0);
    expect(await status(player, id)).toBe('pending');
    // ...and at its time, by the instance still up, on its own (its poll), not after reconciliation.
    t.clock.advance(1);
    await expect.poll(() => status(player, id), { timeout: 5_000 }).toBe('completed');
    expect(await t.balances(player)).toEqual({ main: 500, withdrawal: 0, bonus: 0 });
    expect(await credits(id)).toBe(1);
    expect(await waiting()).toBe(0);
    await t.checkLedger();
  });

  it('two instances up: each callback is sent by one of them, once', async () => {
    const player = await t.signedInPlayer();
    const other = await instance();
    const sent = [vi.spyOn(t.app.settlement, 'settleCallback'), vi.spyOn(other.settlement, 'settleCallback')];
    try {
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, i) => deposit(i % 2 ? other : t.app, player, 100)),
      );
      t.clock.advance(DELAY_MS);
      // Both instances' polls, and both asked at once as well.
      await Promise.all(
        [1, 2, 3].flatMap(() => [simulatorOf(t.app).runOnce(), simulatorOf(other).runOnce()]),
      );
      await expect.poll(waiting, { timeout: 5_000 }).toBe(0);
      for (const id of ids) expect(await status(player, id)).toBe('completed');
      expect(sent.reduce((n, spy) => n + spy.mock.calls.length, 0)).toBe(ids.length);
      expect((await t.balances(player)).main).toBe(2000);
      await t.checkLedger();
    } finally {
      for (const spy of sent) spy.mockRestore();
      await other.close();
    }
  });
});
