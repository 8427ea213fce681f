/** Reading staff people for the staff services: a member as the API shows them, and the staff check. */
import type { StaffMember } from '@mchezo/contracts/staff';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { forbidden, lockedOut } from '../../lib/errors.js';
import { grantConfiguredRoles } from '../auth/roles.service.js';
import { findStaffUser, findTotp, type StaffUserRow, unusedRecoveryCodes } from './staff.repository.js';
import { staffRolesOf } from './staff.types.js';

/** A person as the staff routes answer: roles by API name, whether two factors are set up. */
export async function memberOf(db: Kysely<DB>, user: StaffUserRow): Promise<StaffMember> {
  const totp = await findTotp(db, user.id);
  return {
    user_id: user.id,
    phone: user.phone,
    full_name: user.full_name,
    roles: staffRolesOf(user.roles),
    two_factor: !!totp?.confirmed_at,
    recovery_codes_left: totp?.confirmed_at ? await unusedRecoveryCodes(db, user.id) : 0,
  };
}

/** A staff member's user (roles granted from the environment first), or 403 without a staff role. */
export async function staffUser(ctx: AppContext, userId: string): Promise<StaffUserRow> {
  const user = await findStaffUser(ctx.database.db, userId);
  if (!user) throw lockedOut('INVALID_TOKEN');
  user.roles = await grantConfiguredRoles(ctx, user);
  if (!staffRolesOf(user.roles).length) throw forbidden('Only staff may do this', 'STAFF_ROLE_REQUIRED');
  return user;
}
