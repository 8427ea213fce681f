/**
 * Roles a user holds (`users.roles`). The release-manager role is granted by configuration:
 * phones listed in RELEASE_MANAGER_PHONES get it at boot and, for accounts registered later, at
 * their next login or release call. Removing a phone from the list takes nothing away.
 */
import { RELEASE_MANAGER_ROLE } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { findUserRoles, findUsersRolesByPhone, setRoles, type UserRoles } from './roles.repository.js';

type RolesContext = Pick<AppContext, 'env' | 'database' | 'clock'>;

/** Adds the role to a user whose phone is in RELEASE_MANAGER_PHONES; answers the roles. */
export async function grantReleaseManager(ctx: RolesContext, user: UserRoles): Promise<string> {
  const roles = user.roles.split(',').filter(Boolean);
  if (!ctx.env.RELEASE_MANAGER_PHONES.includes(user.phone) || roles.includes(RELEASE_MANAGER_ROLE))
    return user.roles;
  const next = [...roles, RELEASE_MANAGER_ROLE].join(',');
  await setRoles(ctx.database.db, user.id, next, ctx.clock.now());
  return next;
}

/** At boot: grants the role to the existing accounts listed in RELEASE_MANAGER_PHONES. */
export async function grantConfiguredManagers(ctx: RolesContext): Promise<void> {
  const phones = ctx.env.RELEASE_MANAGER_PHONES;
  if (!phones.length) return;
  for (const user of await findUsersRolesByPhone(ctx.database.db, phones))
    await grantReleaseManager(ctx, user);
}

/** Whether the user is a release manager (granted first when their phone is configured). */
export async function isReleaseManager(ctx: RolesContext, userId: string): Promise<boolean> {
  const user = await findUserRoles(ctx.database.db, userId);
  if (!user) return false;
  return (await grantReleaseManager(ctx, user)).split(',').includes(RELEASE_MANAGER_ROLE);
}
