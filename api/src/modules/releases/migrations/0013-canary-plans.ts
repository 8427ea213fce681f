import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The canary guard (docs/decisions/023-canary-guard.md): each guarded canary's plan (its ramp,
 * thresholds, the step it is at and how it ended), and the lease row that lets one API instance
 * at a time run the guard. A remote has at most one running plan (a partial unique index, which
 * SQLite and PostgreSQL both have).
 */
export const canaryPlansMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('canary_plans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      /** JSON: each step's percentage, the canary's first. */
      .addColumn('steps', 'text', (c) => c.notNull())
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('step_ms', 'bigint', (c) => c.notNull())
      /** The error rate the canary may have above the active's, in basis points (500 = 5 points). */
      .addColumn('max_increase_bp', 'integer', (c) => c.notNull())
      .addColumn('min_loads', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('step_started_at', 'bigint', (c) => c.notNull())
      /** JSON: version → loads already counted in the step's first minute when it started. */
      .addColumn('baseline', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_check', 'text')
      .addColumn('last_check_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('end_reason', 'text')
      .execute();
    await db.schema
      .createIndex('canary_plans_running_idx')
      .on('canary_plans')
      .column('remote')
      .unique()
      .where(sql.ref('status'), '=', 'running')
      .execute();
    await db.schema
      .createIndex('canary_plans_remote_idx')
      .on('canary_plans')
      .columns(['remote', 'created_at'])
      .execute();

    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      /** The instance holding it (an id drawn at start); empty: nobody. */
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await (db as Kysely<{ leases: { name: string; holder: string; expires_at: number } }>)
      .insertInto('leases')
      .values({ name: 'canary-guard', holder: '', expires_at: 0 })
      .execute();
  },
};
