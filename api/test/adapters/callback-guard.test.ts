/**
 * Payment callbacks are accepted only from the provider's addresses when
 * PAYMENT_CALLBACK_ALLOWED_IPS is set, and the callback secret can be rotated with two valid at
 * once (docs/decisions/032-secrets-proxies-production.md: with the secret,
 * a forged C2B confirmation credited money nobody paid and a forged STK callback completed a
 * deposit never paid).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PaybillService } from '../../src/modules/wallet/paybill.service.js';
import { callbackBaseUrl } from '../../src/modules/wallet/payments.service.js';
import { DB_MODES, json, type Player, suiteApp, type TestApp } from '../helpers.js';

let receipts = 0;
/** A C2B confirmation of `amount` KES for `account`, as Daraja sends it. */
const confirmation = (account: string, amount = 500) => ({
  TransactionType: 'Pay Bill',
  TransID: `TGC${String(process.pid % 1000).padStart(3, '0')}${String(++receipts).padStart(4, '0')}`,
  TransTime: '20261201102115',
  TransAmount: `${amount}.00`,
  BusinessShortCode: '174379',
  BillRefNumber: account,
  MSISDN: '254708374149',
  FirstName: 'John',
});

/** Posts a C2B confirmation for the player's account, as sent from `from` (and through proxies). */
async function confirm(
  t: TestApp,
  player: Player,
  options: { secret?: string; from?: string; forwardedFor?: string } = {},
) {
  const account = json(await t.get('/wallet/paybill', player.headers)).account_number;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/c2b/simulator/${options.secret ?? t.env.PAYMENT_CALLBACK_SECRET}/confirmation`,
    payload: confirmation(account),
    remoteAddress: options.from ?? '127.0.0.1',
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });
}

describe.each(DB_MODES)('payment callbacks from the provider addresses only (%s)', (mode) => {
  const t = suiteApp(mode, {
    // Documentation ranges stand in for Safaricom's; the API sits behind a proxy in 10/8.
    PAYMENT_CALLBACK_ALLOWED_IPS: '198.51.100.0/24, 2001:db8::/32, 192.0.2.7',
    TRUST_PROXY: '10.0.0.0/8',
  });

  it('refuses a C2B confirmation from elsewhere with 403, even with the secret, and credits nothing', async () => {
    const player = await t.signedInPlayer();
    for (const from of ['203.0.113.9', '127.0.0.1', '192.0.2.8', '2001:db9::1']) {
      const res = await confirm(t, player, { from });
      expect(res.statusCode, from).toBe(403);
      expect(json(res)).toEqual({
        error: 'Callbacks are accepted from the payment provider only',
        code: 'CALLBACK_SOURCE_REFUSED',
      });
    }
    expect(await t.balances(player)).toEqual({ main: 0, withdrawal: 0, bonus: 0 });
    expect(await t.app.ctx.database.db.selectFrom('paybill_payments').selectAll().execute()).toEqual([]);
  });

  it('accepts it from the listed addresses and ranges, IPv4 and IPv6', async () => {
    const player = await t.signedInPlayer();
    for (const from of ['198.51.100.23', '192.0.2.7', '2001:db8::5', '::ffff:198.51.100.24'])
      expect((await confirm(t, player, { from })).statusCode, from).toBe(200);
    expect((await t.balances(player)).main).toBe(2000);
  });

  it('refuses an STK callback from elsewhere: the deposit stays pending', async () => {
    const player = await t.signedInPlayer();
    // The simulator's own callback waits for settlePayments(), which this test never calls.
    const deposit = json(await t.walletRequest('deposit', player, 300));
    const stk = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/payments/callbacks/simulator/${t.env.PAYMENT_CALLBACK_SECRET}/deposit/${deposit.transaction_id}`,
        payload: { provider_ref: `SIM-${deposit.transaction_id}`, result_code: 0, result_desc: 'ok' },
        remoteAddress: from,
      });
    expect((await stk('203.0.113.9')).statusCode).toBe(403);
    expect((await t.transaction(player, deposit.transaction_id)).status).toBe('pending');
    expect((await t.balances(player)).main).toBe(0);
    expect((await stk('198.51.100.23')).statusCode).toBe(200);
    expect((await t.transaction(player, deposit.transaction_id)).status).toBe('completed');
  });

  it('believes X-Forwarded-For only from the trusted proxy', async () => {
    const player = await t.signedInPlayer();
    const forged = await confirm(t, player, { from: '203.0.113.9', forwardedFor: '198.51.100.23' });
    expect(forged.statusCode).toBe(403);
    const proxied = await confirm(t, player, { from: '10.1.2.3', forwardedFor: '198.51.100.23' });
    expect(proxied.statusCode).toBe(200);
    const proxiedStranger = await confirm(t, player, { from: '10.1.2.3', forwardedFor: '203.0.113.9' });
    expect(proxiedStranger.statusCode).toBe(403);
    expect((await t.balances(player)).main).toBe(500);
  });
});

describe.each(DB_MODES)('rotating the callback secret (%s)', (mode) => {
  const OLD = randomBytes(32).toString('base64url');
  const NEW = randomBytes(32).toString('base64url');
  const during = suiteApp(mode, { PAYMENT_CALLBACK_SECRET: NEW, PAYMENT_CALLBACK_SECRET_PREVIOUS: OLD });
  const after = suiteApp(mode, { PAYMENT_CALLBACK_SECRET: NEW });

  it('during the rotation: URLs handed out carry the new secret, and both are accepted', async () => {
    expect(callbackBaseUrl(during.env, 'simulator')).toContain(`/${NEW}`);
    expect(new PaybillService(during.app.ctx, during.env).c2bUrl('confirmation')).toContain(`/${NEW}/`);
    expect(callbackBaseUrl(during.env, 'simulator')).not.toContain(OLD);
    const player = await during.signedInPlayer();
    expect((await confirm(during, player, { secret: OLD })).statusCode).toBe(200);
    expect((await confirm(during, player, { secret: NEW })).statusCode).toBe(200);
    expect(
      (await confirm(during, player, { secret: randomBytes(32).toString('base64url') })).statusCode,
    ).toBe(403);
    expect((await during.balances(player)).main).toBe(1000);
  });

  it('once the previous secret is dropped, a URL with it is refused and credits nothing', async () => {
    const player = await after.signedInPlayer();
    const res = await confirm(after, player, { secret: OLD });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('INVALID_CALLBACK');
    expect((await after.balances(player)).main).toBe(0);
    expect((await confirm(after, player, { secret: NEW })).statusCode).toBe(200);
    expect((await after.balances(player)).main).toBe(500);
  });
});
