import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizePhone } from '@mchezo/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { darajaTimestamp } from '../../src/adapters/payments/daraja.js';
import { GatewaySmsSender } from '../../src/adapters/sms/gateway-sms.js';
import { DB_MODES, json, type Player, TAXED, type TestApp } from '../helpers.js';
import { type FakeDaraja, startDarajaApp } from './fake-daraja.js';

// Both databases: money: M-Pesa callbacks move a transaction once, in one transaction.
describe.each(DB_MODES)('M-Pesa Daraja adapter against a fake Daraja (%s)', (mode) => {
  let t: TestApp;
  let fake: FakeDaraja;
  /** The fake's test numbers (fake-daraja.ts); money moves only to and from a player's own phone. */
  const PHONES = ['0711111111', '0722222222', '0733333333', '0744444444', '0755555555'];
  const players = new Map<string, Player>();
  const playerOf = (phone: string) => players.get(phone)!;

  beforeAll(async () => {
    ({ fake, t } = await startDarajaApp(mode));
    for (const phone of PHONES) {
      const p = await t.signedInPlayer(normalizePhone(phone)!);
      await t.creditWinnings(p, 5000);
      players.set(phone, p);
    }
  });
  afterAll(async () => {
    await fake.stop();
    await t.close();
  });

  // Each asks for the player's own phone, written the local way (07…).
  const deposit = (phone: string, amount = 100) =>
    t.walletRequest('deposit', playerOf(phone), amount, { phone });
  const withdraw = (phone: string, amount = 100) =>
    t.walletRequest('withdraw', playerOf(phone), amount, { phone });
  const status = async (phone: string, id: string) => (await t.transaction(playerOf(phone), id)).status;
  const balances = (phone: string) => t.balances(playerOf(phone));

  it('STK push: the success callback completes the deposit and credits main', async () => {
    const res = json(await deposit('0711111111', 250));
    expect(res.status).toBe('pending');
    await fake.flush();
    expect(await status('0711111111', res.transaction_id)).toBe('completed');
    expect((await balances('0711111111')).main).toBe(250);
    const sent = [...fake.stk.values()].at(-1)!;
    expect(sent).toMatchObject({ phone: '254711111111', amount: 250 });
    expect(sent.callback).toMatch(
      new RegExp(
        `/api/v1/payments/callbacks/daraja/${t.env.PAYMENT_CALLBACK_SECRET}/deposit/${res.transaction_id}$`,
      ),
    );
    expect(fake.errors).toEqual([]);
  });

  it('STK push: a cancelled prompt fails the deposit', async () => {
    const res = json(await deposit('0722222222'));
    await fake.flush();
    expect(await status('0722222222', res.transaction_id)).toBe('failed');
    expect((await balances('0722222222')).main).toBe(0);
  });

  it('STK push: an immediate refusal answers failed', async () => {
    const res = json(await deposit('0744444444'));
    expect(res.status).toBe('failed');
    const tx = await t.transaction(playerOf('0744444444'), res.transaction_id);
    expect(tx.failure_reason).toMatch(/Invalid PhoneNumber/);
  });

  it('reconciliation uses the STK query when the callback never came', async () => {
    const res = json(await deposit('0733333333', 40));
    await fake.flush();
    expect(await status('0733333333', res.transaction_id)).toBe('pending');
    t.clock.advance(61_000);
    expect(await t.app.reconciler.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await status('0733333333', res.transaction_id)).toBe('completed');
    expect((await balances('0733333333')).main).toBe(40);
  });

  it('B2C: the Result callback completes a payout', async () => {
    const res = json(await withdraw('0711111111', 1000));
    expect(res.status).toBe('pending');
    await fake.flush();
    expect(await status('0711111111', res.transaction_id)).toBe('completed');
    expect((await balances('0711111111')).withdrawal).toBe(4000);
    const b2c = fake.b2c.at(-1)!;
    expect(b2c).toMatchObject({
      OriginatorConversationID: res.transaction_id,
      CommandID: 'BusinessPayment',
      Amount: 1000,
      PartyB: '254711111111',
    });
  });

  it('B2C: a failed Result reverses the payout; a queue timeout leaves it pending (never pay and refund)', async () => {
    const failed = json(await withdraw('0722222222', 500));
    const timedOut = json(await withdraw('0755555555', 300));
    await fake.flush();
    expect(await status('0722222222', failed.transaction_id)).toBe('reversed');
    expect(await status('0755555555', timedOut.transaction_id)).toBe('pending');
    expect((await balances('0722222222')).withdrawal).toBe(5000);
    expect((await balances('0755555555')).withdrawal).toBe(4700);
    const kinds = async (id: string) =>
      (
        await t.app.ctx.database.db
          .selectFrom('ledger_entries')
          .select('kind')
          .where('ref_id', '=', id)
          .execute()
      )
        .map((e) => e.kind)
        .sort();
    expect(await kinds(failed.transaction_id)).toEqual(['withdrawal', 'withdrawal_reversal']);
    // Transaction Status (asked by reconciliation) says the queued payout went through.
    t.clock.advance(61_000);
    await t.app.reconciler.runOnce();
    await fake.flush();
    expect(fake.statusQueries.at(-1)).toMatchObject({
      CommandID: 'TransactionStatusQuery',
      OriginatorConversationID: timedOut.transaction_id,
      IdentifierType: '4',
    });
    expect(await status('0755555555', timedOut.transaction_id)).toBe('completed');
    expect(await kinds(timedOut.transaction_id)).toEqual(['withdrawal']);
    expect((await balances('0755555555')).withdrawal).toBe(4700);
  });

  it('B2C: a payout whose Result never came is resolved by Transaction Status', async () => {
    const res = json(await withdraw('0733333333', 100));
    await fake.flush();
    expect(await status('0733333333', res.transaction_id)).toBe('pending');
    t.clock.advance(61_000);
    await t.app.reconciler.runOnce();
    await fake.flush();
    expect(await status('0733333333', res.transaction_id)).toBe('completed');
    expect((await balances('0733333333')).withdrawal).toBe(4900);
  });

  it('reuses the OAuth token across calls and keeps the books exact', async () => {
    expect(fake.oauthCalls).toBe(1);
    expect(fake.errors).toEqual([]);
    await t.checkLedger();
  });

  it('a refused payout is reversed at once', async () => {
    const res = json(await withdraw('0744444444', 100));
    expect(res.status).toBe('reversed');
    expect((await balances('0744444444')).withdrawal).toBe(5000);
  });
});

