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
import { findUsersRolesByPhone, setRoles, type UserRoles } from './roles.repository.js';

const FINANCE_ROLE = 'finance';
const COMPLIANCE_ROLE = 'compliance';
const ADMIN_ROLE = 'admin';

type RolesContext = Pick<AppContext, 'env' | 'database' | 'clock'>;

/** The configured roles this user's phone should hold (stored names). */
export function configuredRoles(ctx: RolesContext, phone: string): string[] {
  const out: string[] = [];
  if (ctx.env.RELEASE_MANAGER_PHONES.includes(phone)) out.push(RELEASE_MANAGER_ROLE);
  if (ctx.env.FINANCE_PHONES.includes(phone)) out.push(FINANCE_ROLE);
  if (ctx.env.COMPLIANCE_PHONES.includes(phone)) out.push(COMPLIANCE_ROLE);
  if (ctx.env.ADMIN_PHONES.includes(phone)) out.push(ADMIN_ROLE);
  return out;
}

/** Adds the roles configured for the user's phone that they lack; answers the roles. */
export async function grantConfiguredRoles(ctx: RolesContext, user: UserRoles): Promise<string> {
  const roles = user.roles.split(',').filter(Boolean);
  const missing = configuredRoles(ctx, user.phone).filter((r) => !roles.includes(r));
  if (!missing.length) return user.roles;
  const next = [...roles, ...missing].join(',');
  await setRoles(ctx.database.db, user.id, next, ctx.clock.now());
  return next;
}

/** At boot: grants the configured roles to the existing accounts listed. */
export async function grantConfiguredManagers(ctx: RolesContext): Promise<void> {
  const phones = [
    ...new Set([
      ...ctx.env.RELEASE_MANAGER_PHONES,
      ...ctx.env.FINANCE_PHONES,
      ...ctx.env.COMPLIANCE_PHONES,
      ...ctx.env.ADMIN_PHONES,
    ]),
  ];
  if (!phones.length) return;
  for (const user of await findUsersRolesByPhone(ctx.database.db, phones))
    await grantConfiguredRoles(ctx, user);
}
