/** Reading staff people for the staff services: a member as the API shows them, and the staff check. */
import type { PendingRoleGrant, StaffMember } from '@mchezo/contracts/staff';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { lockedOut, refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { grantConfiguredRoles, type RoleGrants } from '../auth/roles.service.js';
import {
  findPendingGrants,
  findStaffUser,
  findTotp,
  type StaffUserRow,
  unusedRecoveryCodes,
} from './staff.repository.js';
import type { StaffRoleGrantsTable } from './staff.tables.js';
import { staffRolesOf } from './staff.types.js';

/** A pending grant as the API shows it (the role by its API name). */
export const pendingGrantOf = (g: StaffRoleGrantsTable): PendingRoleGrant => ({
  id: g.id,
  user_id: g.user_id,
  role: staffRolesOf(g.role)[0]!,
  proposed_by: g.proposed_by,
  reason: g.reason,
  created_at: iso(Number(g.created_at)),
  expires_at: iso(Number(g.expires_at)),
});

/** A person as the staff routes answer: roles by API name, whether two factors are set up. */
export async function memberOf(db: Kysely<DB>, user: StaffUserRow, now: number): Promise<StaffMember> {
  const totp = await findTotp(db, user.id);
  const pending = await findPendingGrants(db, now, user.id);
  return {
    user_id: user.id,
    phone: user.phone,
    full_name: user.full_name,
    roles: staffRolesOf(user.roles),
    two_factor: !!totp?.confirmed_at,
    recovery_codes_left: totp?.confirmed_at ? await unusedRecoveryCodes(db, user.id) : 0,
    pending_grants: pending.map(pendingGrantOf),
  };
}

/** A staff member's user (roles granted from the environment first), or 403 without a staff role. */
export async function staffUser(ctx: AppContext, grants: RoleGrants, userId: string): Promise<StaffUserRow> {
  const user = await findStaffUser(ctx.database.db, userId);
  if (!user) throw lockedOut('INVALID_TOKEN');
  user.roles = await grantConfiguredRoles(ctx, grants, user);
  if (!staffRolesOf(user.roles).length) throw refuse('STAFF_ROLE_REQUIRED', 'Only staff may do this');
  return user;
}
