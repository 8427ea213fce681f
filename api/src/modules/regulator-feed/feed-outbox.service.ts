/**
 * Writing the regulator feed's outbox (docs/decisions/042-regulator-feed-outbox.md): called inside
 * the transaction that makes the change, so the event exists exactly when the change does (a
 * rolled-back transaction leaves neither). The wallet's two ledger inserts call
 * `recordFeedEvents`; safer gambling calls `recordFeedEvent` for a limit change or an exclusion.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/crypto.js';
import type { FeedEventType } from './regulator-feed.tables.js';

/** A ledger entry as the wallet inserts it (ledger_entries' row). */
export interface FeedLedgerEntry {
  user_id: string;
  pot: string;
  amount: number;
  balance_after: number;
  kind: Exclude<FeedEventType, 'limit_change' | 'self_exclusion'>;
  ref_id: string;
  created_at: number;
}

/** Wallet pots carry a balance after the entry; operator accounts (taxes, operator) do not. */
const WALLET_POTS = new Set(['main', 'withdrawal', 'bonus']);

/**
 * On PostgreSQL, events get their sequence in the order their transactions commit: a
 * transaction-scoped advisory lock, taken just before the insert and held to the commit, lets
 * one outbox writer at a time between its insert and its commit. Without it a transaction that
 * drew sequence 7 could commit after one that drew 8, and a delivery reading in between would
 * send 8 before 7. SQLite writes one transaction at a time already.
 */
const OUTBOX_LOCK = 4_206_019;

async function insertEvents(
  trx: Kysely<DB>,
  userId: string | null,
  events: { type: FeedEventType; occurred_at: number; payload: unknown }[],
): Promise<void> {
  if (events.length === 0) return;
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`.execute(trx);
  const playerRef = userId
    ? trx.selectFrom('users').select('player_ref').where('id', '=', userId)
    : sql<null>`null`;
  await trx
    .insertInto('regulator_feed_events')
    .values(
      events.map((e) => ({
        event_id: newId(),
        type: e.type,
        occurred_at: e.occurred_at,
        player_ref: playerRef,
        payload: JSON.stringify(e.payload),
      })),
    )
    .execute();
}

/**
 * One event per kind of the entries (a deposit with its excise duty is two events: `deposit`
 * and `excise_duty`), each with its reference and its entries' accounts and amounts. The entries
 * of one call are one player's and one reference's, as both ledger inserts write them.
 */
export async function recordFeedEvents(trx: Kysely<DB>, entries: readonly FeedLedgerEntry[]): Promise<void> {
  const first = entries[0];
  if (!first) return;
  const byKind = new Map<FeedLedgerEntry['kind'], FeedLedgerEntry[]>();
  for (const entry of entries) byKind.set(entry.kind, [...(byKind.get(entry.kind) ?? []), entry]);
  await insertEvents(
    trx,
    first.user_id,
    [...byKind].map(([kind, group]) => ({
      type: kind,
      occurred_at: first.created_at,
      payload: {
        reference: first.ref_id,
        entries: group.map((e) => ({
          account: e.pot,
          amount: e.amount,
          balance_after: WALLET_POTS.has(e.pot) ? e.balance_after : null,
        })),
      },
    })),
  );
}

/** A limit change or a self-exclusion, in the caller's transaction. */
export const recordFeedEvent = (
  trx: Kysely<DB>,
  userId: string,
  type: 'limit_change' | 'self_exclusion',
  occurredAt: number,
  payload: Record<string, unknown>,
) => insertEvents(trx, userId, [{ type, occurred_at: occurredAt, payload }]);

/** A deposit, loss or stake limit as safer gambling keeps it (a period's row). */
interface LimitState {
  period: string;
  amount: number | null;
  pending_amount: number | null;
  pending_at: number | null;
}

/**
 * A limit set, lowered (at once) or raised or removed (at `pending_at`), in the caller's
 * transaction; nothing when the row did not change (the same raise asked again).
 */
export async function recordLimitChange(
  trx: Kysely<DB>,
  userId: string,
  limit: 'deposit' | 'loss' | 'stake',
  before: LimitState,
  after: LimitState,
  now: number,
): Promise<void> {
  if (
    before.amount === after.amount &&
    before.pending_amount === after.pending_amount &&
    before.pending_at === after.pending_at
  )
    return;
  const pending = after.pending_at !== null;
  await recordFeedEvent(trx, userId, 'limit_change', now, {
    limit,
    period: limit === 'stake' ? null : after.period,
    amount_minor: pending ? after.pending_amount : after.amount,
    effective_at: new Date(pending ? (after.pending_at as number) : now).toISOString(),
    previous_amount_minor: before.amount,
  });
}
