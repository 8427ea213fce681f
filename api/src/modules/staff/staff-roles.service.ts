/**
 * Staff people and their roles (docs/decisions/052-staff-accounts-two-factors.md): who holds a
 * staff role, an administrator granting and removing roles, and resetting someone's
 * authenticator. Every change is audited in its own transaction.
 * A role that moves money or grants roles (finance, admin: `TWO_ADMIN_ROLES`) takes two
 * administrators (docs/decisions/065): one proposes, a second person to the proposer and the
 * grantee (the four-eyes check) confirms; until then the grant is pending and gives no rights.
 */
import {
  type PendingRoleGrant,
  type StaffMember,
  type StaffRoleName,
  TWO_ADMIN_ROLES,
} from '@mchezo/contracts/staff';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { configuredRoles, type RoleGrants } from '../auth/roles.service.js';
import {
  decideRoleGrant,
  deleteEnrolmentCode,
  deleteTotp,
  endStaffSessionsOf,
  expirePendingGrants,
  findPendingGrants,
  findRoleGrant,
  findStaffUser,
  findStaffUserByPhone,
  findTotp,
  findUsersWithRoles,
  insertRoleGrant,
  swapRoles,
} from './staff.repository.js';
import { type PersonActor, type SecondPersonCheck, STORED_ROLE, staffRolesOf } from './staff.types.js';
import type { StaffAuditService } from './staff-audit.service.js';
import { memberOf, pendingGrantOf } from './staff-people.js';

/** Nobody changes their own roles: another administrator does (docs/decisions/061, 065). */
function refuseOwnRoles(actor: PersonActor, userId: string): void {
  if (userId === actor.userId)
    throw refuse('OWN_ROLES', 'Your own roles are changed by another administrator');
}

/** How long a pending grant waits for its second administrator. */
export const ROLE_GRANT_TTL_MS = 7 * 24 * 3600 * 1000;

