/**
 * Money-laundering monitoring stopped between its alerts and its cursor (docs/decisions/043): the
 * cursor's write fails once after the batch's alerts were inserted, as a process killed there
 * would leave it. The batch's transaction holds both, so neither is kept; the next round
 * evaluates the same events again and raises each alert exactly once.
 */
import { describe, expect, it, vi } from 'vitest';
import { amlKit, THRESHOLD } from '../../aml-kit.js';
import { DB_MODES, suiteApp } from '../../helpers.js';

const crash = vi.hoisted(() => ({ armed: false }));
vi.mock('../../../src/modules/aml/aml-monitor.repository.js', async (original) => {
  const real = await original<typeof import('../../../src/modules/aml/aml-monitor.repository.js')>();
  return {
    ...real,
    saveCursor: async (...args: Parameters<typeof real.saveCursor>) => {
      if (crash.armed) {
        crash.armed = false;
        throw new Error('killed after the alerts, before the cursor');
      }
      return real.saveCursor(...args);
    },
  };
});

describe.each(DB_MODES)('money-laundering monitoring stopped mid-batch (%s)', (mode) => {
  const t = suiteApp(mode, { AML_SCAN_INTERVAL_MS: '0' });
  const { money, scan, alertsOf, db } = amlKit(t);
  const cursor = async () =>
    Number(
      (await db().selectFrom('aml_cursor').select('last_sequence').executeTakeFirst())?.last_sequence ?? 0,
    );

  it('keeps neither the alerts nor the cursor, and the next round raises each alert once', async () => {
    const p = (await t.signedInPlayer()).userId;
    await scan();
    const before = await cursor();
    await money(p, 'deposit', THRESHOLD, Date.parse('2026-11-20T06:00:00Z'));
    crash.armed = true;
    await expect(scan()).rejects.toThrow('killed after the alerts, before the cursor');
    expect(await alertsOf(p)).toEqual([]);
    expect(await cursor()).toBe(before);
    const round = await scan();
    expect(round.alerts).toBe(1);
    expect((await alertsOf(p)).map((a) => a.rule)).toEqual(['large_transaction']);
    expect(await cursor()).toBeGreaterThan(before);
    expect((await scan()).alerts).toBe(0);
  });
});
