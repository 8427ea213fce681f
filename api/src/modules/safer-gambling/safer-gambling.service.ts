/**
 * Safer-gambling tools the player sets and the server enforces (docs/product-rules.md#safer-gambling,
 * docs/decisions/020-safer-gambling.md): deposit limits per Kenyan calendar day, week and month
 * (a lower limit at once, a raise or removal 24 hours later), loss limits per the same windows and
 * a stake limit per bet under the same rules (docs/decisions/041-loss-and-stake-limits.md),
 * time-outs and self-exclusions that close deposits, game launches and stakes until they end, the
 * reality-check interval and the activity statement. Other modules call `assertCanDeposit`,
 * `assertCanPlay` and `assertCanStake` only.
 */
import { fromCents, toCents } from '@mchezo/contracts/money';
import {
  DEPOSIT_LIMIT_EXCEEDED,
  DEPOSIT_LIMIT_PERIODS,
  type DepositLimit,
  type DepositLimitsRequest,
  LIMIT_INCREASE_DELAY_HOURS,
  LOSS_LIMIT_CODES,
  LOSS_LIMIT_PERIODS,
  type LossLimitsRequest,
  PLAY_LIMIT_KEYS,
  type PlayLimitKey,
  type RealityCheckRequest,
  type SaferGamblingResponse,
  type SelfExclusionLength,
  STAKE_LIMIT,
  type StakeLimitRequest,
  type StatementQuery,
  type StatementResponse,
  type TimeOutLength,
} from '@mchezo/contracts/safer-gambling';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { badRequest, refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { recordFeedEvent, recordLimitChange } from '../regulator-feed/feed-outbox.service.js';
import type { WalletActivityService } from '../wallet/activity.service.js';
import { effective, kes, type Limit, limitView, PERIOD_WORDS, restrictedError } from './limits.js';
import {
  findActiveRestriction,
  findLimits,
  findRealityCheck,
  insertRestriction,
  type LimitRow,
  type LimitTable,
  type RestrictionRow,
  saveLimit,
  saveRealityCheck,
} from './safer-gambling.repository.js';
import { HOUR_MS, kenyaTime, periodEnd, periodStart, restrictionEnd } from './windows.js';

/** The longest statement a player may ask for at once. */
const STATEMENT_MAX_DAYS = 400;
export class SaferGamblingService {
  constructor(
    private readonly ctx: AppContext,
    private readonly activity: WalletActivityService,
  ) {}

  /** The player's limits of `table` in force at `now`, one per period of `periods`, in that order. */
  private async limits<K extends string>(
    db: Kysely<DB>,
    table: LimitTable,
    periods: readonly K[],
    userId: string,
    now: number,
  ): Promise<Limit<K>[]> {
    const rows = (await findLimits(db, table, userId)) as Limit<K>[];
    return periods.map((period) =>
      effective(
        rows.find((r) => r.period === period) ?? {
          user_id: userId,
          period,
          amount: null,
          pending_amount: null,
          pending_at: null,
          updated_at: now,
        },
        now,
      ),
    );
  }

  async overview(userId: string): Promise<SaferGamblingResponse> {
    const { db } = this.ctx.database;
    const now = this.ctx.clock.now();
    const [limits, play, restriction, minutes] = await Promise.all([
      this.limits(db, 'deposit_limits', DEPOSIT_LIMIT_PERIODS, userId, now),
      this.limits(db, 'play_limits', PLAY_LIMIT_KEYS, userId, now),
      findActiveRestriction(db, userId, now),
      findRealityCheck(db, userId),
    ]);
    const perPeriod = (rows: Limit<PlayLimitKey>[]) =>
      rows.flatMap((r): DepositLimit[] =>
        r.period === 'bet' ? [] : [{ period: r.period, ...limitView(r) }],
      );
    return {
      deposit_limits: perPeriod(limits),
      loss_limits: perPeriod(play),
      stake_limit: limitView(play.find((r) => r.period === 'bet')!),
      restriction: restriction
        ? {
            kind: restriction.kind,
            length: restriction.length,
            started_at: iso(restriction.started_at),
            until: iso(restriction.ends_at),
          }
        : null,
      reality_check_minutes: minutes,
    };
  }

  setDepositLimits(userId: string, req: DepositLimitsRequest): Promise<SaferGamblingResponse> {
    return this.setLimits('deposit_limits', DEPOSIT_LIMIT_PERIODS, userId, req);
  }

  setLossLimits(userId: string, req: LossLimitsRequest): Promise<SaferGamblingResponse> {
    return this.setLimits('play_limits', LOSS_LIMIT_PERIODS, userId, req);
  }

  setStakeLimit(userId: string, req: StakeLimitRequest): Promise<SaferGamblingResponse> {
    return this.setLimits('play_limits', ['bet'], userId, { bet: req.amount });
  }

  /**
   * Deposit, loss and stake limits alike: lower (or first) limits apply at once; a raise or
   * removal waits 24 hours. A period left out of `req` is unchanged.
   */
  private async setLimits<K extends string>(
    table: LimitTable,
    periods: readonly K[],
    userId: string,
    req: Partial<Record<K, number | null>>,
  ): Promise<SaferGamblingResponse> {
    await inTransaction(this.ctx.database, async (trx) => {
      const now = this.ctx.clock.now();
      for (const row of await this.limits(trx, table, periods, userId, now)) {
        const asked = req[row.period];
        if (asked === undefined) continue;
        const wanted = asked === null ? null : toCents(asked);
        const current = row.amount;
        const next: Limit<K> = { ...row, updated_at: now };
        if (wanted !== null && (current === null || wanted <= current)) {
          Object.assign(next, { amount: wanted, pending_amount: null, pending_at: null });
        } else if (current === null) {
          Object.assign(next, { pending_amount: null, pending_at: null });
        } else if (row.pending_at === null || row.pending_amount !== wanted) {
          // The same raise asked again keeps its original time.
          Object.assign(next, {
            pending_amount: wanted,
            pending_at: now + LIMIT_INCREASE_DELAY_HOURS * HOUR_MS,
          });
        }
        await saveLimit(trx, table, next as LimitRow);
        const kind = table === 'deposit_limits' ? 'deposit' : row.period === 'bet' ? 'stake' : 'loss';
        await recordLimitChange(trx, userId, kind, row, next, now);
      }
    });
    return this.overview(userId);
  }

  timeOut(userId: string, length: TimeOutLength) {
    return this.restrict(userId, 'time_out', length);
  }

  selfExclude(userId: string, length: SelfExclusionLength) {
    return this.restrict(userId, 'self_exclusion', length);
  }

  /** A new time-out or self-exclusion; never shortens the one in force (409). */
  private async restrict(
    userId: string,
    kind: RestrictionRow['kind'],
    length: RestrictionRow['length'],
  ): Promise<SaferGamblingResponse> {
    await inTransaction(this.ctx.database, async (trx) => {
      const now = this.ctx.clock.now();
      const endsAt = restrictionEnd(length, now);
      const active = await findActiveRestriction(trx, userId, now);
      if (active && active.ends_at >= endsAt)
        throw refuse(
          'RESTRICTION_ACTIVE',
          `You already have a ${active.kind === 'time_out' ? 'time-out' : 'self-exclusion'} until ${kenyaTime(active.ends_at)}; it cannot be shortened or undone.`,
        );
      await insertRestriction(trx, {
        id: newId(),
        user_id: userId,
        kind,
        length,
        started_at: now,
        ends_at: endsAt,
      });
      await recordFeedEvent(trx, userId, 'self_exclusion', now, { kind, length, until: iso(endsAt) });
    });
    return this.overview(userId);
  }

  async setRealityCheck(userId: string, req: RealityCheckRequest): Promise<SaferGamblingResponse> {
    await saveRealityCheck(this.ctx.database.db, userId, req.minutes, this.ctx.clock.now());
    return this.overview(userId);
  }

  /** 403 while a time-out or self-exclusion is in force (game launches and stakes). */
  async assertCanPlay(userId: string, db: Kysely<DB> = this.ctx.database.db): Promise<void> {
    const active = await findActiveRestriction(db, userId, this.ctx.clock.now());
    if (active) throw restrictedError(active);
  }

  /**
   * 403 while restricted; 422 DEPOSIT_LIMIT_EXCEEDED when `amount` (cents) would take a period's
   * deposits over its limit. Run in the deposit's transaction once its row is inserted and the
   * wallet row locked, so two deposits at once cannot both pass; throwing undoes the insert.
   */
  async assertCanDeposit(trx: Kysely<DB>, userId: string, amount: number): Promise<void> {
    await this.assertCanPlay(userId, trx);
    const now = this.ctx.clock.now();
    for (const row of await this.limits(trx, 'deposit_limits', DEPOSIT_LIMIT_PERIODS, userId, now)) {
      if (row.amount === null) continue;
      // The deposit's own (pending) row is already written, so `withThis` counts it.
      const withThis = await this.activity.depositedSince(userId, periodStart(row.period, now), trx);
      if (withThis <= row.amount) continue;
      const remaining = Math.max(0, row.amount - (withThis - amount));
      const words = PERIOD_WORDS[row.period];
      throw refuse(
        DEPOSIT_LIMIT_EXCEEDED,
        `This deposit would go over your ${words.adjective} deposit limit of ${kes(row.amount)}. You can deposit ${kes(remaining)} more ${words.rest}.`,
        {
          limit_period: row.period,
          limit: fromCents(row.amount),
          remaining: fromCents(remaining),
        },
      );
    }
  }

  /**
   * 403 STAKE_LIMIT when a stake of `amount` (cents) is above the player's stake limit; 403
   * LOSS_LIMIT_DAY / _WEEK / _MONTH when, lost, it would take that period's net loss (stakes −
   * wins, rollbacks undone, from the ledger) over its loss limit. Exactly the limit is allowed.
   * Run in the stake's transaction with the wallet row locked, so two stakes at once cannot both
   * pass; nothing has moved when it throws.
   */
  async assertCanStake(trx: Kysely<DB>, userId: string, amount: number): Promise<void> {
    const now = this.ctx.clock.now();
    const limits = await this.limits(trx, 'play_limits', PLAY_LIMIT_KEYS, userId, now);
    for (const row of limits) {
      if (row.amount === null) continue;
      if (row.period === 'bet') {
        if (amount <= row.amount) continue;
        throw refuse(
          STAKE_LIMIT,
          `This stake of ${kes(amount)} is above your stake limit of ${kes(row.amount)} a bet.`,
          {
            limit: fromCents(row.amount),
          },
        );
      }
      const lost = await this.activity.netLossSince(userId, periodStart(row.period, now), trx);
      if (lost + amount <= row.amount) continue;
      const remaining = Math.max(0, row.amount - lost);
      const words = PERIOD_WORDS[row.period];
      throw refuse(
        LOSS_LIMIT_CODES[row.period],
        `This stake could take your losses over your ${words.adjective} loss limit of ${kes(row.amount)}. You can stake up to ${kes(remaining)} more ${words.rest}.`,
        {
          limit_period: row.period,
          limit: fromCents(row.amount),
          remaining: fromCents(remaining),
        },
      );
    }
  }

  async statement(userId: string, q: StatementQuery): Promise<StatementResponse> {
    const now = this.ctx.clock.now();
    const from = q.period ? periodStart(q.period, now) : Date.parse(q.from ?? '');
    // [from, to): a period to its end, otherwise up to and including now.
    const to = q.period ? periodEnd(q.period, now) : q.to ? Date.parse(q.to) : now + 1;
    if (!(from < to)) throw badRequest('from must be before to', 'INVALID_RANGE');
    if (to - from > STATEMENT_MAX_DAYS * 24 * HOUR_MS)
      throw badRequest(`A statement covers at most ${STATEMENT_MAX_DAYS} days`, 'INVALID_RANGE');
    const t = await this.activity.totals(userId, from, to);
    return {
      from: iso(from),
      to: iso(to),
      currency: 'KES',
      deposits: fromCents(t.deposits),
      withdrawals: fromCents(t.withdrawals),
      stakes: fromCents(t.stakes),
      wins: fromCents(t.wins),
      taxes: fromCents(t.taxes),
      net_result: fromCents(t.wins - t.stakes),
    };
  }
}
