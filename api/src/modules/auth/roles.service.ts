/**
 * Roles a user holds (`users.roles`). Some are granted by configuration: phones listed in
 * RELEASE_MANAGER_PHONES get `release_manager`, phones in FINANCE_PHONES `finance`
 * (the operators' side of money, modules/finance), phones in COMPLIANCE_PHONES `compliance` (money-laundering alerts
 * and cases, docs/decisions/043), phones in ADMIN_PHONES `admin` (who grants and removes staff
 * roles, docs/decisions/052), at boot and, for accounts registered later, at their next login
 * or staff sign-in. Removing a phone from a list takes nothing away; an administrator removes a
 * role through the staff API (modules/staff), whose `requireStaff` guards every staff route.
 */
import { RELEASE_MANAGER_ROLE } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import type { AuthConfig } from './auth.config.js';
import { findUsersRolesByPhone, setRoles, type UserRoles } from './roles.repository.js';

const FINANCE_ROLE = 'finance';
const COMPLIANCE_ROLE = 'compliance';
const ADMIN_ROLE = 'admin';

type RolesContext = Pick<AppContext, 'database' | 'clock'>;

/** The phone lists of the auth module's config that grant roles. */
export type RoleGrants = Pick<
  AuthConfig,
  'RELEASE_MANAGER_PHONES' | 'FINANCE_PHONES' | 'COMPLIANCE_PHONES' | 'ADMIN_PHONES'
>;

/** The configured roles this user's phone should hold (stored names). */
export function configuredRoles(grants: RoleGrants, phone: string): string[] {
  const out: string[] = [];
  if (grants.RELEASE_MANAGER_PHONES.includes(phone)) out.push(RELEASE_MANAGER_ROLE);
  if (grants.FINANCE_PHONES.includes(phone)) out.push(FINANCE_ROLE);
  if (grants.COMPLIANCE_PHONES.includes(phone)) out.push(COMPLIANCE_ROLE);
  if (grants.ADMIN_PHONES.includes(phone)) out.push(ADMIN_ROLE);
  return out;
}

/** Adds the roles configured for the user's phone that they lack; answers the roles. */
export async function grantConfiguredRoles(
  ctx: RolesContext,
  grants: RoleGrants,
  user: UserRoles,
): Promise<string> {
  const roles = user.roles.split(',').filter(Boolean);
  const missing = configuredRoles(grants, user.phone).filter((r) => !roles.includes(r));
  if (!missing.length) return user.roles;
  const next = [...roles, ...missing].join(',');
  await setRoles(ctx.database.db, user.id, next, ctx.clock.now());
  return next;
}

/** At boot: grants the configured roles to the existing accounts listed. */
export async function grantConfiguredManagers(ctx: RolesContext, grants: RoleGrants): Promise<void> {
  const phones = [
    ...new Set([
      ...grants.RELEASE_MANAGER_PHONES,
      ...grants.FINANCE_PHONES,
      ...grants.COMPLIANCE_PHONES,
      ...grants.ADMIN_PHONES,
    ]),
  ];
  if (!phones.length) return;
  for (const user of await findUsersRolesByPhone(ctx.database.db, phones))
    await grantConfiguredRoles(ctx, grants, user);
}
