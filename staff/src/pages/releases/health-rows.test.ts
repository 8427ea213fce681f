import type { HealthHistoryResponse } from '@mchezo/contracts/release-history';
import { describe, expect, it } from 'vitest';
import { point } from '../../testing/health-point.ts';
import { healthRows, isMarked, rowOf } from './health-rows.ts';

/** A version's guard figures with nothing measured yet. */
const quietFigures = (version: string) => ({
  version,
  attempts: 0,
  bad: 0,
  error_rate: 0,
  clients: 0,
  unproven_reports: 0,
  unproven_clients: 0,
  lcp_p75: null,
  lcp_samples: 0,
  inp_p75: null,
  inp_samples: 0,
});
const T0 = '2026-11-26T20:00:00.000Z';
const T1 = '2026-11-26T20:05:00.000Z';
const history: HealthHistoryResponse = {
  remote: 'lobby',
  from: T0,
  to: '2026-11-26T20:10:00.000Z',
  step_minutes: 5,
  versions: [
    {
      version: '1.0.0',
      role: 'active',
      points: [point(T0, { loads: 8, failures: 2, error_rate: 0.2 }), point(T1)],
    },
    {
      version: '1.1.0',
      role: 'canary',
      points: [point(T0), point(T1, { loads: 3, error_rate: 0.3333, lcp_p75: 2400 })],
    },
  ],
  events: [],
};

describe('healthRows', () => {
  it('gives one row per bucket with each version’s attempts, error rate in percent and p75 LCP', () => {
    const rows = healthRows(history, 'en-GB');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      at: T0,
      'loads:1.0.0': 10,
      'rate:1.0.0': 20,
      'loads:1.1.0': 0,
      'rate:1.1.0': null,
    });
    expect(rows[1]).toMatchObject({
      'loads:1.1.0': 3,
      'rate:1.1.0': 33.3,
      'lcp:1.1.0': 2400,
      'lcp:1.0.0': null,
    });
  });

  it('places an event in the bucket it falls in, and none outside the range', () => {
    const rows = healthRows(history, 'en-GB');
    expect(rowOf(rows, '2026-11-26T20:07:30.000Z')?.at).toBe(T1);
    expect(rowOf(rows, '2026-11-26T19:59:59.000Z')).toBeNull();
  });

  it('marks every event but a hold', () => {
    const figures = {
      canary: quietFigures('1.1.0'),
      active: quietFigures('1.0.0'),
      step_elapsed_ms: 0,
      speed_limited: false,
    };
    const guard = {
      kind: 'guard',
      at: T1,
      version: '1.1.0',
      plan_id: 'p',
      percent: 10,
      next_percent: null,
      figures,
      text: '',
      revision: null,
    } as const;
    expect(isMarked({ ...guard, verdict: 'wait' })).toBe(false);
    expect(isMarked({ ...guard, verdict: 'advance', next_percent: 50, revision: 7 })).toBe(true);
  });
});
