/**
 * `requireStaff(...roles)`: the guard of every staff route (docs/decisions/052). A staff token
 * (`Authorization: Bearer stf_…`, from POST /staff/sign-in with two factors) whose session
 * stands, of someone holding one of `roles` (any staff role when none is named):
 * - no token, an unknown, ended or expired staff session: 401;
 * - a player's access token (password only, no second factor): 403 SECOND_FACTOR_REQUIRED
 *   (401 as the player routes answer when that token is itself invalid);
 * - a staff session without the role: 403 STAFF_ROLE_REQUIRED.
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { PreHandler } from '../../lib/http.js';
import type { StaffService } from './staff.service.js';
import { STAFF_TOKEN_PREFIX, type StaffAuth } from './staff.types.js';

const admitted = new WeakMap<FastifyRequest, StaffAuth>();

/** Every guard `requireStaff` made, and the wrappers marked with `markStaffGuard`. */
const guards = new WeakSet<object>();

/**
 * Marks a route guard that admits staff through `requireStaff` inside (the release routes'
 * "release manager or deploy key"): api/test/staff-routes-access.test.ts walks every route
 * holding a staff guard and checks who it refuses.
 */
export function markStaffGuard<T extends object>(guard: T): T {
  guards.add(guard);
  return guard;
}

/** Whether `hook` is a staff guard (for the route walk of the tests). */
export const isStaffGuard = (hook: unknown): boolean => typeof hook === 'function' && guards.has(hook);

/** The staff member of a request that passed `requireStaff`. */
export function staffOf(request: FastifyRequest): StaffAuth {
  const staff = admitted.get(request);
  if (!staff) throw unauthorized('Staff sign-in required', 'STAFF_SESSION_REQUIRED');
  return staff;
}

export type RequireStaff = (...roles: StaffRoleName[]) => PreHandler;
export type StaffOf = typeof staffOf;

/** `staff`: the staff module's service (staff.module.ts). */
export function staffGuard(
  staff: Pick<StaffService, 'authenticate' | 'checkRoles'>,
  requireAuth: PreHandler,
): RequireStaff {
  return (...roles) =>
    markStaffGuard<PreHandler>(async (request, reply) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const token = match?.[1];
      if (!token) throw unauthorized('Staff sign-in required', 'STAFF_SESSION_REQUIRED');
      if (!token.startsWith(STAFF_TOKEN_PREFIX)) {
        await requireAuth(request, reply);
        throw forbidden(
          'Staff routes need a staff session, signed in with two factors (POST /staff/sign-in)',
          'SECOND_FACTOR_REQUIRED',
        );
      }
      const auth = await staff.authenticate(token);
      staff.checkRoles(auth, roles);
      admitted.set(request, auth);
    });
}
