import { beforeAll, describe, expect, it } from 'vitest';
import { DarajaPaymentProvider } from '../../../src/adapters/payments/daraja.js';
import { luhnDigit, readAccountNumber } from '../../../src/modules/wallet/paybill-account.js';
import { DB_MODES, freshPhone, json, type Player, suiteApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';

let receipts = 0;
/** A fresh M-Pesa receipt number (10 characters, as Safaricom's). */
const receipt = () =>
  `TGR${String(process.pid % 1000).padStart(3, '0')}${String(++receipts).padStart(4, '0')}`;

/** The confirmation body as Daraja documents it (strings throughout). */
const confirmation = (account: string, amount: unknown, over: Record<string, unknown> = {}) => ({
  TransactionType: 'Pay Bill',
  TransID: receipt(),
  TransTime: '20261201102115',
  TransAmount: amount,
  BusinessShortCode: '174379',
  BillRefNumber: account,
  InvoiceNumber: '',
  OrgAccountBalance: '49197.00',
  ThirdPartyTransID: '',
  MSISDN: '254708374149',
  FirstName: 'John',
  ...over,
});

describe('Paybill account numbers', () => {
  it('are 8 digits with a Luhn check digit; typos and swaps are malformed, separators are dropped', () => {
    expect(luhnDigit('7992739871')).toBe('3');
    const ok = `1234567${luhnDigit('1234567')}`;
    expect(readAccountNumber(ok)).toBe(ok);
    expect(readAccountNumber(` ${ok.slice(0, 4)}-${ok.slice(4)} `)).toBe(ok);
    expect(readAccountNumber(Number(ok))).toBe(ok);
    expect(readAccountNumber(`2${ok.slice(1)}`)).toBeNull();
    expect(readAccountNumber(`2134567${ok.slice(-1)}`)).toBeNull();
    for (const bad of ['', 'ABC', `0${ok.slice(1)}`, `${ok}1`, null, undefined, {}]) {
      expect(readAccountNumber(bad)).toBeNull();
    }
  });
});

// Both databases: money: Paybill payments and the suspense account, kept once under repeats.
describe.each(DB_MODES)('Paybill (C2B) deposits (%s)', (mode) => {
  const operatorPhone = freshPhone();
  const t = suiteApp(mode, { FINANCE_PHONES: operatorPhone, SIMULATOR_TEST_CONTROL: 'true' });
  let op: Player;
  beforeAll(async () => {
    op = await asStaff(t, await t.signedInPlayer(operatorPhone));
  });
  const c2b = (kind: string, body: unknown, secret = t.env.PAYMENT_CALLBACK_SECRET, provider = 'simulator') =>
    t.post(`/payments/c2b/${provider}/${secret}/${kind}`, body);
  const accountOf = async (p: Player) => json(await t.get('/wallet/paybill', p.headers)).account_number;
  const paybillRows = () => t.app.ctx.database.db.selectFrom('paybill_payments').selectAll().execute();
  const paybillTxs = async (p: Player) =>
    (
      json(await t.get('/wallet/transactions', p.headers)).transactions as { payment_method: string }[]
    ).filter((x) => x.payment_method === 'paybill');

  it('gives each player a stable account number and the configured paybill', async () => {
    expect((await t.get('/wallet/paybill')).statusCode).toBe(401);
    const a = await t.signedInPlayer();
    const b = await t.signedInPlayer();
    const res = await t.get('/wallet/paybill', a.headers);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.paybill_number).toBe('174379');
    expect(body.account_number).toMatch(/^[1-9]\d{7}$/);
    expect(readAccountNumber(body.account_number)).toBe(body.account_number);
    const [again, other] = await Promise.all([accountOf(a), accountOf(b)]);
    expect(again).toBe(body.account_number);
    expect(other).not.toBe(body.account_number);
  });

  it('credits a documented confirmation once, as a completed paybill deposit', async () => {
    const p = await t.signedInPlayer();
    const account = await accountOf(p);
    const body = confirmation(account, '150.00');
    const res = await c2b('confirmation', body);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect((await t.balances(p)).main).toBe(150);
    const [tx] = await paybillTxs(p);
    expect(tx).toMatchObject({
      type: 'deposit',
      status: 'completed',
      amount: 150,
      payment_method: 'paybill',
    });

    // Redelivered, one after the other and at once: still one credit.
    expect((await c2b('confirmation', body)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 5 }, () => c2b('confirmation', body)));
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await t.balances(p)).main).toBe(150);
    expect(await paybillTxs(p)).toHaveLength(1);
    expect((await paybillRows()).filter((r) => r.trans_id === body.TransID)).toHaveLength(1);
    await t.checkLedger();
  });

  it('reads amounts as Daraja sends them: strings with decimals, whole strings, numbers', async () => {
    const p = await t.signedInPlayer();
    const account = await accountOf(p);
    for (const amount of ['1500.50', '100', ' 99.9 ', 250, 0.5]) {
      expect((await c2b('confirmation', confirmation(account, amount))).statusCode).toBe(200);
    }
    expect((await t.balances(p)).main).toBe(1500.5 + 100 + 99.9 + 250 + 0.5);
    await t.checkLedger();
  });

  it('refuses malformed bodies (400) and wrong secrets or providers, moving no money', async () => {
    const p = await t.signedInPlayer();
    const account = await accountOf(p);
    const before = (await paybillRows()).length;
    const bad: unknown[] = [
      {},
      [],
      null,
      confirmation(account, 'abc'),
      confirmation(account, '-5.00'),
      confirmation(account, '0.00'),
      confirmation(account, '10.555'),
      confirmation(account, '1,000.00'),
      confirmation(account, null),
      confirmation(account, '1e3'),
      confirmation(account, '10', { TransID: '' }),
      confirmation(account, '10', { TransID: 'bad id!' }),
      confirmation(account, '10', { TransID: undefined }),
      confirmation(account, '10', { BusinessShortCode: 'abc' }),
      confirmation(account, '10', { MSISDN: undefined }),
      confirmation(account, '10', { BillRefNumber: { a: 1 } }),
    ];
    for (const body of bad) {
      const res = await c2b('confirmation', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).code).toBe('INVALID_CALLBACK_BODY');
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/c2b/simulator/${t.env.PAYMENT_CALLBACK_SECRET}/confirmation`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await t.post(`/payments/c2b/simulator/${t.env.PAYMENT_CALLBACK_SECRET}/confirmation`)).statusCode,
    ).toBe(400);
    expect((await c2b('confirmation', confirmation(account, '10'), 'x'.repeat(43))).statusCode).toBe(403);
    expect((await c2b('confirmation', confirmation(account, '10'), undefined, 'daraja')).statusCode).toBe(
      404,
    );
    expect((await c2b('other', confirmation(account, '10'))).statusCode).toBe(400);
    expect((await paybillRows()).length).toBe(before);
    expect((await t.balances(p)).main).toBe(0);
  });

  it('answers validation with the documented accept and reject codes, storing nothing', async () => {
    const p = await t.signedInPlayer();
    const account = await accountOf(p);
    const before = (await paybillRows()).length;
    expect(json(await c2b('validation', confirmation(account, '100.00')))).toEqual({
      ResultCode: '0',
      ResultDesc: 'Accepted',
    });
    const unknown = `9876543${luhnDigit('9876543')}`;
    expect(json(await c2b('validation', confirmation(unknown, '100.00'))).ResultCode).toBe('C2B00012');
    expect(json(await c2b('validation', confirmation('12345', '100.00'))).ResultCode).toBe('C2B00012');
    expect(json(await c2b('validation', confirmation(account, 'x'))).ResultCode).toBe('C2B00013');
    expect(json(await c2b('validation', {})).ResultCode).toBe('C2B00016');
    expect((await c2b('validation', {}, 'y'.repeat(43))).statusCode).toBe(403);
    expect((await paybillRows()).length).toBe(before);
    expect((await t.balances(p)).main).toBe(0);
  });

  it('keeps unknown and malformed accounts in suspense until an operator assigns them, once, audited', async () => {
    const p = await t.signedInPlayer();
    const account = await accountOf(p);
    const unknown = `8765432${luhnDigit('8765432')}`;
    const typo = `${account.slice(0, 7)}${(Number(account.slice(-1)) + 1) % 10}`;
    const bodies = [
      confirmation(unknown, '300.00'),
      confirmation(typo, '40.00'),
      confirmation('', '5.00'),
      confirmation(account, '7.00', { BusinessShortCode: '600000' }),
    ];
    for (const body of bodies)
      expect(json(await c2b('confirmation', body))).toMatchObject({ ResultCode: '0' });
    expect((await t.balances(p)).main).toBe(0);

    expect((await t.get('/finance/review', p.headers)).statusCode).toBe(403);
    const queue = json(await t.get('/finance/review', op.headers)).paybill as Record<string, unknown>[];
    const mine = bodies.map((b) => queue.find((x) => x.trans_id === b.TransID));
    expect(mine.map((x) => x?.reason)).toEqual([
      'UNKNOWN_ACCOUNT',
      'MALFORMED_ACCOUNT',
      'MALFORMED_ACCOUNT',
      'OTHER_SHORTCODE',
    ]);
    expect(mine[0]).toMatchObject({
      amount: 300,
      currency: 'KES',
      bill_ref: unknown,
      msisdn: '254708374149',
    });
    const id = mine[0]?.paybill_id as string;
    const assign = (body: unknown, who: Player = op) =>
      t.post(`/finance/review/paybill/${id}/assign`, body, who.headers);

    expect((await assign({ account_number: account })).statusCode).toBe(400);
    expect((await assign({ account_number: account, note: 'payer called' }, p)).statusCode).toBe(403);
    expect(json(await assign({ account_number: unknown, note: 'payer called' })).code).toBe(
      'UNKNOWN_ACCOUNT',
    );
    expect(json(await assign({ account_number: typo, note: 'payer called' })).code).toBe('MALFORMED_ACCOUNT');
    // The same TransID delivered again while in suspense: still one payment, nothing credited.
    expect((await c2b('confirmation', bodies[0])).statusCode).toBe(200);

    const [first, second] = await Promise.all([
      assign({ account_number: account, note: 'Payer called: typed an old number' }),
      assign({ account_number: account, note: 'Payer called: typed an old number' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = json(first.statusCode === 200 ? first : second);
    expect(done).toMatchObject({ paybill_id: id, status: 'credited' });
    expect((await t.balances(p)).main).toBe(300);
    const tx = await t.transaction(p, done.transaction_id);
    expect(tx).toMatchObject({ status: 'completed', amount: 300, payment_method: 'paybill' });
    expect(json(await assign({ account_number: account, note: 'again' })).code).toBe('NOT_IN_SUSPENSE');
    expect((await c2b('confirmation', bodies[0])).statusCode).toBe(200);
    expect((await t.balances(p)).main).toBe(300);

    const after = json(await t.get('/finance/review', op.headers)).paybill as { trans_id: string }[];
    expect(after.some((x) => x.trans_id === bodies[0]?.TransID)).toBe(false);
    const audit = (
      json(await t.get('/finance/audit', op.headers)).entries as Record<string, unknown>[]
    ).filter((e) => e.subject_id === id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: operatorPhone,
      action: 'finance.paybill_assigned',
      subject_type: 'paybill_payment',
      before: { status: 'suspense', reason: 'UNKNOWN_ACCOUNT', bill_ref: unknown },
      after: {
        status: 'credited',
        account_number: account,
        transaction_id: done.transaction_id,
        amount: 300,
      },
      note: 'Payer called: typed an old number',
    });
    await t.checkLedger();
  });

  it('assigns a payment in suspense to a player by id, giving one without an account number theirs then', async () => {
    const p = await t.signedInPlayer();
    const held = () =>
      t.app.ctx.database.db
        .selectFrom('paybill_accounts')
        .select('account_number')
        .where('user_id', '=', p.userId)
        .execute();
    // The payer typed their phone, not an account number (they never opened their Paybill details).
    const paid = confirmation('0708374149', '120.00');
    expect(json(await c2b('confirmation', paid))).toMatchObject({ ResultCode: '0' });
    const queue = json(await t.get('/finance/review', op.headers)).paybill as Record<string, unknown>[];
    const id = queue.find((x) => x.trans_id === paid.TransID)?.paybill_id as string;
    const assign = (body: unknown) => t.post(`/finance/review/paybill/${id}/assign`, body, op.headers);
    const note = 'Payer called: typed their phone';

    // One of the two names the player: neither, or both, is 400; an id nobody has is 422.
    const unknown = `8765432${luhnDigit('8765432')}`;
    expect((await assign({ note })).statusCode).toBe(400);
    expect((await assign({ note, player_id: p.userId, account_number: unknown })).statusCode).toBe(400);
    const nobody = await assign({ note, player_id: '0190aaaa-0000-7000-8000-000000000001' });
    expect([nobody.statusCode, json(nobody).code]).toEqual([422, 'UNKNOWN_PLAYER']);
    expect(await held()).toEqual([]);
    expect((await t.balances(p)).main).toBe(0);

    const done = await assign({ note, player_id: p.userId });
    expect(done.statusCode).toBe(200);
    expect((await t.balances(p)).main).toBe(120);
    const [given] = await held();
    expect(given?.account_number).toMatch(/^\d{8}$/);
    // The number their own Paybill page shows from now on, and the one the audit names.
    expect(await accountOf(p)).toBe(given?.account_number);
    const audit = (
      json(await t.get('/finance/audit', op.headers)).entries as Record<string, unknown>[]
    ).filter((e) => e.subject_id === id);
    expect(audit).toMatchObject([
      {
        action: 'finance.paybill_assigned',
        after: { status: 'credited', account_number: given?.account_number, amount: 120 },
        note,
      },
    ]);
    await t.checkLedger();
  });

  it('fakes a Paybill payment through the simulator test route and registers URLs for operators', async () => {
    const p = await t.signedInPlayer();
    const account = await accountOf(p);
    const res = await t.post('/testing/simulator/paybill', { account_number: account, amount: 420.5 });
    expect(res.statusCode).toBe(200);
    expect(json(res).answer).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    const trans_id = json(res).trans_id;
    await t.post('/testing/simulator/paybill', { account_number: account, amount: 420.5, trans_id });
    expect((await t.balances(p)).main).toBe(420.5);
    expect((await t.post('/finance/paybill/register-urls', {}, p.headers)).statusCode).toBe(403);
    const reg = await t.post('/finance/paybill/register-urls', {}, op.headers);
    expect(reg.statusCode).toBe(200);
    expect(json(reg)).toMatchObject({ short_code: '174379', response_type: 'Completed' });
  });
});

describe('Daraja C2B register URL (v2)', () => {
  it('posts the documented request and reads the answer', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const answers = [
      { ResponseCode: '0', ResponseDescription: 'success', OriginatorCoversationID: 'x' },
      { errorCode: '400.003.02', errorMessage: 'Bad Request - Invalid ValidationURL' },
    ];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      if (url.includes('/oauth/'))
        return new Response(JSON.stringify({ access_token: 'tok', expires_in: '3599' }), { status: 200 });
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      const answer = answers.shift();
      return new Response(JSON.stringify(answer), { status: answer?.errorCode ? 400 : 200 });
    }) as typeof fetch;
    const daraja = new DarajaPaymentProvider({
      baseUrl: 'https://daraja.test',
      consumerKey: 'k',
      consumerSecret: 's',
      shortcode: '174379',
      passkey: 'p',
      b2cShortcode: '600000',
      initiatorName: 'testapi',
      securityCredential: 'c',
      timeoutMs: 1000,
      fetch: fakeFetch,
    });
    const urls = {
      shortCode: '600987',
      confirmationUrl: 'https://example.test/api/v1/payments/c2b/daraja/s/confirmation',
      validationUrl: 'https://example.test/api/v1/payments/c2b/daraja/s/validation',
    };
    expect(await daraja.registerC2bUrls(urls)).toEqual({ accepted: true, description: 'success' });
    expect(calls[0]).toEqual({
      url: 'https://daraja.test/mpesa/c2b/v2/registerurl',
      body: {
        ShortCode: '600987',
        ResponseType: 'Completed',
        ConfirmationURL: urls.confirmationUrl,
        ValidationURL: urls.validationUrl,
      },
    });
    expect(await daraja.registerC2bUrls(urls)).toEqual({
      accepted: false,
      reason: 'Bad Request - Invalid ValidationURL',
    });
  });
});
