/**
 * What the staff module's services share, and what other modules may import
 * (docs/decisions/052-staff-accounts-two-factors.md): the staff member behind a request, the role
 * names as the API and `users.roles` spell them, and what the module needs of auth's limiter.
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The prefix of every staff token: tells it from a player's access token (a JWT) at a glance. */
export const STAFF_TOKEN_PREFIX = 'stf_';

/** The staff member behind a request that passed `requireStaff`. */
export interface StaffAuth {
  userId: string;
  /** Their phone: what the release and payment audits name the actor by. */
  phone: string;
  sessionId: string;
  roles: StaffRoleName[];
}

/** Who did it and from where, for the audit. */
export interface Actor {
  userId: string | null;
  ip: string | null;
}

/** An actor that is a person (every administrator's action). */
export type PersonActor = Actor & { userId: string };

/**
 * What the staff module needs of auth's rate limiter (auth/rate-limit.ts, built once by
 * the auth module): the per-address count of sign-ins and the lock after failures.
 */
/**
 * Four eyes (four-eyes.service.ts, docs/decisions/061): 403 FOUR_EYES_REQUIRED unless
 * `deciderId` is a second person to each of `others` (those who took part before; nulls skipped).
 * `what` names the decision in the refusal ("approve an adjustment").
 */
export type SecondPersonCheck = (
  db: Kysely<DB>,
  deciderId: string,
  others: readonly (string | null)[],
  what: string,
) => Promise<void>;

export interface StaffLimiter {
  hit(action: 'staff_sign_in', ip: string, phone: string | null): Promise<void>;
  guardFailures<T>(key: string, attempt: () => Promise<T>, isFailure: (err: unknown) => boolean): Promise<T>;
}

/** The API's role names and the names `users.roles` stores (finance is the old payments_operator). */
export const STORED_ROLE: Record<StaffRoleName, string> = {
  support: 'support',
  finance: 'payments_operator',
  compliance: 'compliance',
  release_manager: 'release_manager',
  admin: 'admin',
};
const API_ROLE = new Map(Object.entries(STORED_ROLE).map(([api, stored]) => [stored, api as StaffRoleName]));

/** The staff roles among a `users.roles` value, by their API names. */
export const staffRolesOf = (roles: string): StaffRoleName[] =>
  roles.split(',').flatMap((r) => {
    const api = API_ROLE.get(r);
    return api ? [api] : [];
  });

/** Who holds a role, for refusals ("Only finance staff may do this"). */
export const ROLE_WHO: Record<StaffRoleName, string> = {
  support: 'support staff',
  finance: 'finance staff',
  compliance: 'compliance staff',
  release_manager: 'release managers',
  admin: 'administrators',
};
