/**
 * A player's money as staff read it (modules/players): the pots, the Paybill
 * account number, the mobile-money transactions with every status (review included) and the game
 * rounds, all in integer cents. Read only; the player's own reads stay in wallet.service.ts.
 */
import type { AppContext } from '../../context.js';
import { roundsPage } from './game-wallet.repository.js';
import { findAccountHolder, findAccountOf } from './paybill.repository.js';
import { listTxForStaff, type StaffTxFilter, type WalletTxRow } from './transactions.repository.js';
import { findWallet } from './wallet.repository.js';

export type { StaffTxFilter, WalletTxRow };

export interface PlayerRoundRow {
  roundId: string;
  gameId: string;
  startedAt: number;
  lastAt: number;
  stakes: number;
  wins: number;
  rolledBack: boolean;
}

export class PlayerMoneyService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** The three pots in cents; undefined for an account without a wallet. */
  async balances(userId: string) {
    const wallet = await findWallet(this.db, userId);
    if (!wallet) return undefined;
    return {
      currency: wallet.currency,
      main: Number(wallet.main),
      withdrawal: Number(wallet.withdrawal),
      bonus: Number(wallet.bonus),
    };
  }

  /** The player's Paybill account number, if one was ever given (reading never makes one). */
  paybillAccountOf(userId: string): Promise<string | undefined> {
    return findAccountOf(this.db, userId);
  }

  /** Who holds a Paybill account number (the unique index on it). */
  paybillHolder(accountNumber: string): Promise<string | undefined> {
    return findAccountHolder(this.db, accountNumber);
  }

  transactions(userId: string, filter: StaffTxFilter): Promise<WalletTxRow[]> {
    return listTxForStaff(this.db, userId, filter);
  }

  async rounds(
    userId: string,
    before: { at: number; roundId: string } | undefined,
    limit: number,
  ): Promise<PlayerRoundRow[]> {
    return (await roundsPage(this.db, userId, before, limit)).map((r) => ({
      roundId: r.round_id,
      gameId: r.game_id,
      startedAt: Number(r.started_at),
      lastAt: Number(r.last_at),
      stakes: Number(r.stakes),
      wins: Number(r.wins),
      rolledBack: Number(r.rolled_back) === 1,
    }));
  }
}
