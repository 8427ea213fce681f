import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One audit for every staff action (docs/decisions/069-finance-one-module.md): the rows of
 * payment_audit (review and tax-rate decisions, kept by the operator's phone) move into
 * staff_audit, keyed by the user id of the account with that phone; a row whose phone matches no
 * account keeps it in the new `actor_phone` column, so nothing is lost. Ids (UUIDv7) and times
 * are kept, the note becomes the reason, `<subject_type>:<subject_id>` the target, and the
 * actions take the staff audit's `finance.<what happened>` names, the adjustments' earlier
 * `payments.adjustment_*` too. Then payment_audit is dropped. The same SQL on both databases.
 */
export const oneStaffAuditMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff_audit').addColumn('actor_phone', 'text').execute();
    await sql`insert into staff_audit
        (id, at, actor_user_id, actor_phone, action, target_user_id, target, before, after, reason, ip)
      select p.id, p.created_at, u.id, case when u.id is null then p.actor end,
        case p.action
          when 'transaction.completed' then 'finance.transaction_completed'
          when 'transaction.failed' then 'finance.transaction_failed'
          when 'callback.close' then 'finance.callback_closed'
          when 'paybill.assign' then 'finance.paybill_assigned'
          when 'tax_rate.schedule' then 'finance.tax_rate_scheduled'
          when 'tax_rate.cancel' then 'finance.tax_rate_cancelled'
          else 'finance.' || replace(p.action, '.', '_')
        end,
        null, p.subject_type || ':' || p.subject_id, p.before, p.after, p.note, null
      from payment_audit p left join users u on u.phone = p.actor`.execute(db);
    await sql`update staff_audit set action = 'finance.' || substr(action, length('payments.') + 1)
      where action like 'payments.adjustment_%'`.execute(db);
    await db.schema.dropTable('payment_audit').execute();
  },
};
