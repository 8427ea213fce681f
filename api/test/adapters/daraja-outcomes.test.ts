/**
 * What a Daraja answer may do to money (docs/decisions/014-payment-outcomes-and-review.md):
 * documented success and failure settle; anything else leaves the transaction pending for the
 * provider to be asked; mismatches and contradictions go to review; callbacks that settle
 * nothing are kept. Bodies are the documented STK callback and B2C Result shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, type TestApp } from '../helpers.js';
import { type FakeDaraja, startDarajaApp } from './fake-daraja.js';

const SILENT = '0733333333'; // the fake sends no callback; STK Query and Transaction Status say success
const MISSING = Symbol('missing');
const MALFORMED: Array<[string, unknown]> = [
  ['null', null],
  ['""', ''],
  ['false', false],
  ['[]', []],
  ['"abc"', 'abc'],
  ['missing', MISSING],
  ['undocumented 17', 17],
];

function stkBody(checkout: string, code: unknown, meta?: { amount?: number; phone?: number }) {
  const cb: Record<string, unknown> = {
    MerchantRequestID: '29115-34620561-1',
    CheckoutRequestID: checkout,
    ResultDesc: 'The service request is processed successfully.',
  };
  if (code !== MISSING) cb.ResultCode = code;
  if (meta)
    cb.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: meta.amount },
        { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: 20191219102115 },
        { Name: 'PhoneNumber', Value: meta.phone },
      ],
    };
  return { Body: { stkCallback: cb } };
}

function b2cBody(txId: string, conversation: string, code: unknown, amount?: number) {
  const r: Record<string, unknown> = {
    ResultType: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: txId,
    ConversationID: conversation,
    TransactionID: 'NLJ41HAY6Q',
  };
  if (code !== MISSING) r.ResultCode = code;
  if (amount !== undefined)
    r.ResultParameters = {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: amount },
        { Key: 'TransactionReceipt', Value: 'NLJ41HAY6Q' },
      ],
    };
  return { Result: r };
}

// Both databases: money: every M-Pesa outcome moves the ledger once, in one transaction.
describe.each(DB_MODES)('Daraja outcomes: success, failure, unknown, review (%s)', (mode) => {
  let t: TestApp;
  let fake: FakeDaraja;
  // Money moves only to and from a player's own phone: p's is the fake's silent number, q's
  // one it answers at once.
  let p: Player;
  let q: Player;
  const PHONE = 254733333333;

  beforeAll(async () => {
    ({ fake, t } = await startDarajaApp(mode, {
      DARAJA_TIMEOUT_MS: '2000',
      // The test clock moves on by hours; the player's token must outlive it.
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    }));
    p = await t.signedInPlayer('+254733333333');
    await t.creditWinnings(p, 100_000);
    q = await t.signedInPlayer('+254711111111');
    await t.creditWinnings(q, 100_000);
  });
  afterAll(async () => {
    await fake.stop();
    await t.close();
  });

  const db = () => t.app.ctx.database.db;
  const url = (kind: string, id?: string) =>
    `/payments/callbacks/daraja/${t.env.PAYMENT_CALLBACK_SECRET}/${kind}${id ? `/${id}` : ''}`;
  const row = (id: string) =>
    db().selectFrom('wallet_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ledgerKinds = async (id: string) =>
    (await db().selectFrom('ledger_entries').select('kind').where('ref_id', '=', id).execute())
      .map((e) => e.kind)
      .sort();
  /** A deposit the fake leaves without a callback: its id and CheckoutRequestID. */
  const silentDeposit = async (amount = 100) => {
    const res = json(await t.walletRequest('deposit', p, amount, { phone: SILENT }));
    const r = await row(res.transaction_id);
    return { id: r.id, checkout: r.provider_ref! };
  };
  const silentPayout = async (amount = 100) => {
    const res = json(await t.walletRequest('withdraw', p, amount, { phone: SILENT }));
    const r = await row(res.transaction_id);
    return { id: r.id, conversation: r.provider_ref! };
  };
  const reconcile = async () => {
    t.clock.advance(61_000);
    await t.app.reconciler.runOnce();
    await fake.flush();
  };

  it.each(MALFORMED)(
    'STK ResultCode %s leaves the deposit pending; STK Query settles it',
    async (_n, code) => {
      const before = (await t.balances(p)).main;
      const d = await silentDeposit();
      const res = await t.post(
        url('deposit', d.id),
        stkBody(d.checkout, code, { amount: 100, phone: PHONE }),
      );
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
      expect((await row(d.id)).status).toBe('pending');
      expect((await t.balances(p)).main).toBe(before);
      await reconcile();
      expect((await row(d.id)).status).toBe('completed');
      expect((await t.balances(p)).main).toBe(before + 100);
    },
  );

  it.each(MALFORMED)(
    'B2C ResultCode %s leaves the payout pending and reserved; Transaction Status completes it',
    async (_n, code) => {
      const before = (await t.balances(p)).withdrawal;
      const w = await silentPayout();
      expect((await t.post(url('payout', w.id), b2cBody(w.id, w.conversation, code, 100))).statusCode).toBe(
        200,
      );
      expect((await row(w.id)).status).toBe('pending');
      expect((await t.balances(p)).withdrawal).toBe(before - 100);
      await reconcile();
      expect((await row(w.id)).status).toBe('completed');
      expect(await ledgerKinds(w.id)).toEqual(['withdrawal']);
    },
  );

  it('"0" as a string is success; documented failure codes fail with their reason', async () => {
    const ok = await silentDeposit(50);
    await t.post(url('deposit', ok.id), stkBody(ok.checkout, '0', { amount: 50, phone: PHONE }));
    expect((await row(ok.id)).status).toBe('completed');
    for (const code of [1, 1032, 1037, 2001, 1025, '1032']) {
      const d = await silentDeposit();
      await t.post(url('deposit', d.id), {
        Body: {
          stkCallback: { CheckoutRequestID: d.checkout, ResultCode: code, ResultDesc: `desc ${code}` },
        },
      });
      expect(await row(d.id)).toMatchObject({ status: 'failed', failure_reason: `desc ${code}` });
    }
    const w = await silentPayout();
    await t.post(url('payout', w.id), b2cBody(w.id, w.conversation, 2001));
    expect((await row(w.id)).status).toBe('reversed');
    expect(await ledgerKinds(w.id)).toEqual(['withdrawal', 'withdrawal_reversal']);
  });

  it('an STK success with another amount or phone goes to review with both values; nothing is credited', async () => {
    const before = (await t.balances(p)).main;
    const a = await silentDeposit(100);
    const body = stkBody(a.checkout, 0, { amount: 10, phone: PHONE });
    await t.post(url('deposit', a.id), body);
    await t.post(url('deposit', a.id), body); // a duplicate makes no second review
    expect((await row(a.id)).status).toBe('review');
    expect((await t.transaction(p, a.id)).status).toBe('pending');
    const reviews = await db()
      .selectFrom('payment_reviews')
      .selectAll()
      .where('transaction_id', '=', a.id)
      .execute();
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ reason: 'AMOUNT_MISMATCH', status_before: 'pending' });
    expect(JSON.parse(reviews[0]!.expected)).toMatchObject({ amount_minor: 10_000, phone: '+254733333333' });
    expect(JSON.parse(reviews[0]!.reported)).toMatchObject({ amount_minor: 1_000 });
    expect(JSON.parse(reviews[0]!.raw_callback!)).toEqual(body);

    const b = await silentDeposit(100);
    await t.post(url('deposit', b.id), stkBody(b.checkout, 0, { amount: 100, phone: 254799999999 }));
    expect((await row(b.id)).status).toBe('review');
    const rb = await db()
      .selectFrom('payment_reviews')
      .selectAll()
      .where('transaction_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(rb.reason).toBe('PHONE_MISMATCH');
    expect(JSON.parse(rb.reported)).toMatchObject({ phone: '+254799999999' });
    expect((await t.balances(p)).main).toBe(before);
    // Reconciliation leaves transactions in review to the operators.
    await reconcile();
    expect((await row(a.id)).status).toBe('review');
  });

  it('a B2C Result with another TransactionAmount goes to review; the reserve stays', async () => {
    const w = await silentPayout(200);
    await t.post(url('payout', w.id), b2cBody(w.id, w.conversation, 0, 2000));
    expect((await row(w.id)).status).toBe('review');
    expect(await ledgerKinds(w.id)).toEqual(['withdrawal']);
  });

  it('a callback posted to the other kind settles nothing and is kept', async () => {
    const d = await silentDeposit();
    const stk = stkBody(d.checkout, 0, { amount: 100, phone: PHONE });
    expect((await t.post(url('payout', d.id), stk)).statusCode).toBe(200);
    expect((await t.post(url('payout', d.id), b2cBody(d.id, d.checkout, 0, 100))).statusCode).toBe(200);
    expect((await row(d.id)).status).toBe('pending');
    const w = await silentPayout();
    await t.post(url('deposit', w.id), b2cBody(w.id, w.conversation, 2001));
    expect((await row(w.id)).status).toBe('pending');
    const kept = await db()
      .selectFrom('payment_callbacks')
      .selectAll()
      .where('reason', '=', 'WRONG_KIND')
      .execute();
    expect(kept.map((k) => k.transaction_id).sort()).toEqual([d.id, d.id, w.id].sort());
  });

  it('a result contradicting a settled transaction goes to review; repeats and late unknowns change nothing', async () => {
    const d = await silentDeposit();
    const ok = stkBody(d.checkout, 0, { amount: 100, phone: PHONE });
    await t.post(url('deposit', d.id), ok);
    await t.post(url('deposit', d.id), ok);
    await t.post(url('deposit', d.id), stkBody(d.checkout, null));
    expect((await row(d.id)).status).toBe('completed');
    expect(await ledgerKinds(d.id)).toEqual(['deposit']);
    await t.post(url('deposit', d.id), stkBody(d.checkout, 1032));
    expect((await row(d.id)).status).toBe('review');
    expect(await ledgerKinds(d.id)).toEqual(['deposit']);

    // Out of order: the Result, then its QueueTimeOut, then a contradicting failure.
    const w = await silentPayout();
    await t.post(url('payout', w.id), b2cBody(w.id, w.conversation, 0, 100));
    await t.post(url('payout-timeout', w.id), b2cBody(w.id, w.conversation, 1));
    expect((await row(w.id)).status).toBe('completed');
    await t.post(url('payout', w.id), b2cBody(w.id, w.conversation, 2001));
    expect((await row(w.id)).status).toBe('review');
    expect(await ledgerKinds(w.id)).toEqual(['withdrawal']);
  });

  it('a callback that matches no transaction is kept once, answered 200', async () => {
    const body = stkBody('ws_CO_unknown', 0, { amount: 100, phone: PHONE });
    expect((await t.post(url('deposit'), body)).statusCode).toBe(200);
    expect((await t.post(url('deposit'), body)).statusCode).toBe(200);
    const kept = await db()
      .selectFrom('payment_callbacks')
      .selectAll()
      .where('provider_ref', '=', 'ws_CO_unknown')
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ reason: 'NO_TRANSACTION', kind: 'deposit' });
    expect(JSON.parse(kept[0]!.body)).toEqual(body);
    expect((await t.post(url('deposit'), { hello: 1 })).statusCode).toBe(400);
  });

  it('an STK push that times out stays pending; the player pays and the late callback credits once', async () => {
    fake.failNext = 'timeout';
    fake.holdCallbacks = true;
    const res = json(await t.walletRequest('deposit', q, 70, { phone: '0711111111' }));
    expect(res.status).toBe('pending');
    expect((await row(res.transaction_id)).provider_ref).toBeNull();
    await reconcile(); // no CheckoutRequestID to query: still pending, not failed
    expect((await row(res.transaction_id)).status).toBe('pending');
    await fake.release(); // the player approved: the callback names the deposit in its URL
    expect(await row(res.transaction_id)).toMatchObject({ status: 'completed' });
    expect((await row(res.transaction_id)).provider_ref).toMatch(/^ws_CO_/);
    const late = [...fake.stk.entries()].at(-1)!;
    await t.post(
      new URL(late[1].callback).pathname.replace('/api/v1', ''),
      stkBody(late[0], 0, { amount: 70, phone: 254711111111 }),
    );
    const credits = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('ref_id', '=', res.transaction_id)
      .execute();
    expect(credits.map((e) => [e.kind, e.pot, e.amount])).toEqual([['deposit', 'main', 7_000]]);
  });

  it('a 5xx or a reset connection leaves deposits and payouts pending', async () => {
    fake.failNext = 503;
    expect(json(await t.walletRequest('deposit', p, 10, { phone: SILENT })).status).toBe('pending');
    fake.failNext = 'reset';
    expect(json(await t.walletRequest('deposit', p, 10, { phone: SILENT })).status).toBe('pending');
    fake.failNext = 'timeout';
    fake.holdCallbacks = true;
    const w = json(await t.walletRequest('withdraw', q, 100, { phone: '0711111111' }));
    expect(w.status).toBe('pending');
    expect((await row(w.transaction_id)).provider_ref).toBeNull();
    await fake.release(); // the payout went through: its Result names our id
    expect((await row(w.transaction_id)).status).toBe('completed');
    expect(await ledgerKinds(w.transaction_id)).toEqual(['withdrawal']);
  });

  it('a transaction unresolved past RECONCILE_REVIEW_AFTER_SECONDS goes to review', async () => {
    fake.failNext = 'timeout';
    fake.holdCallbacks = true;
    const res = json(await t.walletRequest('deposit', p, 10, { phone: SILENT }));
    fake.holdCallbacks = false;
    t.clock.advance(3_601_000);
    await t.app.reconciler.runOnce();
    expect((await row(res.transaction_id)).status).toBe('review');
    const r = await db()
      .selectFrom('payment_reviews')
      .selectAll()
      .where('transaction_id', '=', res.transaction_id)
      .executeTakeFirstOrThrow();
    expect(r.reason).toBe('UNRESOLVED');
    await t.checkLedger();
  });
});
