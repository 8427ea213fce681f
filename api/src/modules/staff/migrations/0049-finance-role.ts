import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The finance role stored under its own name (docs/decisions/069-finance-one-module.md): the
 * `payments_operator` of `users.roles` and of pending grants (staff_role_grants.role) becomes
 * `finance`, the name the API, the staff site and FINANCE_PHONES use. `users.roles` is a
 * comma-separated list: the value is wrapped in commas, the whole name replaced, the commas
 * taken off again (the same SQL on SQLite and PostgreSQL).
 */
export const financeRoleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const wrapped = sql`replace(',' || roles || ',', ',payments_operator,', ',finance,')`;
    await sql`update users set roles = substr(${wrapped}, 2, length(${wrapped}) - 2)
      where ',' || roles || ',' like '%,payments_operator,%'`.execute(db);
    await sql`update staff_role_grants set role = 'finance' where role = 'payments_operator'`.execute(db);
  },
};
