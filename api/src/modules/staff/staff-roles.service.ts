/**
 * Staff people and their roles (docs/decisions/052-staff-accounts-two-factors.md): who holds a
 * staff role, an administrator granting and removing roles, and resetting someone's
 * authenticator. Every change is audited in its own transaction.
 */
import type { StaffMember, StaffRoleName } from '@mchezo/contracts/staff';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { configuredRoles } from '../auth/roles.service.js';
import {
  deleteEnrolmentCode,
  deleteTotp,
  endStaffSessionsOf,
  findStaffUser,
  findStaffUserByPhone,
  findTotp,
  findUsersWithRoles,
  swapRoles,
} from './staff.repository.js';
import { type PersonActor, STORED_ROLE, staffRolesOf } from './staff.types.js';
import type { StaffAuditService } from './staff-audit.service.js';
import { memberOf } from './staff-people.js';

export class StaffRolesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly audit: StaffAuditService,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** Everyone holding a staff role, or the one account with `phone` (staff or not). */
  async people(phone?: string): Promise<StaffMember[]> {
    if (phone) {
      const user = await findStaffUserByPhone(this.db, phone);
      return user ? [await memberOf(this.db, user)] : [];
    }
    const users = (await findUsersWithRoles(this.db)).filter((u) => staffRolesOf(u.roles).length > 0);
    return Promise.all(users.map((u) => memberOf(this.db, u)));
  }

  /** Grants a staff role (409 ROLE_HELD when held already). */
  async grantRole(actor: PersonActor, userId: string, role: StaffRoleName, reason: string) {
    return this.changeRoles(actor, userId, role, reason, 'grant');
  }

  /**
   * Removes a staff role: 409 ROLE_NOT_HELD when not held, ROLE_CONFIGURED when the environment's
   * phone list grants it (it would come back at the next sign-in: take the phone off the list).
   * Someone left without a staff role loses their staff sessions. Neither a grant nor a removal
   * touches the actor's own roles (403 OWN_ROLES).
   */
  async removeRole(actor: PersonActor, userId: string, role: StaffRoleName, reason: string) {
    return this.changeRoles(actor, userId, role, reason, 'remove');
  }

  private async changeRoles(
    actor: PersonActor,
    userId: string,
    role: StaffRoleName,
    reason: string,
    change: 'grant' | 'remove',
  ): Promise<StaffMember> {
    // Nobody changes their own roles (grants themselves finance, or anything): another
    // administrator does (docs/decisions/061). It also keeps the last administrator's role.
    if (userId === actor.userId)
      throw forbidden('Your own roles are changed by another administrator', 'OWN_ROLES');
    const stored = STORED_ROLE[role];
    const now = this.ctx.clock.now();
    const user = await inTransaction(this.ctx.database, async (trx) => {
      const user = await findStaffUser(trx, userId);
      if (!user) throw notFound('No such person');
      const roles = user.roles.split(',').filter(Boolean);
      if (change === 'grant' && roles.includes(stored))
        throw conflict('This role is held already', 'ROLE_HELD');
      if (change === 'remove') {
        if (!roles.includes(stored)) throw conflict('This role is not held', 'ROLE_NOT_HELD');
        if (configuredRoles(this.ctx, user.phone).includes(stored))
          throw conflict(
            'The environment grants this role to this phone: take the phone off its list first',
            'ROLE_CONFIGURED',
          );
      }
      const next = change === 'grant' ? [...roles, stored] : roles.filter((r) => r !== stored);
      const nextRoles = next.join(',');
      if (!(await swapRoles(trx, userId, user.roles, nextRoles, now)))
        throw conflict('The roles changed meanwhile: try again', 'CONFLICT');
      await this.audit.write(
        actor,
        {
          action: change === 'grant' ? 'staff.role_granted' : 'staff.role_removed',
          targetUserId: userId,
          before: { roles: staffRolesOf(user.roles) },
          after: { roles: staffRolesOf(nextRoles) },
          reason,
        },
        trx,
      );
      if (!staffRolesOf(nextRoles).length)
        for (const id of await endStaffSessionsOf(trx, userId, 'no_staff_role', actor.userId, now))
          await this.audit.write(
            actor,
            { action: 'staff.session_ended', targetUserId: userId, target: `staff_session:${id}`, reason },
            trx,
          );
      return { ...user, roles: nextRoles };
    });
    return memberOf(this.db, user);
  }

  /**
   * An administrator removes someone's authenticator (a lost phone): their sessions end, and an
   * enrolment code issued before is void: they enrol again with a new one.
   */
  async resetTwoFactor(actor: PersonActor, userId: string, reason: string): Promise<void> {
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      if (!(await findStaffUser(trx, userId))) throw notFound('No such person');
      if (!(await findTotp(trx, userId))) throw conflict('No authenticator is enrolled', 'NOT_ENROLLED');
      await deleteTotp(trx, userId);
      await deleteEnrolmentCode(trx, userId);
      await this.audit.write(actor, { action: 'staff.totp_reset', targetUserId: userId, reason }, trx);
      for (const id of await endStaffSessionsOf(trx, userId, 'totp_reset', actor.userId, now))
        await this.audit.write(
          actor,
          { action: 'staff.session_ended', targetUserId: userId, target: `staff_session:${id}`, reason },
          trx,
        );
    });
  }
}
