import type { Kysely, Migration } from 'kysely';

/**
 * The canary guard's decisions with the figures it decided on (the decision record "release
 * health history"): each advance, promote and abort, and a hold at most once a minute a plan,
 * written in the transaction of the step (and of its revision). Kept as long as release health.
 */
export const canaryDecisionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('canary_decisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      /** The plan's step judged (an index into its steps) and its percentage. */
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull())
      /** wait, advance, promote, abort. */
      .addColumn('verdict', 'text', (c) => c.notNull())
      .addColumn('next_percent', 'integer')
      /** JSON: both sides' attempts, bad loads, rates, browsers and p75s, the step's time. */
      .addColumn('figures', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      /** The revision the decision made; null: a hold. */
      .addColumn('revision', 'integer')
      .execute();
    await db.schema
      .createIndex('canary_decisions_remote_at_idx')
      .on('canary_decisions')
      .columns(['remote', 'at'])
      .execute();
    await db.schema.createIndex('canary_decisions_at_idx').on('canary_decisions').column('at').execute();
  },
};
