import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SimulatorPaymentsTable } from '../../db/infrastructure.tables.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';

/** A callback the simulator still has to send (db/migrations/0016-simulator-payments.ts). */
export type SimulatorPaymentRow = Selectable<SimulatorPaymentsTable>;

/**
 * Which waiting callbacks to claim: those due now (the poll), every scheduled one whatever its
 * time (`settle()` in tests), or those a test holds for one phone (`settlePhone`).
 */
export type Which = { due: number } | 'scheduled' | { heldPhone: string };

/**
 * The simulator's callbacks in the database, so that whichever instance is up sends them when
 * due (docs/decisions/035-surviving-faults.md). Sending one is: claim (atomically, for
 * CLAIM_MS), deliver, delete. Two instances never claim the same row at once; one that dies
 * after claiming leaves the row to be claimed again once its claim has run out.
 */
export class SimulatorStore {
  constructor(private readonly database: Database) {}

  /**
   * One statement. On SQLite in the group commit (db/tx.ts): one per payment and per pass, a
   * commit of their own would cost more than the statements (decision 012).
   */
  private write<T>(fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.database.dialect === 'sqlite' ? inTransaction(this.database, fn) : fn(this.database.db);
  }

  async add(row: SimulatorPaymentRow): Promise<void> {
    await this.write((db) => db.insertInto('simulator_payments').values(row).execute());
  }

  /**
   * Claims up to `limit` unclaimed rows matching `which` until `claimUntil`, earliest due first,
   * in one statement (as claimDueTx does for reconciliation: on PostgreSQL `FOR UPDATE SKIP
   * LOCKED` passes over rows another instance is claiming; SQLite runs statements one at a time).
   */
  claim(which: Which, now: number, claimUntil: number, limit: number): Promise<SimulatorPaymentRow[]> {
    const { dialect } = this.database;
    return this.write((db) =>
      db
        .updateTable('simulator_payments')
        .set({ claimed_until: claimUntil })
        .where('provider_ref', 'in', (eb) =>
          eb
            .selectFrom('simulator_payments')
            .select('provider_ref')
            .where('claimed_until', '<=', now)
            .$call((q) =>
              which === 'scheduled'
                ? q.where('due_at', 'is not', null)
                : 'due' in which
                  ? q.where('due_at', '<=', which.due)
                  : q.where('due_at', 'is', null).where('phone', '=', which.heldPhone),
            )
            .orderBy('due_at', 'asc')
            .orderBy('provider_ref', 'asc')
            .limit(limit)
            .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .where('claimed_until', '<=', now)
        .returningAll()
        .execute(),
    );
  }

  /** Forgets delivered callbacks. */
  async remove(refs: string[]): Promise<void> {
    if (refs.length === 0) return;
    await this.write((db) => db.deleteFrom('simulator_payments').where('provider_ref', 'in', refs).execute());
  }
}
