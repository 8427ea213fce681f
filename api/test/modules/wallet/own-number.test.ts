/**
 * Money moves only to and from the player's own verified phone
 * (docs/decisions/033-money-to-own-number.md): a deposit prompt or a payout naming another
 * number is refused and changes nothing, and one player cannot fire a burst of payment prompts.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_MODES, json, type Player, suiteApp, type TestApp } from '../../helpers.js';

/** Everything a refused request must leave as it was. */
async function moneyState(t: TestApp): Promise<string> {
  const db = t.app.ctx.database.db;
  return JSON.stringify({
    wallets: await db.selectFrom('wallets').selectAll().orderBy('user_id').execute(),
    transactions: await db.selectFrom('wallet_transactions').selectAll().orderBy('id').execute(),
    ledger: await db.selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
  });
}

const NOT_OWN = {
  error: 'Mobile money moves only to and from your own registered phone number',
  code: 'PHONE_NOT_OWN',
};

// Both databases: money under concurrency: a burst of payment prompts against one atomic counter.
describe.each(DB_MODES)('money to and from the own number only (%s)', (mode) => {
  const t = suiteApp(mode, { DEPOSIT_PROMPTS_PER_MINUTE: '5' });
  let a: Player;
  let b: Player;
  beforeAll(async () => {
    a = await t.signedInPlayer();
    b = await t.signedInPlayer();
    await t.creditWinnings(a, 1000);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const providerAsked = () => ({
    deposits: vi.spyOn(t.app.ctx.payments, 'requestDeposit'),
    payouts: vi.spyOn(t.app.ctx.payments, 'requestPayout'),
  });
  /** Player B's number as people write it: E.164, local, spaced. */
  const formsOf = (phone: string) => [
    phone,
    phone.replace('+254', '0'),
    `+254 ${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`,
  ];

  it("player A's winnings cannot be withdrawn to player B's number: 403, nothing moves", async () => {
    const asked = providerAsked();
    const before = await moneyState(t);
    for (const [i, phone] of [...formsOf(b.phone), '+254700000009'].entries()) {
      const res = await t.walletRequest('withdraw', a, 500, { phone, key: `to-b-${i}-key` });
      expect(res.statusCode, phone).toBe(403);
      expect(json(res)).toEqual(NOT_OWN);
    }
    await t.settlePayments();
    expect(asked.payouts).not.toHaveBeenCalled();
    expect(await moneyState(t)).toBe(before);
    expect(await t.balances(a)).toEqual({ main: 0, withdrawal: 1000, bonus: 0 });
  });

  it("a payment prompt to a stranger's phone is refused before it is sent", async () => {
    const asked = providerAsked();
    const before = await moneyState(t);
    const stranger = '+254799123456';
    for (const [i, phone] of [...formsOf(stranger), b.phone].entries()) {
      const res = await t.walletRequest('deposit', a, 100, { phone, key: `stranger-${i}-key` });
      expect(res.statusCode, phone).toBe(403);
      expect(json(res)).toEqual(NOT_OWN);
    }
    expect(asked.deposits).not.toHaveBeenCalled();
    expect(await moneyState(t)).toBe(before);
  });

  it('the own number in any form, or none, is where the prompt and the payout go', async () => {
    const asked = providerAsked();
    const forms: Array<string | undefined> = [...formsOf(b.phone), undefined];
    for (const [i, phone] of forms.entries()) {
      const body = { amount: 100, currency: 'KES', ...(phone === undefined ? {} : { phone_number: phone }) };
      const res = await t.post('/wallet/deposit', body, { ...b.headers, 'idempotency-key': `own-${i}-key` });
      expect(res.statusCode, String(phone)).toBe(200);
    }
    expect(asked.deposits.mock.calls.map(([req]) => req.phone)).toEqual(forms.map(() => b.phone));
    // A retry that names the number where the first left it out is the same request.
    const again = await t.walletRequest('deposit', b, 100, { phone: b.phone, key: 'own-3-key' });
    expect(again.statusCode).toBe(200);
    expect(asked.deposits).toHaveBeenCalledTimes(4);

    const payout = await t.post(
      '/wallet/withdraw',
      { amount: 100, currency: 'KES' },
      { ...a.headers, 'idempotency-key': 'own-payout-key' },
    );
    expect(payout.statusCode).toBe(200);
    expect(asked.payouts.mock.calls.map(([req]) => req.phone)).toEqual([a.phone]);
    await t.settlePayments();
    expect(await t.balances(a)).toMatchObject({ withdrawal: 900 });
    const rows = await t.app.ctx.database.db
      .selectFrom('wallet_transactions')
      .select('phone_number')
      .execute();
    expect(new Set(rows.map((r) => r.phone_number))).toEqual(new Set([a.phone, b.phone]));
    await t.checkLedger();
  });

  it('a burst of 30 payment prompts sends 5 (DEPOSIT_PROMPTS_PER_MINUTE); the rest are 429 with Retry-After', async () => {
    const c = await t.signedInPlayer();
    const asked = providerAsked();
    const keys = Array.from({ length: 30 }, (_, i) => `burst-${i}-key`);
    const burst = await Promise.all(keys.map((key) => t.walletRequest('deposit', c, 100, { key })));
    const accepted = keys.filter((_, i) => burst[i]!.statusCode === 200);
    const limited = burst.filter((r) => r.statusCode === 429);
    expect(accepted).toHaveLength(5);
    expect(limited).toHaveLength(25);
    for (const res of limited) {
      expect(json(res)).toMatchObject({ code: 'RATE_LIMITED', retry_after_seconds: 60 });
      expect(res.headers['retry-after']).toBe('60');
    }
    expect(asked.deposits).toHaveBeenCalledTimes(5);
    const rows = await t.app.ctx.database.db
      .selectFrom('wallet_transactions')
      .select('idempotency_key')
      .where('user_id', '=', c.userId)
      .execute();
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual([...accepted].sort());

    // Retrying an accepted request is no new prompt: it answers its transaction again.
    const retried = await t.walletRequest('deposit', c, 100, { key: accepted[0] });
    expect(retried.statusCode).toBe(200);
    expect(asked.deposits).toHaveBeenCalledTimes(5);
    expect((await t.walletRequest('deposit', c, 100, { key: 'burst-late-key' })).statusCode).toBe(429);
    // Another player's prompts are theirs to count; the next minute the player may ask again.
    expect((await t.walletRequest('deposit', b, 100, { key: 'b-after-burst-key' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await t.walletRequest('deposit', c, 100, { key: 'burst-late-key' })).statusCode).toBe(200);
    expect(asked.deposits).toHaveBeenCalledTimes(7);
  });
});
