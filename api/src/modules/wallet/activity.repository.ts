import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

const asNumber = (v: number | string | null | undefined) => Number(v ?? 0);

/**
 * Gross deposits asked since `start` that did not fail: pending, in review or completed (what a
 * deposit limit counts, docs/decisions/020-safer-gambling.md). Served by wallet_tx_user_idx.
 */
export async function sumDepositsSince(db: Kysely<DB>, userId: string, start: number): Promise<number> {
  const row = await db
    .selectFrom('wallet_transactions')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', start)
    .where('type', '=', 'deposit')
    .where('status', 'in', ['pending', 'review', 'completed'])
    .executeTakeFirst();
  return asNumber(row?.total);
}

/** Deposits, withdrawals and the taxes the player bore in [start, end), in cents, one query. */
export async function sumMoneyBetween(db: Kysely<DB>, userId: string, start: number, end: number) {
  const row = await db
    .selectFrom('wallet_transactions')
    .select((eb) => {
      const completedDeposit = eb.and([eb('type', '=', 'deposit'), eb('status', '=', 'completed')]);
      const liveWithdrawal = eb.and([
        eb('type', '=', 'withdrawal'),
        eb('status', 'in', ['pending', 'review', 'completed']),
      ]);
      return [
        eb.fn
          .sum<number | string | null>(eb.case().when(completedDeposit).then(eb.ref('amount')).else(0).end())
          .as('deposits'),
        eb.fn
          .sum<number | string | null>(eb.case().when(liveWithdrawal).then(eb.ref('amount')).else(0).end())
          .as('withdrawals'),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([completedDeposit, eb('tax_mode', '=', 'deduct')]))
              .then(eb.ref('tax_amount'))
              .when(liveWithdrawal)
              .then(eb.ref('tax_amount'))
              .else(0)
              .end(),
          )
          .as('taxes'),
      ];
    })
    .where('user_id', '=', userId)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .executeTakeFirst();
  return {
    deposits: asNumber(row?.deposits),
    withdrawals: asNumber(row?.withdrawals),
    taxes: asNumber(row?.taxes),
  };
}

/** Stakes and wins not rolled back in [start, end), in cents (game_tx_user_time_idx). */
export async function sumPlayBetween(db: Kysely<DB>, userId: string, start: number, end: number) {
  const rows = await db
    .selectFrom('game_transactions')
    .select((eb) => ['kind', eb.fn.sum<number | string | null>('amount').as('total')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .where('kind', 'in', ['bet', 'win'])
    .where('status', '=', 'ok')
    .groupBy('kind')
    .execute();
  const of = (kind: string) => asNumber(rows.find((r) => r.kind === kind)?.total);
  return { stakes: of('bet'), wins: of('win') };
}

/**
 * A player's net loss since `start`, in cents: what stakes took less what wins and rollbacks gave
 * back, summed from the ledger (what loss limits count, docs/decisions/041-loss-and-stake-limits.md);
 * negative when play is ahead. Served by ledger_user_time_idx.
 */
export async function sumNetLossSince(db: Kysely<DB>, userId: string, start: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', start)
    .where('kind', 'in', ['bet', 'win', 'rollback'])
    .executeTakeFirst();
  return -asNumber(row?.total);
}
