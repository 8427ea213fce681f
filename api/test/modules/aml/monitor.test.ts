/**
 * Money-laundering monitoring (docs/decisions/043): each rule raises exactly one
 * alert on its pattern and none on the near miss, from the money's own events (the outbox), read
 * by the monitor's job after its own cursor; evaluating the same events again (the job run twice,
 * the cursor rewound as if the process died after the alerts and before the cursor) raises no
 * duplicate.
 */
import { describe, expect, it } from 'vitest';
import { AmlMonitor } from '../../../src/modules/aml/aml-monitor.service.js';
import { amlKit, HOUR, KES, THRESHOLD } from '../../aml-kit.js';
import { DB_MODES, freshPhone, suiteApp } from '../../helpers.js';

const T0 = Date.parse('2026-11-20T06:00:00Z');

// Both databases: SQL: the monitor reads the outbox after its cursor and raises each alert once.
describe.each(DB_MODES)('money-laundering rules (%s)', (mode) => {
  const t = suiteApp(mode, { AML_SCAN_INTERVAL_MS: '0' });
  const { money, scan, stopMonitor, alertsOf, db } = amlKit(t);
  const player = async () => (await t.signedInPlayer()).userId;
  const rules = async (userId: string) => {
    await scan();
    return (await alertsOf(userId)).map((a) => a.rule);
  };

  it('a single deposit at the reporting threshold: one alert with its figures; just below: none', async () => {
    const at = await player();
    const tx = await money(at, 'deposit', THRESHOLD, T0);
    expect(await rules(at)).toEqual(['large_transaction']);
    const [alert] = await alertsOf(at);
    expect(alert!.severity).toBe('high');
    expect(JSON.parse(alert!.transactions)).toEqual([tx]);
    expect(JSON.parse(alert!.figures)).toEqual({
      type: 'deposit',
      amount_cents: THRESHOLD,
      threshold_cents: THRESHOLD,
    });
    expect(Number(alert!.occurred_at)).toBe(T0);

    const below = await player();
    await money(below, 'deposit', THRESHOLD - 1, T0);
    expect(await rules(below)).toEqual([]);
  });

  it('a single withdrawal at the threshold raises it too', async () => {
    const p = await player();
    // Staked well over the share and withdrawn after the rapid window: only the large rule.
    await money(p, 'deposit', THRESHOLD - KES(1), T0);
    await money(p, 'bet', KES(500_000), T0 + 60_000);
    await money(p, 'win', KES(600_000), T0 + 120_000);
    await money(p, 'withdrawal', THRESHOLD, T0 + 3 * HOUR);
    expect(await rules(p)).toEqual(['large_transaction']);
  });

  it('structuring: three deposits below the threshold within 24 h reaching it, once per episode', async () => {
    const p = await player();
    const part = KES(350_000);
    const ids = [
      await money(p, 'deposit', part, T0),
      await money(p, 'deposit', part, T0 + HOUR),
      await money(p, 'deposit', part, T0 + 2 * HOUR),
    ];
    await money(p, 'deposit', part, T0 + 3 * HOUR);
    expect(await rules(p)).toEqual(['structuring']);
    const [alert] = await alertsOf(p);
    expect(JSON.parse(alert!.transactions)).toEqual(ids);
    expect(JSON.parse(alert!.figures)).toMatchObject({
      deposits: 3,
      sum_cents: 3 * part,
      threshold_cents: THRESHOLD,
    });

    // Near misses: the sum just short, and the same deposits spread over more than 24 h.
    const short = await player();
    for (let i = 0; i < 3; i++) await money(short, 'deposit', KES(333_333), T0 + i * HOUR);
    const spread = await player();
    for (let i = 0; i < 3; i++) await money(spread, 'deposit', part, T0 + i * 13 * HOUR);
    expect(await rules(short)).toEqual([]);
    expect(await rules(spread)).toEqual([]);
  });

  it('deposit, stake little, withdraw: staked under the share; at the share: none', async () => {
    const p = await player();
    await money(p, 'deposit', KES(20_000), T0);
    await money(p, 'bet', KES(1_000), T0 + 600_000);
    await money(p, 'withdrawal', KES(18_000), T0 + 3 * HOUR);
    expect(await rules(p)).toEqual(['stake_little']);
    expect(JSON.parse((await alertsOf(p))[0]!.figures)).toMatchObject({
      deposited_cents: KES(20_000),
      staked_cents: KES(1_000),
      withdrawn_cents: KES(18_000),
      max_stake_bp: 1000,
    });

    const near = await player();
    await money(near, 'deposit', KES(20_000), T0);
    await money(near, 'bet', KES(2_000), T0 + 600_000);
    await money(near, 'withdrawal', KES(18_000), T0 + 3 * HOUR);
    expect(await rules(near)).toEqual([]);
  });

  it('rapid in-and-out: most of a deposit out within the hour; after it: none', async () => {
    const p = await player();
    await money(p, 'deposit', KES(20_000), T0);
    await money(p, 'bet', KES(10_000), T0 + 60_000);
    await money(p, 'win', KES(10_000), T0 + 120_000);
    await money(p, 'withdrawal', KES(17_000), T0 + 30 * 60_000);
    expect(await rules(p)).toEqual(['rapid_in_out']);
    expect(JSON.parse((await alertsOf(p))[0]!.figures)).toMatchObject({
      deposited_cents: KES(20_000),
      withdrawn_cents: KES(17_000),
      minutes_between: 30,
    });

    const near = await player();
    await money(near, 'deposit', KES(20_000), T0);
    await money(near, 'bet', KES(10_000), T0 + 60_000);
    await money(near, 'win', KES(10_000), T0 + 120_000);
    await money(near, 'withdrawal', KES(17_000), T0 + 61 * 60_000);
    expect(await rules(near)).toEqual([]);
  });

  it('one payout number used by two accounts: one alert; one account using it twice: none', async () => {
    const phone = freshPhone();
    const [a, b] = [await player(), await player()];
    for (const p of [a, b]) await money(p, 'deposit', KES(1_000), T0);
    await money(a, 'withdrawal', KES(500), T0 + HOUR, phone);
    const second = await money(b, 'withdrawal', KES(500), T0 + 2 * HOUR, phone);
    await money(b, 'withdrawal', KES(100), T0 + 3 * HOUR, phone);
    expect(await rules(a)).toEqual([]);
    expect(await rules(b)).toEqual(['shared_payout_phone']);
    const [alert] = await alertsOf(b);
    expect(JSON.parse(alert!.figures)).toMatchObject({ phone, accounts: 2, user_ids: [a, b].sort() });
    expect(JSON.parse(alert!.transactions)).toContain(second);

    const alone = await player();
    const own = freshPhone();
    await money(alone, 'deposit', KES(1_000), T0);
    await money(alone, 'withdrawal', KES(300), T0 + HOUR, own);
    await money(alone, 'withdrawal', KES(300), T0 + 2 * HOUR, own);
    expect(await rules(alone)).toEqual([]);
  });

  it('at least once, never twice: the job run again, or its cursor rewound, raises no duplicate', async () => {
    const p = await player();
    await money(p, 'deposit', THRESHOLD, T0);
    const first = await scan();
    expect(first.alerts).toBeGreaterThanOrEqual(1);
    const again = await scan();
    expect(again).toMatchObject({ events: 0, alerts: 0, cursor: first.cursor });
    const total = async () =>
      Number(
        (
          await db()
            .selectFrom('aml_alerts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const count = await total();
    // As if the process died after committing its alerts and before advancing the cursor.
    await db().updateTable('aml_cursor').set({ last_sequence: 0 }).execute();
    const replay = await scan();
    expect(replay.events).toBeGreaterThan(0);
    expect(replay.alerts).toBe(0);
    expect(replay.cursor).toBe(first.cursor);
    expect(await total()).toBe(count);
    expect((await alertsOf(p)).map((a) => a.rule)).toEqual(['large_transaction']);
  });

  it('two monitors (two instances): one holds the lease, the other does nothing', async () => {
    const p = await player();
    await money(p, 'deposit', THRESHOLD, T0);
    await stopMonitor();
    const [one, two] = [new AmlMonitor(t.app.ctx, t.env), new AmlMonitor(t.app.ctx, t.env)];
    const first = await one.job.runOnce();
    const second = await two.job.runOnce();
    expect(first.leader).toBe(true);
    expect(second.leader).toBe(false);
    await one.job.stop();
    expect((await alertsOf(p)).length).toBe(1);
  });
});

describe.each(DB_MODES)('money-laundering monitoring from the real flows (%s)', (mode) => {
  // A threshold a deposit through the API can reach (its maximum is KSh 150,000).
  const t = suiteApp(mode, { AML_SCAN_INTERVAL_MS: '0', AML_REPORT_THRESHOLD_CENTS: String(KES(50_000)) });
  const { scan, alertsOf } = amlKit(t);

  it('a deposit through the API and its provider callback raises its alert from the outbox', async () => {
    const p = await t.signedInPlayer();
    const before = await scan();
    await t.depositFor(p, 50_000);
    const round = await scan();
    expect(round.events).toBeGreaterThan(0);
    expect(round.cursor).toBeGreaterThan(before.cursor);
    const alerts = await alertsOf(p.userId);
    expect(alerts.map((a) => a.rule)).toEqual(['large_transaction']);
    expect(JSON.parse(alerts[0]!.figures)).toMatchObject({ type: 'deposit', amount_cents: KES(50_000) });
  });
});
