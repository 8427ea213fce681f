import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { sumDepositsSince, sumMoneyBetween, sumNetLossSince, sumPlayBetween } from './activity.repository.js';

/** A player's money and play over a time range, in cents. */
interface ActivityTotals {
  deposits: number;
  withdrawals: number;
  stakes: number;
  wins: number;
  taxes: number;
}

/**
 * What other modules read of a player's wallet activity (the safer-gambling limits and
 * statement): SQL aggregates over the transactions, never the wallet's tables directly.
 */
export class WalletActivityService {
  constructor(private readonly ctx: AppContext) {}

  /** Gross deposits since `start` not failed; `db` is the caller's transaction when it has one. */
  depositedSince(userId: string, start: number, db: Kysely<DB> = this.ctx.database.db): Promise<number> {
    return sumDepositsSince(db, userId, start);
  }

  /** Stakes less wins (rollbacks undone) since `start`; `db` is the caller's transaction. */
  netLossSince(userId: string, start: number, db: Kysely<DB> = this.ctx.database.db): Promise<number> {
    return sumNetLossSince(db, userId, start);
  }

  async totals(userId: string, start: number, end: number): Promise<ActivityTotals> {
    const db = this.ctx.database.db;
    const [money, play] = await Promise.all([
      sumMoneyBetween(db, userId, start, end),
      sumPlayBetween(db, userId, start, end),
    ]);
    return { ...money, ...play };
  }
}