describe.each(DB_MODES)('taxed payments through a fake Daraja (%s)', (mode) => {
  let t: TestApp;
  let fake: FakeDaraja;

  beforeAll(async () => {
    ({ fake, t } = await startDarajaApp(mode, TAXED));
  });
  afterAll(async () => {
    await fake.stop();
    await t.close();
  });

  it('asks the gross deposit by STK push and the net payout by B2C; results with those amounts settle', async () => {
    const p = await t.signedInPlayer('+254711111111');
    await t.creditWinnings(p, 1000);
    const d = json(await t.walletRequest('deposit', p, 1000, { phone: '0711111111' }));
    const w = json(await t.walletRequest('withdraw', p, 1000, { phone: '0711111111' }));
    await fake.flush();
    expect(fake.b2c.at(-1)).toMatchObject({ OriginatorConversationID: w.transaction_id, Amount: 950 });
    expect((await t.transaction(p, d.transaction_id)).status).toBe('completed');
    expect((await t.transaction(p, w.transaction_id)).status).toBe('completed');
    expect(await t.balances(p)).toEqual({ main: 950, withdrawal: 0, bonus: 0 });
    await t.checkLedger();
  });
});

describe('Daraja helpers and the SMS gateway adapter', () => {
  it('formats the timestamp in East Africa Time', () => {
    expect(darajaTimestamp(new Date('2026-01-31T21:30:05Z'))).toBe('20260201003005');
  });

  it("sends through Africa's Talking's messaging API shape", async () => {
    const seen: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        const to = new URLSearchParams(body).get('to');
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            SMSMessageData: {
              Message: 'Sent to 1/1 Total Cost: KES 0.8000',
              Recipients: [
                to === '+254700000009'
                  ? {
                      statusCode: 403,
                      number: to,
                      status: 'InvalidPhoneNumber',
                      cost: '0',
                      messageId: 'None',
                    }
                  : {
                      statusCode: 101,
                      number: to,
                      status: 'Success',
                      cost: 'KES 0.8000',
                      messageId: 'ATPid_1',
                    },
              ],
            },
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/version1/messaging`;
    try {
      const sms = new GatewaySmsSender({ url, username: 'sandbox', apiKey: 'at-key', senderId: 'MCHEZO' });
      await sms.send('+254712345678', 'Your code is 123456');
      const form = new URLSearchParams(seen[0]!.body);
      expect(seen[0]!.headers.apikey).toBe('at-key');
      expect(form.get('username')).toBe('sandbox');
      expect(form.get('to')).toBe('+254712345678');
      expect(form.get('from')).toBe('MCHEZO');
      await expect(sms.send('+254700000009', 'x')).rejects.toThrow(/InvalidPhoneNumber/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
