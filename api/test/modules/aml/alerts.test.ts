/**
 * The money-laundering alerts list (docs/decisions/043): filtered by rule, severity, the case's
 * status and the player (part of a phone or a name) in the API, a page at a time with a keyset
 * cursor, each alert with the player's name and phone; bad input is refused with 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { amlKit, HOUR, KES, THRESHOLD } from '../../aml-kit.js';
import { bearer, DB_MODES, freshPhone, json, type Player, suiteApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';

const T0 = Date.parse('2026-11-20T06:00:00Z');
const PAGE = 50;

interface Listed {
  id: string;
  rule: string;
  severity: string;
  user_id: string;
  player_name: string | null;
  player_phone: string;
  case_status: string | null;
}

describe.each(DB_MODES)('money-laundering alerts list (%s)', (mode) => {
  const staffPhone = freshPhone();
  const t = suiteApp(mode, { AML_SCAN_INTERVAL_MS: '0', COMPLIANCE_PHONES: staffPhone });
  const { money, scan, db } = amlKit(t);
  let staff: Player;
  /** A large deposit (high, large_transaction), a stake-little withdrawal (medium), many large deposits. */
  let large: Player;
  let little: Player;
  let many: Player;
  const name = `Zawadi Kiprono ${process.pid}`;

  const list = async (query: string) => {
    const res = await t.get(`/aml/alerts${query}`, bearer(staff.accessToken));
    expect(res.statusCode, res.body).toBe(200);
    return json(res) as { alerts: Listed[]; next_cursor: string | null };
  };
  const ids = (alerts: Listed[]) => alerts.map((a) => a.id);

  beforeAll(async () => {
    staff = await asStaff(t, await t.signedInPlayer(staffPhone, undefined, { identity: false }));
    large = await t.signedInPlayer();
    little = await t.signedInPlayer();
    many = await t.signedInPlayer();
    await db().updateTable('users').set({ full_name: name }).where('id', '=', large.userId).execute();
    await money(large.userId, 'deposit', THRESHOLD, T0);
    await money(little.userId, 'deposit', KES(20_000), T0);
    await money(little.userId, 'withdrawal', KES(19_000), T0 + 3 * HOUR);
    for (let i = 0; i <= PAGE; i++) await money(many.userId, 'deposit', THRESHOLD, T0 + i * 60_000);
    await scan();
  });

  it('lists each alert with the player name and phone', async () => {
    const { alerts } = await list(`?player=${encodeURIComponent(large.phone)}`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      rule: 'large_transaction',
      severity: 'high',
      user_id: large.userId,
      player_name: name,
      player_phone: large.phone,
      case_status: null,
    });
  });

  it('filters by rule, severity and player (phone digits with a 0 prefix, or part of the name)', async () => {
    const byRule = await list('?rule=stake_little');
    expect(byRule.alerts.length).toBeGreaterThan(0);
    expect(byRule.alerts.every((a) => a.rule === 'stake_little')).toBe(true);
    expect(byRule.alerts.map((a) => a.user_id)).toContain(little.userId);

    const medium = await list('?severity=medium');
    expect(medium.alerts.every((a) => a.severity === 'medium')).toBe(true);
    expect(medium.alerts.map((a) => a.user_id)).toContain(little.userId);
    expect(medium.alerts.map((a) => a.user_id)).not.toContain(large.userId);

    const local = `0${large.phone.slice(4)}`;
    expect((await list(`?player=${local}`)).alerts.map((a) => a.user_id)).toEqual([large.userId]);
    const byName = await list(`?player=${encodeURIComponent(`kiprono ${process.pid}`.toUpperCase())}`);
    expect(byName.alerts.map((a) => a.user_id)).toEqual([large.userId]);
    // Filters combine: the large deposit's player has no medium alert.
    expect((await list(`?player=${local}&severity=medium`)).alerts).toEqual([]);
  });

  it("filters by the case's status: none before a case, its status after", async () => {
    const player = `player=${encodeURIComponent(little.phone)}`;
    const [alert] = (await list(`?${player}&rule=stake_little`)).alerts;
    expect(ids((await list(`?status=none&${player}`)).alerts)).toContain(alert!.id);
    const opened = await t.post(
      '/aml/cases',
      { alert_id: alert!.id, reason: 'Deposit withdrawn unplayed' },
      bearer(staff.accessToken),
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const open = await list(`?status=open&${player}`);
    expect(ids(open.alerts)).toEqual([alert!.id]);
    expect(open.alerts[0]!.case_status).toBe('open');
    expect(ids((await list(`?status=none&${player}`)).alerts)).not.toContain(alert!.id);
    expect((await list('?status=reported')).alerts.every((a) => a.case_status === 'reported')).toBe(true);
  });

  it('pages newest first with a cursor, each alert once', async () => {
    const player = `?player=${encodeURIComponent(many.phone)}`;
    const first = await list(player);
    expect(first.alerts).toHaveLength(PAGE);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await list(`${player}&cursor=${first.next_cursor}`);
    expect(second.alerts).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const all = [...first.alerts, ...second.alerts];
    expect(new Set(ids(all)).size).toBe(PAGE + 1);
    const stored = await db()
      .selectFrom('aml_alerts')
      .select('id')
      .where('user_id', '=', many.userId)
      .execute();
    expect(new Set(ids(all))).toEqual(new Set(stored.map((r) => r.id)));
  });

  it('refuses bad filters and cursors with 400 and an error', async () => {
    for (const query of [
      '?rule=not_a_rule',
      '?severity=low',
      '?status=closed',
      '?player=ab',
      '?cursor=not%20a%20cursor',
      '?cursor=bm90LWpzb24',
      '?limit=500',
      '?colour=red',
    ]) {
      const res = await t.get(`/aml/alerts${query}`, bearer(staff.accessToken));
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(json(res).error, query).toEqual(expect.any(String));
    }
    const cursor = await t.get('/aml/alerts?cursor=bm90LWpzb24', bearer(staff.accessToken));
    expect(json(cursor).code).toBe('INVALID_CURSOR');
  });
});
