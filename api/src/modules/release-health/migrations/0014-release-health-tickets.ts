import type { Kysely, Migration } from 'kysely';

/**
 * Release health counts only ticketed loads (docs/decisions/031-release-health-tickets.md):
 * - `remote_load_counts` is kept per client too, so one browser weighs at most a few loads a
 *   minute and the guard can ask for distinct browsers. Its old rows were posted by anyone, with
 *   no way to tell a genuine one: they are dropped with the table.
 * - `uncounted_loads`: what arrived without a valid ticket, per minute, remote and reason (a fixed
 *   set), so an attacker's version strings never make rows.
 * - `load_ticket_uses`: each ticket counts once per version and outcome; kept until it expires.
 * - `error_events` says which browser (or hashed address) sent a report and whether it was counted.
 */
export const releaseHealthTicketsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('remote_load_counts').execute();
    await db.schema
      .createTable('remote_load_counts')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('remote_version', 'text', (c) => c.notNull())
      .addColumn('minute', 'bigint', (c) => c.notNull())
      .addColumn('client', 'text', (c) => c.notNull())
      .addColumn('loads', 'integer', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('render_errors', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('remote_load_counts_pk', ['remote', 'remote_version', 'minute', 'client'])
      .execute();
    await db.schema
      .createIndex('remote_load_counts_minute_idx')
      .on('remote_load_counts')
      .column('minute')
      .execute();

    await db.schema
      .createTable('uncounted_loads')
      .addColumn('minute', 'bigint', (c) => c.notNull())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('loads', 'integer', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('render_errors', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('uncounted_loads_pk', ['minute', 'remote', 'reason'])
      .execute();

    await db.schema
      .createTable('load_ticket_uses')
      .addColumn('ticket', 'text', (c) => c.notNull())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('remote_version', 'text', (c) => c.notNull())
      /** `ok`, `failed` or `render`: a ticket counts one of each per version. */
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('load_ticket_uses_pk', ['ticket', 'remote', 'remote_version', 'outcome'])
      .execute();
    await db.schema
      .createIndex('load_ticket_uses_expiry_idx')
      .on('load_ticket_uses')
      .column('expires_at')
      .execute();

    await db.schema.alterTable('error_events').addColumn('client', 'text').execute();
    await db.schema
      .alterTable('error_events')
      .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('error_events_received_idx')
      .on('error_events')
      .column('received_at')
      .execute();
  },
};
