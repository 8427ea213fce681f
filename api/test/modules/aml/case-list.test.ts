/**
 * The money-laundering cases list (docs/decisions/043): filtered by status
 * (`active`: open or reviewing), rule, severity and the player (part of a phone or a name), a page
 * of 50 at a time with a keyset cursor on the time each case was opened, oldest first by default
 * (the desk's queue) or newest first; each case with its rule, player, opener and last step; bad
 * input 400 with an error; compliance only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { amlKit, HOUR, KES, THRESHOLD } from '../../aml-kit.js';
import { DB_MODES, json, type Player, suiteApp } from '../../helpers.js';
import { expectRefusals, type StaffByRole, staffOfEachRole } from '../../staff-access-kit.js';
import { staffHeaders } from '../../staff-kit.js';

const T0 = Date.parse('2026-11-20T06:00:00Z');
const PAGE = 50;

interface Row {
  id: string;
  alert_id: string;
  status: string;
  severity: string;
  rule: string;
  user_id: string;
  player_name: string | null;
  player_phone: string;
  opened_at: string;
  opened_by: string;
  opened_by_name: string | null;
  opened_by_phone: string | null;
  last_step_at: string;
}

// Both databases: SQL: case search with LIKE patterns, whose case rules differ between engines.
describe.each(DB_MODES)('money-laundering cases list (%s)', (mode) => {
  const t = suiteApp(mode, { AML_SCAN_INTERVAL_MS: '0' });
  const { money, scan, alertsOf, db } = amlKit(t);
  let staff: StaffByRole;
  /** A large deposit (high, open), a stake-little withdrawal (medium, reported), 51 large deposits (open). */
  let large: Player;
  let little: Player;
  let many: Player;
  const name = `Wanjiru Chebet ${process.pid}`;
  const officer = `Amina Officer ${process.pid}`;
  const as = () => staffHeaders(staff.compliance.token);

  const list = async (query: string) => {
    const res = await t.get(`/aml/cases${query}`, as());
    expect(res.statusCode, res.body).toBe(200);
    return json(res) as { cases: Row[]; next_cursor: string | null };
  };
  /** Every page of `query`, following the cursors. */
  const allPages = async (query: string) => {
    const pages = [await list(query)];
    while (pages.at(-1)!.next_cursor) pages.push(await list(`${query}&cursor=${pages.at(-1)!.next_cursor}`));
    return pages;
  };
  const ids = (rows: Row[]) => rows.map((r) => r.id);
  const step = async (path: string, body: object) => {
    const res = await t.post(path, { reason: 'Checked by the compliance desk', ...body }, as());
    expect(res.statusCode, res.body).toBeLessThan(300);
    return json(res) as { id: string };
  };
  const openCase = async (alertId: string) => (await step('/aml/cases', { alert_id: alertId })).id;

  beforeAll(async () => {
    staff = await staffOfEachRole(t);
    const users = db().updateTable('users');
    await users.set({ full_name: officer }).where('id', '=', staff.compliance.player.userId).execute();
    [large, little, many] = [await t.signedInPlayer(), await t.signedInPlayer(), await t.signedInPlayer()];
    await users.set({ full_name: name }).where('id', '=', large.userId).execute();
    await money(large.userId, 'deposit', THRESHOLD, T0);
    await money(little.userId, 'deposit', KES(20_000), T0);
    await money(little.userId, 'withdrawal', KES(19_000), T0 + 3 * HOUR);
    for (let i = 0; i <= PAGE; i++) await money(many.userId, 'deposit', THRESHOLD, T0 + i * 60_000);
    await scan();
    await openCase((await alertsOf(large.userId))[0]!.id);
    const medium = await openCase((await alertsOf(little.userId))[0]!.id);
    t.clock.advance(60_000);
    await step(`/aml/cases/${medium}/review`, {});
    await step(`/aml/cases/${medium}/close`, { outcome: 'reported' });
    // Two cases opened at each moment: the id orders cases opened in the same millisecond.
    for (const [i, alert] of (await alertsOf(many.userId)).entries()) {
      if (i % 2 === 0) t.clock.advance(1_000);
      await openCase(alert.id);
    }
  });

  it('lists each case with its rule, the player, who opened it and its last step', async () => {
    const [open] = (await list(`?player=${encodeURIComponent(large.phone)}`)).cases;
    expect(open).toMatchObject({
      status: 'open',
      severity: 'high',
      rule: 'large_transaction',
      user_id: large.userId,
      player_name: name,
      player_phone: large.phone,
      opened_by: staff.compliance.player.userId,
      opened_by_name: officer,
      opened_by_phone: staff.compliance.player.phone,
    });
    expect(open!.last_step_at).toBe(open!.opened_at);
    const [reported] = (await list(`?player=${encodeURIComponent(little.phone)}`)).cases;
    expect(reported).toMatchObject({ status: 'reported', severity: 'medium', rule: 'stake_little' });
    expect(Date.parse(reported!.last_step_at) - Date.parse(reported!.opened_at)).toBe(60_000);
  });

  it('filters by status (active: open or reviewing), rule, severity and player', async () => {
    const littleQ = `player=${encodeURIComponent(little.phone)}`;
    const largeQ = `player=${encodeURIComponent(large.phone)}`;
    expect((await list(`?status=reported&${littleQ}`)).cases).toHaveLength(1);
    expect((await list(`?status=open&${littleQ}`)).cases).toEqual([]);
    expect((await list(`?status=active&${littleQ}`)).cases).toEqual([]);
    expect((await list(`?status=active&${largeQ}`)).cases).toHaveLength(1);
    expect((await list(`?status=reported&${largeQ}`)).cases).toEqual([]);
    const active = (await list('?status=active')).cases;
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((c) => c.status === 'open' || c.status === 'reviewing')).toBe(true);
    const dismissed = (await list('?status=dismissed')).cases;
    expect(dismissed.every((c) => c.status === 'dismissed')).toBe(true);

    const byRule = (await list('?rule=stake_little&order=newest')).cases;
    expect(byRule.every((c) => c.rule === 'stake_little')).toBe(true);
    expect(byRule.map((c) => c.user_id)).toContain(little.userId);
    const medium = (await list('?severity=medium&order=newest')).cases;
    expect(medium.every((c) => c.severity === 'medium')).toBe(true);
    expect(medium.map((c) => c.user_id)).toContain(little.userId);
    expect((await list(`?severity=medium&${largeQ}`)).cases).toEqual([]);

    const local = `0${large.phone.slice(4)}`;
    expect((await list(`?player=${local}`)).cases.map((c) => c.user_id)).toEqual([large.userId]);
    const byName = await list(`?player=${encodeURIComponent(`CHEBET ${process.pid}`)}`);
    expect(byName.cases.map((c) => c.user_id)).toEqual([large.userId]);
    expect((await list('?player=%2B%2B%2B')).cases).toEqual([]);
  });

  it('pages oldest first (and newest first), 50 a page, each case once', async () => {
    const player = `?player=${encodeURIComponent(many.phone)}&status=active`;
    const oldest = await allPages(player);
    expect(oldest.map((p) => p.cases.length)).toEqual([PAGE, 1]);
    const all = oldest.flatMap((p) => p.cases);
    const stored = await db()
      .selectFrom('aml_cases')
      .select('id')
      .where('user_id', '=', many.userId)
      .execute();
    expect(new Set(ids(all))).toEqual(new Set(stored.map((r) => r.id)));
    expect(new Set(ids(all)).size).toBe(PAGE + 1);
    const times = all.map((c) => Date.parse(c.opened_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeLessThan(times.at(-1)!);

    const newest = (await allPages(`${player}&order=newest`)).flatMap((p) => p.cases);
    expect(ids(newest)).toEqual(ids(all).reverse());
  });

  it('keeps paging right while cases move: the order is by opening, which never changes', async () => {
    const player = `?player=${encodeURIComponent(many.phone)}`;
    const first = await list(player);
    const firstOfNext = (await list(`${player}&cursor=${first.next_cursor}`)).cases[0]!;
    await step(`/aml/cases/${first.cases[0]!.id}/review`, {});
    await step(`/aml/cases/${firstOfNext.id}/review`, {});
    const again = await list(`${player}&cursor=${first.next_cursor}`);
    expect(again.cases[0]).toMatchObject({ id: firstOfNext.id, status: 'reviewing' });
    expect(ids(again.cases)).not.toContain(first.cases[0]!.id);
  });

  it('refuses bad filters and cursors with 400 and an error', async () => {
    for (const query of [
      '?status=closed',
      '?status=none',
      '?rule=not_a_rule',
      '?severity=low',
      '?player=ab',
      '?order=random',
      '?cursor=not%20a%20cursor',
      '?cursor=bm90LWpzb24',
      '?limit=10',
      '?colour=red',
    ]) {
      const res = await t.get(`/aml/cases${query}`, as());
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(json(res).error, query).toEqual(expect.any(String));
    }
    expect(json(await t.get('/aml/cases?cursor=bm90LWpzb24', as())).code).toBe('INVALID_CURSOR');
  });

  it('answers compliance only', async () => {
    const url = `/aml/cases?status=active&order=newest&player=${encodeURIComponent(large.phone)}`;
    await expectRefusals(t, [['GET', url, undefined]], {
      staff,
      player: large,
      refused: ['support', 'finance', 'release_manager', 'admin'],
    });
    expect((await list(url.slice('/aml/cases'.length))).cases).toHaveLength(1);
  });
});