export class StaffRolesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly audit: StaffAuditService,
    private readonly secondPerson: SecondPersonCheck,
    private readonly grants: RoleGrants,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** Everyone holding a staff role, or the one account with `phone` (staff or not). */
  async people(phone?: string): Promise<StaffMember[]> {
    const now = this.ctx.clock.now();
    if (phone) {
      const user = await findStaffUserByPhone(this.db, phone);
      return user ? [await memberOf(this.db, user, now)] : [];
    }
    // Staff, and anyone a grant is pending for (they hold no staff role yet).
    const pendingFor = new Set((await findPendingGrants(this.db, now)).map((g) => g.user_id));
    const users = (await findUsersWithRoles(this.db)).filter(
      (u) => staffRolesOf(u.roles).length > 0 || pendingFor.has(u.id),
    );
    const listed = new Set(users.map((u) => u.id));
    for (const id of pendingFor) {
      const user = listed.has(id) ? undefined : await findStaffUser(this.db, id);
      if (user) users.push(user);
    }
    return Promise.all(users.map((u) => memberOf(this.db, u, now)));
  }

  /**
   * Grants a staff role (409 ROLE_HELD when held already). Finance and admin are only proposed:
   * `pending` is true and the member shows the pending grant (409 GRANT_PENDING when one is).
   */
  async grantRole(
    actor: PersonActor,
    userId: string,
    role: StaffRoleName,
    reason: string,
  ): Promise<{ member: StaffMember; pending: boolean }> {
    if (!TWO_ADMIN_ROLES.includes(role))
      return { member: await this.changeRoles(actor, userId, role, reason, 'grant'), pending: false };
    refuseOwnRoles(actor, userId);
    const stored = STORED_ROLE[role];
    const now = this.ctx.clock.now();
    const user = await inTransaction(this.ctx.database, async (trx) => {
      const user = await findStaffUser(trx, userId);
      if (!user) throw refuse('NOT_FOUND', 'No such person');
      if (user.roles.split(',').includes(stored)) throw refuse('ROLE_HELD', 'This role is held already');
      await expirePendingGrants(trx, userId, stored, now);
      if ((await findPendingGrants(trx, now, userId)).some((g) => g.role === stored))
        throw refuse('GRANT_PENDING', 'This grant already waits for a second administrator');
      const id = newId();
      await insertRoleGrant(trx, {
        id,
        user_id: userId,
        role: stored,
        status: 'pending',
        proposed_by: actor.userId,
        reason,
        created_at: now,
        expires_at: now + ROLE_GRANT_TTL_MS,
        decided_by: null,
        decided_at: null,
      });
      await this.audit.write(
        actor,
        {
          action: 'staff.role_grant_proposed',
          targetUserId: userId,
          target: `role_grant:${id}`,
          after: { role },
          reason,
        },
        trx,
      );
      return user;
    });
    return { member: await memberOf(this.db, user, now), pending: true };
  }

  /** Every grant waiting for a second administrator. */
  async pendingGrants(): Promise<PendingRoleGrant[]> {
    return (await findPendingGrants(this.db, this.ctx.clock.now())).map(pendingGrantOf);
  }

  /**
   * A second administrator confirms a pending grant: they must be a second person (the four-eyes
   * check) to both the proposer and the grantee, else 403 FOUR_EYES_REQUIRED. 409 GRANT_NOT_PENDING
   * when it was decided or expired meanwhile.
   */
  async confirmGrant(actor: PersonActor, grantId: string, reason: string): Promise<StaffMember> {
    const now = this.ctx.clock.now();
    const user = await inTransaction(this.ctx.database, async (trx) => {
      const grant = await this.pendingGrant(trx, grantId, now);
      await this.secondPerson(trx, actor.userId, [grant.proposed_by, grant.user_id], 'confirm this grant');
      if (!(await decideRoleGrant(trx, grantId, 'confirmed', actor.userId, now)))
        throw refuse('GRANT_NOT_PENDING', 'This grant is no longer pending');
      const user = await findStaffUser(trx, grant.user_id);
      if (!user) throw refuse('NOT_FOUND', 'No such person');
      const roles = user.roles.split(',').filter(Boolean);
      if (roles.includes(grant.role)) throw refuse('ROLE_HELD', 'This role is held already');
      const nextRoles = [...roles, grant.role].join(',');
      if (!(await swapRoles(trx, user.id, user.roles, nextRoles, now)))
        throw refuse('CONFLICT', 'The roles changed meanwhile: try again');
      await this.audit.write(
        actor,
        {
          action: 'staff.role_grant_confirmed',
          targetUserId: user.id,
          target: `role_grant:${grantId}`,
          before: { roles: staffRolesOf(user.roles) },
          after: { roles: staffRolesOf(nextRoles) },
          reason,
        },
        trx,
      );
      return { ...user, roles: nextRoles };
    });
    return memberOf(this.db, user, now);
  }

  /** Either administrator (any administrator but the grantee) cancels a pending grant. */
  async cancelGrant(actor: PersonActor, grantId: string, reason: string): Promise<StaffMember> {
    const now = this.ctx.clock.now();
    const user = await inTransaction(this.ctx.database, async (trx) => {
      const grant = await this.pendingGrant(trx, grantId, now);
      refuseOwnRoles(actor, grant.user_id);
      if (!(await decideRoleGrant(trx, grantId, 'cancelled', actor.userId, now)))
        throw refuse('GRANT_NOT_PENDING', 'This grant is no longer pending');
      await this.audit.write(
        actor,
        {
          action: 'staff.role_grant_cancelled',
          targetUserId: grant.user_id,
          target: `role_grant:${grantId}`,
          before: { role: staffRolesOf(grant.role)[0] },
          reason,
        },
        trx,
      );
      const user = await findStaffUser(trx, grant.user_id);
      if (!user) throw refuse('NOT_FOUND', 'No such person');
      return user;
    });
    return memberOf(this.db, user, now);
  }

  private async pendingGrant(trx: Kysely<DB>, grantId: string, now: number) {
    const grant = await findRoleGrant(trx, grantId);
    if (!grant) throw refuse('NOT_FOUND', 'No such grant');
    if (grant.status !== 'pending' || Number(grant.expires_at) <= now)
      throw refuse('GRANT_NOT_PENDING', 'This grant is no longer pending');
    return grant;
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
    refuseOwnRoles(actor, userId);
    const stored = STORED_ROLE[role];
    const now = this.ctx.clock.now();
    const user = await inTransaction(this.ctx.database, async (trx) => {
      const user = await findStaffUser(trx, userId);
      if (!user) throw refuse('NOT_FOUND', 'No such person');
      const roles = user.roles.split(',').filter(Boolean);
      if (change === 'grant' && roles.includes(stored))
        throw refuse('ROLE_HELD', 'This role is held already');
      if (change === 'remove') {
        if (!roles.includes(stored)) throw refuse('ROLE_NOT_HELD', 'This role is not held');
        if (configuredRoles(this.grants, user.phone).includes(stored))
          throw refuse(
            'ROLE_CONFIGURED',
            'The environment grants this role to this phone: take the phone off its list first',
          );
      }
      const next = change === 'grant' ? [...roles, stored] : roles.filter((r) => r !== stored);
      const nextRoles = next.join(',');
      if (!(await swapRoles(trx, userId, user.roles, nextRoles, now)))
        throw refuse('CONFLICT', 'The roles changed meanwhile: try again');
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
    return memberOf(this.db, user, now);
  }

  /**
   * An administrator removes someone's authenticator (a lost phone): their sessions end, and an
   * enrolment code issued before is void: they enrol again with a new one.
   */
  async resetTwoFactor(actor: PersonActor, userId: string, reason: string): Promise<void> {
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      if (!(await findStaffUser(trx, userId))) throw refuse('NOT_FOUND', 'No such person');
      if (!(await findTotp(trx, userId))) throw refuse('NOT_ENROLLED', 'No authenticator is enrolled');
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
