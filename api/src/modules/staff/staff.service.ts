/**
 * Staff accounts (docs/decisions/052-staff-accounts-two-factors.md), as the staff module builds
 * them once (staff.module.ts). Each part is its own service, by responsibility:
 * - `sessions` (staff-sessions.service.ts): two-factor sign-in, staff sessions, `authenticate`
 *   for `requireStaff` (staff.guard.ts);
 * - `enrolment` (staff-enrolment.service.ts): enrolling and confirming an authenticator;
 * - `roles` (staff-roles.service.ts): people, granting and removing roles, resetting an authenticator;
 * - `audit` (staff-audit.service.ts): THE staff audit. Other modules (players, payments,
 *   compliance, releases…) take `services.staff.audit` (type `StaffAudit`) and call
 *   `audit.record(trx, {actorUserId, ip, action, targetUserId, target, before, after, reason})`
 *   inside the transaction of the change they audit; `audit.list(query)` reads it.
 *
 * Other modules' staff routes take `requireStaff` (the guard app.ts builds with staffGuard) and
 * `staffOf` as plugin options: `preHandler: requireStaff('finance')`, then
 * `staffOf(request).userId`.
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import type { AppContext } from '../../context.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SecondPersonCheck, StaffAuth, StaffLimiter } from './staff.types.js';
import { StaffAuditService } from './staff-audit.service.js';
import { StaffEnrolmentService } from './staff-enrolment.service.js';
import { StaffRolesService } from './staff-roles.service.js';
import { StaffSessionsService } from './staff-sessions.service.js';

export { isStaffGuard, markStaffGuard, type RequireStaff, type StaffOf, staffOf } from './staff.guard.js';
export { STAFF_TOKEN_PREFIX, type StaffAuth, type StaffLimiter, staffRolesOf } from './staff.types.js';
export type { StaffAudit, StaffAuditQuery, StaffAuditRecord } from './staff-audit.service.js';

export class StaffService {
  readonly audit: StaffAuditService;
  readonly sessions: StaffSessionsService;
  readonly enrolment: StaffEnrolmentService;
  readonly roles: StaffRolesService;

  constructor(ctx: AppContext, auth: AuthService, limiter: StaffLimiter, secondPerson: SecondPersonCheck) {
    this.audit = new StaffAuditService(ctx);
    this.sessions = new StaffSessionsService(ctx, auth, limiter, this.audit);
    this.enrolment = new StaffEnrolmentService(ctx, this.audit, limiter);
    this.roles = new StaffRolesService(ctx, this.audit, secondPerson);
  }

  /** The staff session of a staff token (what `requireStaff` asks). */
  authenticate(token: string): Promise<StaffAuth> {
    return this.sessions.authenticate(token);
  }

  /** 403 STAFF_ROLE_REQUIRED unless the staff member holds one of `roles`. */
  checkRoles(staff: StaffAuth, roles: readonly StaffRoleName[]): void {
    this.sessions.checkRoles(staff, roles);
  }
}
