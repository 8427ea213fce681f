/**
 * Money-laundering cases (docs/decisions/043): compliance staff only; open →
 * reviewing → reported or dismissed, each step with who, when and why (a reason is required);
 * the same person cannot close their own high-severity case (four eyes: neither its opener nor
 * its reviewer), while a medium one they may.
 */
import { describe, expect, it } from 'vitest';
import { amlKit, HOUR, KES, THRESHOLD } from '../../aml-kit.js';
import { bearer, DB_MODES, freshPhone, json, type Player, suiteApp } from '../../helpers.js';
import { asStaff, type StaffPlayer, staffSignInFrom } from '../../staff-kit.js';

const T0 = Date.parse('2026-11-20T06:00:00Z');

describe.each(DB_MODES)('money-laundering cases (%s)', (mode) => {
  const staffPhones = [freshPhone(), freshPhone(), freshPhone(), freshPhone(), freshPhone()];
  const t = suiteApp(mode, { AML_SCAN_INTERVAL_MS: '0', COMPLIANCE_PHONES: staffPhones.join(',') });
  const { money, scan, alertsOf } = amlKit(t);
  const staff: Player[] = [];
  const as = (p: Player) => bearer(p.accessToken);
  const staffMember = async (i: number) => {
    if (!staff[i])
      staff[i] = await asStaff(t, await t.signedInPlayer(staffPhones[i], undefined, { identity: false }));
    return staff[i]!;
  };

  /** A player with a large deposit (high) or a stake-little withdrawal (medium): the alert's id. */
  async function alertOf(severity: 'high' | 'medium'): Promise<string> {
    const p = (await t.signedInPlayer()).userId;
    if (severity === 'high') await money(p, 'deposit', THRESHOLD, T0);
    else {
      await money(p, 'deposit', KES(20_000), T0);
      await money(p, 'withdrawal', KES(19_000), T0 + 3 * HOUR);
    }
    await scan();
    const [alert] = await alertsOf(p);
    expect(alert!.severity).toBe(severity);
    return alert!.id;
  }
  const open = async (by: Player, alertId: string, reason = 'Large cash-like deposit, new account') =>
    t.post('/aml/cases', { alert_id: alertId, reason }, as(by));
  const review = (by: Player, id: string, reason = 'Checked source of funds: none given') =>
    t.post(`/aml/cases/${id}/review`, { reason }, as(by));
  const close = (
    by: Player,
    id: string,
    outcome: 'reported' | 'dismissed',
    reason = 'STR filed with the FRC',
  ) => t.post(`/aml/cases/${id}/close`, { outcome, reason }, as(by));

  it('is for compliance staff only: 401 without a token, 403 for a player', async () => {
    const player = await t.signedInPlayer();
    expect((await t.get('/aml/alerts')).statusCode).toBe(401);
    const res = await t.get('/aml/alerts', as(player));
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', error: expect.any(String) });
    expect((await t.get('/aml/alerts', as(await staffMember(0)))).statusCode).toBe(200);
  });

  it('lists alerts with the player, transactions and figures, and the case they are in', async () => {
    const alertId = await alertOf('high');
    const { alerts } = json(await t.get('/aml/alerts', as(await staffMember(0))));
    const alert = alerts.find((a: { id: string }) => a.id === alertId);
    expect(alert).toMatchObject({
      rule: 'large_transaction',
      severity: 'high',
      figures: { amount_cents: THRESHOLD, threshold_cents: THRESHOLD },
      case_id: null,
    });
    expect(alert.transactions).toHaveLength(1);
  });

  it('open → reviewing → reported by a second person, each step with who, when and why', async () => {
    const [a, b] = [await staffMember(0), await staffMember(1)];
    await t.app.ctx.database.db
      .updateTable('users')
      .set({ full_name: 'Baraka Otieno' })
      .where('id', '=', b.userId)
      .execute();
    const alertId = await alertOf('high');
    const opened = await open(a, alertId);
    expect(opened.statusCode, opened.body).toBe(201);
    const id = json(opened).id;
    expect(json(opened)).toMatchObject({ status: 'open', severity: 'high', opened_by: a.userId });
    expect(json(await review(a, id))).toMatchObject({ status: 'reviewing', reviewed_by: a.userId });
    const closed = await close(b, id, 'reported');
    expect(closed.statusCode, closed.body).toBe(200);
    const body = json(closed);
    expect(body).toMatchObject({ status: 'reported', closed_by: b.userId });
    expect(body.steps.map((s: { action: string }) => s.action)).toEqual(['open', 'review', 'report']);
    expect(body.steps.map((s: { actor: string }) => s.actor)).toEqual([a.userId, a.userId, b.userId]);
    expect(body.steps[2]).toMatchObject({
      from_status: 'reviewing',
      to_status: 'reported',
      reason: 'STR filed with the FRC',
    });
    for (const step of body.steps) expect(Date.parse(step.at)).not.toBeNaN();
    // Read as a person would: who by name and phone, the alert with its player, the transactions.
    expect(body.steps[2]).toMatchObject({ actor_name: 'Baraka Otieno', actor_phone: b.phone });
    expect(body.alert).toMatchObject({
      id: alertId,
      rule: 'large_transaction',
      player_phone: expect.any(String),
    });
    expect(body.transactions).toEqual([
      {
        id: body.alert.transactions[0],
        type: 'deposit',
        status: 'completed',
        amount: THRESHOLD,
        currency: 'KES',
        created_at: new Date(T0).toISOString(),
      },
    ]);
    // The alert shows its case; a second case for it is refused.
    const { alerts } = json(await t.get('/aml/alerts', as(a)));
    expect(alerts.find((x: { id: string }) => x.id === alertId)).toMatchObject({
      case_id: id,
      case_status: 'reported',
    });
    expect(json(await open(b, alertId))).toMatchObject({ code: 'CASE_EXISTS' });
  });

  it('four eyes means two people: nobody on the opener’s browser closes a high case (decision 061)', async () => {
    // Two of their own: once b used a's browser, the two are one person for every case after.
    const [a, b, c] = [await staffMember(3), await staffMember(4), await staffMember(2)] as StaffPlayer[];
    const aIn = await staffSignInFrom(t, a!, a!.enrolled);
    // b signs in on a's browser: another account, the same device.
    const bOnA = await staffSignInFrom(t, b!, b!.enrolled, aIn.device);
    const id = json(
      await t.post('/aml/cases', { alert_id: await alertOf('high'), reason: 'Large deposit' }, aIn.headers),
    ).id;
    expect(
      (await t.post(`/aml/cases/${id}/review`, { reason: 'Source of funds asked' }, aIn.headers)).statusCode,
    ).toBe(200);
    const refused = await t.post(
      `/aml/cases/${id}/close`,
      { outcome: 'dismissed', reason: 'Explained' },
      bOnA.headers,
    );
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      code: 'FOUR_EYES_REQUIRED',
      error: expect.stringMatching(/same browser/),
    });
    expect(json(await t.get(`/aml/cases/${id}`, aIn.headers))).toMatchObject({
      status: 'reviewing',
      closed_by: null,
    });
    const done = await close(c!, id, 'dismissed', 'Funds explained by payslips');
    expect(done.statusCode, done.body).toBe(200);
  });

  it('nobody closes a high case about their own account', async () => {
    const [a, b, c] = [await staffMember(0), await staffMember(1), await staffMember(2)];
    await money(c.userId, 'deposit', THRESHOLD, T0);
    await scan();
    const [alert] = await alertsOf(c.userId);
    expect(alert!.severity).toBe('high');
    const id = json(await open(a, alert!.id)).id;
    await review(b, id);
    const refused = await close(c, id, 'dismissed', 'Nothing to see');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      code: 'FOUR_EYES_REQUIRED',
      error: expect.stringMatching(/people it involves/),
    });
    expect(json(await t.get(`/aml/cases/${id}`, as(a)))).toMatchObject({
      status: 'reviewing',
      closed_by: null,
    });
  });

  it('four eyes: the same person cannot close their own high-severity case (opener or reviewer)', async () => {
    const [a, b, c] = [await staffMember(0), await staffMember(1), await staffMember(2)];
    // One person opened and reviewed it: they cannot close it, either way.
    const own = json(await open(a, await alertOf('high'))).id;
    await review(a, own);
    for (const outcome of ['reported', 'dismissed'] as const) {
      const refused = await close(a, own, outcome, 'Closing my own case');
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ code: 'FOUR_EYES_REQUIRED', error: expect.any(String) });
    }
    expect(json(await t.get(`/aml/cases/${own}`, as(a)))).toMatchObject({
      status: 'reviewing',
      closed_by: null,
    });
    // Opened by one, reviewed by another: neither closes it; a third does.
    const shared = json(await open(a, await alertOf('high'))).id;
    await review(b, shared);
    expect((await close(a, shared, 'dismissed', 'Funds explained')).statusCode).toBe(403);
    expect((await close(b, shared, 'dismissed', 'Funds explained')).statusCode).toBe(403);
    const done = await close(c, shared, 'dismissed', 'Funds explained by payslips');
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toMatchObject({ status: 'dismissed', closed_by: c.userId });
    // The refusals are in the case's trail too.
    const steps = json(await t.get(`/aml/cases/${own}`, as(a))).steps;
    expect(steps.map((s: { action: string }) => s.action)).toEqual([
      'open',
      'review',
      'refused_four_eyes',
      'refused_four_eyes',
    ]);
  });

  it('a medium-severity case may be closed by the one who reviewed it', async () => {
    const a = await staffMember(0);
    const id = json(await open(a, await alertOf('medium'))).id;
    await review(a, id);
    const closed = await close(a, id, 'dismissed', 'Player withdrew after a bad session; no pattern');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed)).toMatchObject({ status: 'dismissed', severity: 'medium' });
  });

  it('refuses bad input and wrong steps with 4xx and an error', async () => {
    const [a, b] = [await staffMember(0), await staffMember(1)];
    const alertId = await alertOf('high');
    for (const res of [
      await t.post('/aml/cases', { alert_id: alertId }, as(a)),
      await open(a, alertId, ' '),
      await t.post('/aml/cases', { alert_id: 'nope', reason: 'why not' }, as(a)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toEqual(expect.any(String));
    }
    expect((await open(a, '0190aaaa-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const id = json(await open(a, alertId)).id;
    // Closed before review: 409; reviewed twice: 409; an unknown outcome: 400.
    const early = await close(b, id, 'reported');
    expect(early.statusCode).toBe(409);
    expect(json(early)).toMatchObject({ code: 'INVALID_STATE', error: expect.any(String) });
    await review(a, id);
    expect((await review(b, id)).statusCode).toBe(409);
    expect(
      (await t.post(`/aml/cases/${id}/close`, { outcome: 'archived', reason: 'x y z' }, as(b))).statusCode,
    ).toBe(400);
    expect((await t.post(`/aml/cases/${id}/close`, { outcome: 'reported' }, as(b))).statusCode).toBe(400);
    expect((await t.get('/aml/cases/0190aaaa-0000-7000-8000-000000000000', as(a))).statusCode).toBe(404);
    const list = json(await t.get('/aml/cases', as(a))).cases;
    expect(list.find((c: { id: string }) => c.id === id)).toMatchObject({ status: 'reviewing' });
  });
});
