/**
 * Tax rates by date (docs/decisions/040-tax-rates-by-date.md): the environment's rates are the
 * first rows; a payments operator schedules a change for tomorrow; a transaction books the rate in
 * force when it is made (the clock is injected); the month's report is split at the change; a
 * cancelled change stays listed as cancelled and is never in force.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, freshPhone, json, type Player, suiteApp, TAXED, type TestApp } from '../../helpers.js';
import { asStaff, type StaffPlayer, signInAgain } from '../../staff-kit.js';

/** Epoch ms of a Kenyan wall-clock time (UTC+3). */
const eat = (y: number, m: number, d: number, h = 0, min = 0, s = 0) =>
  Date.UTC(y, m - 1, d, h, min, s) - 3 * 3_600_000;

/** Moves the clock forward to `at`, then signs the players in again (tokens expire). */
async function moveTo(t: TestApp, at: number, ...players: Player[]) {
  expect(at).toBeGreaterThan(t.clock.now());
  t.clock.set(at);
  for (const p of players) {
    if ('enrolled' in p) {
      await signInAgain(t, p as StaffPlayer);
      continue;
    }
    const login = json(await t.post('/auth/login', { phone: p.phone, password: p.password }));
    p.headers = { authorization: `Bearer ${login.access_token}` };
  }
}

