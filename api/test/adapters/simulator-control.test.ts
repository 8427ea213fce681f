import { describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, suiteApp } from '../helpers.js';

/** SIMULATOR_TEST_CONTROL: a browser test holds its player's payments and settles them itself. */
describe.each(DB_MODES)('simulator test control (%s)', (mode) => {
  // Unheld payments settle on their own at once here, as they would after the usual delay.
  const t = suiteApp(mode, { SIMULATOR_TEST_CONTROL: 'true', SIMULATOR_DELAY_MS: '0' });
  const deposit = (player: Player, amount: number) => t.walletRequest('deposit', player, amount);
  const status = async (player: Player, id: string) => (await t.transaction(player, id)).status;

  it("keeps a held phone's payments pending until settled, while other phones settle as usual", async () => {
    const held = await t.signedInPlayer();
    const other = await t.signedInPlayer();
    expect((await t.post('/testing/simulator/hold', { phone_number: held.phone })).statusCode).toBe(204);
    const a = json(await deposit(held, 500)).transaction_id;
    const b = json(await deposit(other, 300)).transaction_id;
    await expect.poll(() => status(other, b)).toBe('completed');
    // Every scheduled callback delivered (the held one would have come first): still pending.
    await t.settlePayments();
    expect(await status(held, a)).toBe('pending');

    const settled = await t.post('/testing/simulator/settle', { phone_number: held.phone });
    expect(settled.statusCode).toBe(200);
    expect(json(settled)).toEqual({ settled: 1 });
    expect(await status(held, a)).toBe('completed');
    expect(await t.balances(held)).toEqual({ main: 500, withdrawal: 0, bonus: 0 });

    // Settling stops the hold: the next payment settles on its own.
    const c = json(await deposit(held, 100)).transaction_id;
    await expect.poll(() => status(held, c)).toBe('completed');
    expect(json(await t.post('/testing/simulator/settle', { phone_number: held.phone }))).toEqual({
      settled: 0,
    });
  });

  it('takes an E.164 phone only', async () => {
    expect((await t.post('/testing/simulator/hold', { phone_number: '0712345678' })).statusCode).toBe(400);
    expect((await t.post('/testing/simulator/settle', {})).statusCode).toBe(400);
  });
});

describe('without SIMULATOR_TEST_CONTROL', () => {
  const t = suiteApp('sqlite');

  it('has no test routes', async () => {
    const res = await t.post('/testing/simulator/hold', { phone_number: '+254712345678' });
    expect(res.statusCode).toBe(404);
  });
});
