/**
 * A player's limits and restrictions as staff read them (modules/players, decision 053): the
 * limits in force in cents, a pending raise or removal, every time-out and self-exclusion (the
 * one in force marked) and the reality check. Read only: what the player set is theirs to change.
 */
import type { AppContext } from '../../context.js';
import { effective } from './limits.js';
import {
  findLimits,
  findRealityCheck,
  type LimitRow,
  listRestrictions,
} from './safer-gambling.repository.js';

interface CentsLimit {
  amount: number | null;
  pending: { amount: number | null; appliesAt: number } | null;
}

export interface PlayerLimits {
  deposit: { period: 'day' | 'week' | 'month'; limit: CentsLimit }[];
  loss: { period: 'day' | 'week' | 'month'; limit: CentsLimit }[];
  stake: CentsLimit;
  restrictions: { kind: string; length: string; startedAt: number; endsAt: number; active: boolean }[];
  realityCheckMinutes: number | null;
}

const RESTRICTIONS_LISTED = 50;
const PERIODS = ['day', 'week', 'month'] as const;

export class PlayerLimitsService {
  constructor(private readonly ctx: AppContext) {}

  async of(userId: string): Promise<PlayerLimits> {
    const { db } = this.ctx.database;
    const now = this.ctx.clock.now();
    const [deposit, play, restrictions, minutes] = await Promise.all([
      findLimits(db, 'deposit_limits', userId),
      findLimits(db, 'play_limits', userId),
      listRestrictions(db, userId, RESTRICTIONS_LISTED),
      findRealityCheck(db, userId),
    ]);
    const limit = (rows: LimitRow[], period: string): CentsLimit => {
      const row = rows.find((r) => r.period === period);
      if (!row) return { amount: null, pending: null };
      const inForce = effective(row, now);
      return {
        amount: inForce.amount === null ? null : Number(inForce.amount),
        pending:
          inForce.pending_at === null
            ? null
            : {
                amount: inForce.pending_amount === null ? null : Number(inForce.pending_amount),
                appliesAt: Number(inForce.pending_at),
              },
      };
    };
    const active = restrictions.find((r) => Number(r.ends_at) > now);
    return {
      deposit: PERIODS.map((period) => ({ period, limit: limit(deposit, period) })),
      loss: PERIODS.map((period) => ({ period, limit: limit(play, period) })),
      stake: limit(play, 'bet'),
      restrictions: restrictions.map((r) => ({
        kind: r.kind,
        length: r.length,
        startedAt: Number(r.started_at),
        endsAt: Number(r.ends_at),
        active: r === active,
      })),
      realityCheckMinutes: minutes,
    };
  }
}