// Both databases: SQL: the rate in force at a time, chosen by date comparison in SQL.
describe.each(DB_MODES)('tax rates by date (%s)', (mode) => {
  const operatorPhone = freshPhone();
  const t = suiteApp(mode, { ...TAXED, FINANCE_PHONES: operatorPhone });
  const TODAY = eat(2026, 11, 10, 9);
  const TOMORROW = '2026-11-11T00:00:00+03:00';
  let op: Player;
  let p: Player;
  beforeAll(async () => {
    t.clock.set(TODAY);
    op = await asStaff(t, await t.signedInPlayer(operatorPhone));
    p = await t.signedInPlayer();
    // Enrolling and signing in took two 30-second steps of the clock: back to the morning.
    t.clock.set(TODAY);
  });
  const schedule = (body: Record<string, unknown>, headers = op.headers) =>
    t.post('/finance/tax-rates', { note: 'Finance Act 2026', ...body }, headers);

  it("starts from the environment's rates, shown to operators only", async () => {
    const rates = json(await t.get('/finance/tax-rates', op.headers));
    expect(rates.in_force).toEqual({ excise: 500, withholding: 500 });
    expect(rates.rates).toMatchObject([
      {
        kind: 'excise',
        rate_bp: 500,
        effective_from: null,
        status: 'in_force',
        created_by: 'environment',
        created_by_name: null,
      },
      {
        kind: 'withholding',
        rate_bp: 500,
        effective_from: null,
        status: 'in_force',
        created_by: 'environment',
      },
    ]);
    expect((await t.get('/finance/tax-rates', p.headers)).statusCode).toBe(403);
    expect((await t.get('/finance/tax-rates')).statusCode).toBe(401);
  });

  it('refuses a change in the past, too soon, with a bad rate or kind, twice, or by a player', async () => {
    const refused = async (body: Record<string, unknown>, status: number, code?: string) => {
      const res = await schedule(body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(typeof json(res).error).toBe('string');
      if (code) expect(json(res).code).toBe(code);
    };
    const ok = { kind: 'excise', rate_bp: 1000, effective_from: '2026-12-01T00:00:00+03:00' };
    await refused({ ...ok, effective_from: '2026-11-09T00:00:00+03:00' }, 422, 'NOT_IN_FUTURE');
    await refused({ ...ok, effective_from: new Date(TODAY).toISOString() }, 422, 'NOT_IN_FUTURE');
    await refused({ ...ok, effective_from: new Date(TODAY + 30_000).toISOString() }, 422, 'NOT_IN_FUTURE');
    for (const rate_bp of [-1, 10_001, 5.5, '500', null]) await refused({ ...ok, rate_bp }, 400);
    await refused({ ...ok, kind: 'vat' }, 400);
    await refused({ ...ok, effective_from: '2026-12-01' }, 400);
    await refused({ ...ok, effective_from: 'tomorrow' }, 400);
    await refused({ ...ok, note: '' }, 400);
    await refused({ ...ok, extra: 1 }, 400);
    expect((await schedule(ok, p.headers)).statusCode).toBe(403);
    expect((await t.post('/finance/tax-rates', { ...ok, note: 'no token' })).statusCode).toBe(401);
    // Nothing was kept.
    expect(json(await t.get('/finance/tax-rates', op.headers)).rates).toHaveLength(2);
  });

  it("a change scheduled for tomorrow: today's transactions book the old rate, tomorrow's the new", async () => {
    // Finance reads who set a rate by name (the operator's account gives one).
    await t.app.ctx.database.db
      .updateTable('users')
      .set({ full_name: 'Akinyi Finance' })
      .where('phone', '=', operatorPhone)
      .execute();
    const excise = await schedule({ kind: 'excise', rate_bp: 1000, effective_from: TOMORROW });
    expect(excise.statusCode, excise.body).toBe(201);
    expect(json(excise)).toMatchObject({
      kind: 'excise',
      rate_bp: 1000,
      effective_from: '2026-11-10T21:00:00.000Z',
      status: 'scheduled',
      created_by: operatorPhone,
      created_by_name: 'Akinyi Finance',
    });
    // The list names who set it as the answer did.
    const setter = json(await t.get('/finance/tax-rates', op.headers)).rates.find(
      (r: { id: string }) => r.id === json(excise).id,
    );
    expect(setter.created_by_name).toBe('Akinyi Finance');
    const withholding = await schedule({ kind: 'withholding', rate_bp: 2000, effective_from: TOMORROW });
    expect(withholding.statusCode, withholding.body).toBe(201);
    const again = await schedule({ kind: 'excise', rate_bp: 1500, effective_from: TOMORROW });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('ALREADY_SCHEDULED');
    const [audit] = json(await t.get('/finance/audit?limit=1', op.headers)).entries;
    expect(audit).toMatchObject({
      actor: operatorPhone,
      action: 'finance.tax_rate_scheduled',
      subject_type: 'tax_rate',
      subject_id: json(withholding).id,
      before: { kind: 'withholding', rate_bp: 500 },
      after: { kind: 'withholding', rate_bp: 2000, effective_from: '2026-11-10T21:00:00.000Z' },
      note: 'Finance Act 2026',
    });
    const listed = json(await t.get('/finance/tax-rates', op.headers));
    // Each rate with the note it was scheduled with; the environment's first rates have none.
    expect(listed.rates.map((r: { note: string | null }) => r.note)).toEqual([
      null,
      'Finance Act 2026',
      null,
      'Finance Act 2026',
    ]);
    expect(listed.in_force).toEqual({ excise: 500, withholding: 500 });
    expect(listed.rates.map((r: { status: string }) => r.status)).toEqual([
      'in_force',
      'scheduled',
      'in_force',
      'scheduled',
    ]);

    // Today: 5% on a deposit of 1,000 and on a withdrawal of 100.
    expect(json(await t.get('/wallet/tax-preview?type=deposit&amount=1000', p.headers))).toMatchObject({
      tax_rate_bp: 500,
      tax_amount: 50,
    });
    const today = json(await t.walletRequest('deposit', p, 1000));
    await t.settlePayments();
    await t.creditWinnings(p, 300);
    const w1 = json(await t.walletRequest('withdraw', p, 100));
    await t.settlePayments();
    expect(await t.transaction(p, today.transaction_id)).toMatchObject({ tax_amount: 50, net_amount: 950 });
    expect(await t.transaction(p, w1.transaction_id)).toMatchObject({ tax_amount: 5, net_amount: 95 });

    // Made 30 s before the change, settled after it: the rate it was made at.
    await moveTo(t, eat(2026, 11, 10, 23, 59, 30), p);
    const late = json(await t.walletRequest('deposit', p, 200));
    await moveTo(t, eat(2026, 11, 11, 0, 0, 30), p);
    await t.settlePayments();
    expect(await t.transaction(p, late.transaction_id)).toMatchObject({
      status: 'completed',
      tax_amount: 10,
    });

    // Tomorrow: 10% excise, 20% withholding.
    await moveTo(t, eat(2026, 11, 11, 10), p, op);
    expect(json(await t.get('/wallet/tax-preview?type=deposit&amount=1000', p.headers))).toMatchObject({
      tax_rate_bp: 1000,
      tax_amount: 100,
      net_amount: 900,
    });
    const next = json(await t.walletRequest('deposit', p, 1000));
    const w2 = json(await t.walletRequest('withdraw', p, 100));
    await t.settlePayments();
    expect(await t.transaction(p, next.transaction_id)).toMatchObject({ tax_amount: 100, net_amount: 900 });
    expect(await t.transaction(p, w2.transaction_id)).toMatchObject({ tax_amount: 20, net_amount: 80 });
    expect(await t.balances(p)).toEqual({ main: 950 + 190 + 900, withdrawal: 100, bonus: 0 });
    expect(json(await t.get('/finance/tax-rates', op.headers)).in_force).toEqual({
      excise: 1000,
      withholding: 2000,
    });
    await t.checkLedger();
  });

  it("splits the month's report at the change, each line with its rate and sums", async () => {
    const month = json(
      await t.get('/finance/tax-report?period=month&from=2026-11-01&to=2026-11-30', op.headers),
    );
    const totals = {
      excise_base_cents: 220_000,
      excise_duty_cents: 16_000,
      withholding_base_cents: 20_000,
      withholding_tax_cents: 2_500,
    };
    expect(month.rows).toEqual([{ period: '2026-11', ...totals }]);
    expect(month.totals).toEqual(totals);
    expect(month.rate_periods).toEqual([
      {
        period: '2026-11',
        kind: 'excise',
        from: '2026-11-01T00:00:00+03:00',
        to: '2026-11-11T00:00:00+03:00',
        rate_bp: 500,
        base_cents: 120000,
        tax_cents: 6000,
      },
      {
        period: '2026-11',
        kind: 'excise',
        from: '2026-11-11T00:00:00+03:00',
        to: '2026-12-01T00:00:00+03:00',
        rate_bp: 1000,
        base_cents: 100000,
        tax_cents: 10000,
      },
      {
        period: '2026-11',
        kind: 'withholding',
        from: '2026-11-01T00:00:00+03:00',
        to: '2026-11-11T00:00:00+03:00',
        rate_bp: 500,
        base_cents: 10000,
        tax_cents: 500,
      },
      {
        period: '2026-11',
        kind: 'withholding',
        from: '2026-11-11T00:00:00+03:00',
        to: '2026-12-01T00:00:00+03:00',
        rate_bp: 2000,
        base_cents: 10000,
        tax_cents: 2000,
      },
    ]);
    const csv = await t.get(
      '/finance/tax-report?period=month&from=2026-11-01&to=2026-11-30&format=csv&by=rate',
      op.headers,
    );
    expect(csv.body).toBe(
      [
        'period,kind,from,to,rate_bp,base,tax',
        '2026-11,excise,2026-11-01T00:00:00+03:00,2026-11-11T00:00:00+03:00,500,1200.00,60.00',
        '2026-11,excise,2026-11-11T00:00:00+03:00,2026-12-01T00:00:00+03:00,1000,1000.00,100.00',
        '2026-11,withholding,2026-11-01T00:00:00+03:00,2026-11-11T00:00:00+03:00,500,100.00,5.00',
        '2026-11,withholding,2026-11-11T00:00:00+03:00,2026-12-01T00:00:00+03:00,2000,100.00,20.00',
        '',
      ].join('\n'),
    );

    // By day: the deposit made on the 10th and booked on the 11th counts on the 11th at 5%.
    const day = json(await t.get('/finance/tax-report?period=day&from=2026-11-11&to=2026-11-11', op.headers));
    expect(day.rows).toEqual([
      {
        period: '2026-11-11',
        excise_base_cents: 120000,
        excise_duty_cents: 11000,
        withholding_base_cents: 10000,
        withholding_tax_cents: 2000,
      },
    ]);
    expect(day.rate_periods).toEqual([
      {
        period: '2026-11-11',
        kind: 'excise',
        from: null,
        to: '2026-11-11T00:00:00+03:00',
        rate_bp: 500,
        base_cents: 20000,
        tax_cents: 1000,
      },
      {
        period: '2026-11-11',
        kind: 'excise',
        from: '2026-11-11T00:00:00+03:00',
        to: '2026-11-12T00:00:00+03:00',
        rate_bp: 1000,
        base_cents: 100000,
        tax_cents: 10000,
      },
      {
        period: '2026-11-11',
        kind: 'withholding',
        from: '2026-11-11T00:00:00+03:00',
        to: '2026-11-12T00:00:00+03:00',
        rate_bp: 2000,
        base_cents: 10000,
        tax_cents: 2000,
      },
    ]);
    // A month without a change: one line per tax.
    const october = json(
      await t.get('/finance/tax-report?period=month&from=2026-10-01&to=2026-10-31', op.headers),
    );
    expect(october.rate_periods).toEqual([
      {
        period: '2026-10',
        kind: 'excise',
        from: '2026-10-01T00:00:00+03:00',
        to: '2026-11-01T00:00:00+03:00',
        rate_bp: 500,
        base_cents: 0,
        tax_cents: 0,
      },
      {
        period: '2026-10',
        kind: 'withholding',
        from: '2026-10-01T00:00:00+03:00',
        to: '2026-11-01T00:00:00+03:00',
        rate_bp: 500,
        base_cents: 0,
        tax_cents: 0,
      },
    ]);
  });

  it('cancels a scheduled change while it is a minute ahead, audited and listed; never one in force', async () => {
    const DECEMBER = '2026-12-15T00:00:00+03:00';
    const december = json(await schedule({ kind: 'excise', rate_bp: 1500, effective_from: DECEMBER }));
    const cancel = (id: string, headers = op.headers, note = 'entered by mistake') =>
      t.post(`/finance/tax-rates/${id}/cancel`, { note }, headers);
    expect((await cancel(december.id, p.headers)).statusCode).toBe(403);
    expect((await cancel(december.id, op.headers, '')).statusCode).toBe(400);
    const cancelledAt = new Date(t.clock.now()).toISOString();
    const ok = await cancel(december.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toEqual({ id: december.id, cancelled: true });
    const [audit] = json(await t.get('/finance/audit?limit=1', op.headers)).entries;
    expect(audit).toMatchObject({
      action: 'finance.tax_rate_cancelled',
      subject_id: december.id,
      before: { kind: 'excise', rate_bp: 1500 },
      after: { kind: 'excise', rate_bp: 1000 },
      note: 'entered by mistake',
    });
    // Cancelled again (a repeated request): refused, saying so; nothing changes.
    const again = await cancel(december.id);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'ALREADY_CANCELLED' });
    expect((await cancel('01a21b26-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect(typeof json(again).error).toBe('string');

    // Still listed, as cancelled: who set it and why, who cancelled it, when and why.
    const listed = json(await t.get('/finance/tax-rates', op.headers));
    expect(listed.rates.find((r: { id: string }) => r.id === december.id)).toEqual({
      id: december.id,
      kind: 'excise',
      rate_bp: 1500,
      effective_from: '2026-12-14T21:00:00.000Z',
      status: 'cancelled',
      created_by: operatorPhone,
      created_by_name: 'Akinyi Finance',
      created_at: december.created_at,
      note: 'Finance Act 2026',
      cancelled_at: cancelledAt,
      cancelled_by: operatorPhone,
      cancelled_by_name: 'Akinyi Finance',
      cancel_note: 'entered by mistake',
    });
    expect(listed.in_force).toEqual({ excise: 1000, withholding: 2000 });

    // The instant is free again (tax_rates' unique key never sees the cancelled one); at one
    // instant the cancelled change is listed before the one scheduled after it.
    const replacement = await schedule({ kind: 'excise', rate_bp: 1200, effective_from: DECEMBER });
    expect(replacement.statusCode, replacement.body).toBe(201);
    type Listed = { id: string; kind: string; rate_bp: number; status: string };
    const byKind = (rates: Listed[]) => rates.map((r) => `${r.kind} ${r.rate_bp} ${r.status}`);
    expect(byKind(json(await t.get('/finance/tax-rates', op.headers)).rates)).toEqual([
      'excise 500 past',
      'excise 1000 in_force',
      'excise 1500 cancelled',
      'excise 1200 scheduled',
      'withholding 500 past',
      'withholding 2000 in_force',
    ]);
    // Cancelled too: a second cancelled change of the kind at the same instant is kept.
    expect((await cancel(json(replacement).id, op.headers, 'the Act was withdrawn')).statusCode).toBe(200);
    const rates = json(await t.get('/finance/tax-rates', op.headers)).rates as Listed[];
    expect(byKind(rates)).toEqual([
      'excise 500 past',
      'excise 1000 in_force',
      'excise 1500 cancelled',
      'excise 1200 cancelled',
      'withholding 500 past',
      'withholding 2000 in_force',
    ]);
    expect(rates[3]).toMatchObject({ id: json(replacement).id, cancel_note: 'the Act was withdrawn' });

    // No rate in force or past can be cancelled, nor a cancelled one again.
    for (const r of rates) {
      const res = await cancel(r.id);
      expect(res.statusCode).toBe(409);
      expect(json(res).code).toBe(r.status === 'cancelled' ? 'ALREADY_CANCELLED' : 'NOT_SCHEDULED');
    }
    expect(json(await t.get('/finance/tax-rates', op.headers)).rates).toHaveLength(rates.length);

    // At the cancelled instant and after it, the rate in force is still the one before: a
    // transaction books 10%, not 15% or 12%.
    await moveTo(t, eat(2026, 12, 15), p, op);
    expect(json(await t.get('/finance/tax-rates', op.headers)).in_force).toEqual({
      excise: 1000,
      withholding: 2000,
    });
    expect(json(await t.get('/wallet/tax-preview?type=deposit&amount=1000', p.headers))).toMatchObject({
      tax_rate_bp: 1000,
      tax_amount: 100,
    });
    await moveTo(t, eat(2026, 12, 15, 12), p);
    const deposit = json(await t.walletRequest('deposit', p, 1000));
    await t.settlePayments();
    expect(await t.transaction(p, deposit.transaction_id)).toMatchObject({
      status: 'completed',
      tax_amount: 100,
      net_amount: 900,
    });
    await t.checkLedger();
  });
});
