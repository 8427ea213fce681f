import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { AppError, notFound, unprocessable } from '../../lib/errors.js';
import { findGameTx, findRollbackOf, insertGameTx, markRolledBack } from './game-wallet.repository.js';
import {
  applyMovements,
  findWallet,
  InsufficientFundsError,
  ledgerEntriesFor,
  lockWallet,
  type Movement,
  type WalletRow,
} from './wallet.repository.js';
import type { Pot } from './wallet.tables.js';

export type { WalletRow };

/** Game stakes spend promotional money first, then deposits, then winnings. */
const STAKE_ORDER: Pot[] = ['bonus', 'main', 'withdrawal'];

/** A provider's money call, in minor units. */
interface GameMoneyInput {
  userId: string;
  providerTxId: string;
  roundId: string;
  gameId: string;
  amount: number;
}

/**
 * Refuses a stake of `amount` cents by throwing (the safer-gambling stake and loss limits, wired in
 * the casino module, so the wallet does not import safer gambling); runs in the stake's transaction.
 */
type StakeGate = (trx: Kysely<DB>, userId: string, amount: number) => Promise<void>;

const duplicate = () =>
  new AppError(409, 'Transaction id already used for another operation', { code: 'DUPLICATE_TRANSACTION' });

/**
 * The seamless wallet game providers call (casino/seamless.routes.ts): stakes, wins and
 * rollbacks, each booked once per provider transaction id. Every call returns the wallet after it.
 */
export class GameWalletService {
  constructor(
    private readonly ctx: AppContext,
    private readonly stakeGate: StakeGate = async () => {},
  ) {}

  async balance(userId: string): Promise<WalletRow> {
    const wallet = await findWallet(this.ctx.database.db, userId);
    if (!wallet) throw notFound('Player not found');
    return wallet;
  }

  /** Books a stake; a repeated id answers the same without moving money again. */
  async bet(input: GameMoneyInput): Promise<WalletRow> {
    const { database, clock } = this.ctx;
    try {
      return await inTransaction(database, async (trx) => {
        const wallet = await lockWallet(trx, input.userId);
        const existing = await findGameTx(trx, input.providerTxId);
        if (existing) return replay(existing, input, 'bet', wallet);
        if (await findRollbackOf(trx, input.providerTxId))
          throw new AppError(409, 'This transaction was already rolled back', {
            code: 'ALREADY_ROLLED_BACK',
          });
        // After the replay check: a stake already booked answers the same even if a limit fell since.
        await this.stakeGate(trx, input.userId, input.amount);
        let remaining = input.amount;
        const movements: Movement[] = [];
        for (const pot of STAKE_ORDER) {
          const take = Math.min(remaining, wallet[pot]);
          if (take > 0) movements.push({ pot, amount: -take });
          remaining -= take;
        }
        if (remaining > 0) throw new InsufficientFundsError();
        const now = clock.now();
        await record(trx, input, 'bet', null, now);
        return applyMovements(trx, wallet, movements, 'bet', input.providerTxId, now);
      });
    } catch (err) {
      if (err instanceof InsufficientFundsError)
        throw unprocessable('Insufficient funds', 'INSUFFICIENT_FUNDS');
      throw err;
    }
  }

  /** Credits a win to the withdrawal pot once per provider transaction id. */
  async win(input: GameMoneyInput): Promise<WalletRow> {
    const { database, clock } = this.ctx;
    return inTransaction(database, async (trx) => {
      const wallet = await lockWallet(trx, input.userId);
      const existing = await findGameTx(trx, input.providerTxId);
      if (existing) return replay(existing, input, 'win', wallet);
      const now = clock.now();
      await record(trx, input, 'win', null, now);
      const movements: Movement[] = [{ pot: 'withdrawal', amount: input.amount }];
      return applyMovements(trx, wallet, movements, 'win', input.providerTxId, now);
    });
  }

  /**
   * Cancels a stake: gives back exactly what it took from each pot. Idempotent on the rollback's
   * own id; a rollback of an unknown bet is recorded, so the bet is refused if it comes late.
   */
  async rollback(input: Omit<GameMoneyInput, 'amount'> & { rolledBackTxId: string }): Promise<WalletRow> {
    const { database, clock } = this.ctx;
    return inTransaction(database, async (trx) => {
      const wallet = await lockWallet(trx, input.userId);
      const existing = await findGameTx(trx, input.providerTxId);
      if (existing) {
        if (
          existing.kind !== 'rollback' ||
          existing.related_tx_id !== input.rolledBackTxId ||
          existing.user_id !== input.userId
        ) {
          throw duplicate();
        }
        return wallet;
      }
      const now = clock.now();
      const bet = await findGameTx(trx, input.rolledBackTxId);
      if (bet && (bet.kind !== 'bet' || bet.user_id !== input.userId)) {
        throw new AppError(409, 'Only a bet of this player can be rolled back', { code: 'INVALID_ROLLBACK' });
      }
      await record(trx, { ...input, amount: bet?.amount ?? 0 }, 'rollback', input.rolledBackTxId, now);
      if (!bet || bet.status === 'rolled_back') return wallet;
      await markRolledBack(trx, bet.provider_tx_id);
      const taken = await ledgerEntriesFor(trx, bet.provider_tx_id, 'bet');
      const movements = taken.map((e) => ({ pot: e.pot, amount: -e.amount }));
      return applyMovements(trx, wallet, movements, 'rollback', bet.provider_tx_id, now);
    });
  }
}

/** A repeated bet or win: the same call again answers the wallet as it is; anything else is refused. */
function replay(
  existing: { kind: string; user_id: string; amount: number },
  input: GameMoneyInput,
  kind: 'bet' | 'win',
  wallet: WalletRow,
): WalletRow {
  if (existing.kind !== kind || existing.user_id !== input.userId || existing.amount !== input.amount) {
    throw duplicate();
  }
  return wallet;
}

const record = (
  trx: Kysely<DB>,
  input: GameMoneyInput,
  kind: 'bet' | 'win' | 'rollback',
  related: string | null,
  now: number,
) =>
  insertGameTx(trx, {
    provider_tx_id: input.providerTxId,
    user_id: input.userId,
    kind,
    round_id: input.roundId,
    game_id: input.gameId,
    amount: input.amount,
    status: 'ok',
    related_tx_id: related,
    created_at: now,
  });
