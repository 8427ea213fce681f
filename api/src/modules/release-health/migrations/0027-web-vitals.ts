import type { Kysely, Migration } from 'kysely';

/**
 * Real players' speed per version (docs/decisions/051-web-vitals-per-version.md): each counted
 * page view's LCP, INP and CLS adds one to a fixed bucket (vitals.ts, `bucketOf`) of its version,
 * minute and metric, so a window's p75 is read from a few bucket rows on both databases and the
 * rows grow with versions and minutes, never with players. A vitals beacon uses its ticket once:
 * `load_ticket_uses` with the outcome `vitals`.
 */
export const webVitalsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('web_vitals')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('remote_version', 'text', (c) => c.notNull())
      .addColumn('minute', 'bigint', (c) => c.notNull())
      /** `lcp`, `inp` or `cls`. */
      .addColumn('metric', 'text', (c) => c.notNull())
      /** The bucket's lower bound: milliseconds, or thousandths for CLS. */
      .addColumn('bucket', 'integer', (c) => c.notNull())
      .addColumn('samples', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('web_vitals_pk', ['remote', 'remote_version', 'minute', 'metric', 'bucket'])
      .execute();
    await db.schema.createIndex('web_vitals_minute_idx').on('web_vitals').column('minute').execute();
  },
};
