/** Data access for user roles (`users.roles`, comma-separated). Every function takes the database or a transaction. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB>;
export interface UserRoles {
  id: string;
  phone: string;
  roles: string;
}

export function findUsersRolesByPhone(db: Db, phones: readonly string[]): Promise<UserRoles[]> {
  return db.selectFrom('users').select(['id', 'phone', 'roles']).where('phone', 'in', phones).execute();
}

export async function setRoles(db: Db, id: string, roles: string, now: number): Promise<void> {
  await db.updateTable('users').set({ roles, updated_at: now }).where('id', '=', id).execute();
}
