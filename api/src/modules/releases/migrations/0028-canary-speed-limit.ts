import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The canary guard's speed limit (docs/decisions/051-web-vitals-per-version.md): how many
 * milliseconds the canary's p75 LCP and INP may exceed the active version's (null: not limited),
 * and the page views each side needs before it is judged. Plans made before keep no limit.
 */
export const canarySpeedLimitMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('canary_plans').addColumn('max_lcp_increase_ms', 'integer').execute();
    await db.schema.alterTable('canary_plans').addColumn('max_inp_increase_ms', 'integer').execute();
    await db.schema
      .alterTable('canary_plans')
      .addColumn('min_vitals_samples', 'integer', (c) => c.notNull().defaultTo(sql`20`))
      .execute();
  },
};
