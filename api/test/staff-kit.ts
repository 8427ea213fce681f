/**
 * The staff suites' kit (staff-*.test.ts and every suite that needs staff): a staff member's
 * enrolment (with an enrolment code), codes computed from the enrolled secret with the same
 * library the API uses (otpauth), two-factor sign-in, requests with a staff token, and
 * `staffSession` (a person with roles, signed in with two factors, in one call).
 */

import { randomBytes } from 'node:crypto';
import type { StaffRoleName } from '@mchezo/contracts/staff';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { STORED_ROLE } from '../src/modules/staff/staff.types.js';
import { enrolmentCodeHash } from '../src/modules/staff/totp.js';
import { bearer, json, type Player, type TestApp } from './helpers.js';

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

/** The 6-digit code an authenticator app shows for `secret` at `at`. */
export const totpCode = (secret: string, at: number): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

/**
 * The next 30-second step: each code is taken once, so a suite moves its clock on before using a
 * new one (as a person waits for the next code).
 */
export const nextStep = (t: TestApp) => t.clock.advance(30_000);

/**
 * Gives the person an enrolment code as an administrator's POST /staff/people/:user_id/enrolment
 * would (a suite's set-up, written to the database; the API's own issuing is tested in
 * staff-enrolment.test.ts). 24 hours from the suite's clock.
 */
export async function plantEnrolmentCode(t: TestApp, userId: string): Promise<string> {
  const code = randomBytes(6).toString('hex');
  const db = t.app.ctx.database.db;
  await db.deleteFrom('staff_enrolment_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('staff_enrolment_codes')
    .values({
      user_id: userId,
      code_hash: enrolmentCodeHash(code),
      issued_by: userId,
      created_at: t.clock.now(),
      expires_at: t.clock.now() + 86_400_000,
      used_at: null,
    })
    .execute();
  return code;
}

/**
 * Enrols the player's authenticator and confirms it with a code. Without `enrolmentCode` the kit
 * plants one (an ADMIN_PHONES administrator of an empty system needs none; one sent is ignored).
 */
export async function enrol(
  t: TestApp,
  player: Player,
  { enrolmentCode }: { enrolmentCode?: string } = {},
): Promise<Enrolled> {
  const enrolment_code = enrolmentCode ?? (await plantEnrolmentCode(t, player.userId));
  const res = await t.post('/staff/totp/enrol', { enrolment_code }, player.headers);
  if (res.statusCode !== 201) throw new Error(`enrol ${res.statusCode} ${res.body}`);
  const body = json(res);
  nextStep(t);
  const confirmed = await t.post(
    '/staff/totp/confirm',
    { code: totpCode(body.secret, t.clock.now()) },
    player.headers,
  );
  if (confirmed.statusCode !== 200) throw new Error(`confirm ${confirmed.statusCode} ${confirmed.body}`);
  return { secret: body.secret, recoveryCodes: body.recovery_codes };
}

export function staffSignIn(t: TestApp, player: Player, second: { code?: string; recovery_code?: string }) {
  return t.post('/staff/sign-in', { phone: player.phone, password: player.password, ...second });
}

/** Signs in with a fresh code: the staff token. */
export async function staffToken(t: TestApp, player: Player, enrolled: Enrolled): Promise<string> {
  nextStep(t);
  const res = await staffSignIn(t, player, { code: totpCode(enrolled.secret, t.clock.now()) });
  if (res.statusCode !== 200) throw new Error(`staff sign-in ${res.statusCode} ${res.body}`);
  return json(res).token;
}

export function staffRequest(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export const staffHeaders = (token: string) => bearer(token);

/** POST /staff/people/:user_id/enrolment as an administrator (their staff token). */
export function issueEnrolment(t: TestApp, adminToken: string, userId: string, reason = 'new starter') {
  return staffRequest(t, 'POST', `/staff/people/${userId}/enrolment`, staffHeaders(adminToken), { reason });
}

export interface StaffSession {
  player: Player;
  enrolled: Enrolled;
  token: string;
  /** `Authorization: Bearer stf_…` */
  headers: Record<string, string>;
}

/**
 * A person holding `roles` (stored directly, as setStoredRoles), enrolled and signed in with two
 * factors: what a suite needs to call staff routes. `phone` defaults to a fresh one.
 */
export async function staffSession(
  t: TestApp,
  phone: string | undefined,
  roles: StaffRoleName[],
): Promise<StaffSession> {
  const player = await t.signedInPlayer(phone);
  if (roles.length)
    await setStoredRoles(t, player.userId, ['user', ...roles.map((r) => STORED_ROLE[r])].join(','));
  const enrolled = await enrol(t, player);
  const token = await staffToken(t, player, enrolled);
  return { player, enrolled, token, headers: staffHeaders(token) };
}

/** Gives the account stored roles directly (a suite's set-up; the API's own grants are tested). */
export async function setStoredRoles(t: TestApp, userId: string, roles: string): Promise<void> {
  await t.app.ctx.database.db.updateTable('users').set({ roles }).where('id', '=', userId).execute();
}

/**
 * A player who also holds a staff session: `headers` and `accessToken` are the staff token's,
 * `playerHeaders` the password sign-in's.
 */
export type StaffPlayer = Player & {
  playerHeaders: Record<string, string>;
  enrolled: Enrolled;
  staffToken: string;
};

/**
 * Enrols `player` (who holds a staff role already: a *_PHONES list or setStoredRoles) and signs
 * them in with two factors: the same player whose `headers` now open staff routes. Suites that
 * called staff routes with a player token wrap their staff player in this.
 */
export async function asStaff(t: TestApp, player: Player): Promise<StaffPlayer> {
  const enrolled = await enrol(t, player);
  const token = await staffToken(t, player, enrolled);
  return {
    ...player,
    headers: staffHeaders(token),
    accessToken: token,
    playerHeaders: player.headers,
    enrolled,
    staffToken: token,
  };
}

/**
 * Signs a staff player in again with the current step's code, in place (the clock moved past
 * their session's idle end). The clock does not move: the step must not have been used yet.
 */
export async function signInAgain(t: TestApp, staff: StaffPlayer): Promise<void> {
  const res = await staffSignIn(t, staff, { code: totpCode(staff.enrolled.secret, t.clock.now()) });
  if (res.statusCode !== 200) throw new Error(`staff sign-in ${res.statusCode} ${res.body}`);
  staff.staffToken = json(res).token;
  staff.accessToken = staff.staffToken;
  staff.headers = staffHeaders(staff.staffToken);
}

/**
 * Signs in with a fresh code from one browser: the one holding the staff device cookie `device`
 * (`mchezo_staff_device=…`), or a new browser without it. The token, and the browser's cookie
 * (the one the sign-in set, or the one it brought; '' when there is none).
 */
export async function staffSignInFrom(
  t: TestApp,
  player: Player,
  enrolled: Enrolled,
  device?: string,
): Promise<{ token: string; headers: Record<string, string>; device: string }> {
  nextStep(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/sign-in',
    payload: {
      phone: player.phone,
      password: player.password,
      code: totpCode(enrolled.secret, t.clock.now()),
    },
    headers: device ? { cookie: device } : {},
  });
  if (res.statusCode !== 200) throw new Error(`staff sign-in ${res.statusCode} ${res.body}`);
  const header = res.headers['set-cookie'];
  const set = (Array.isArray(header) ? header : header === undefined ? [] : [String(header)])
    .find((c) => c.startsWith('mchezo_staff_device='))
    ?.split(';')[0];
  const token = json(res).token as string;
  return { token, headers: staffHeaders(token), device: set ?? device ?? '' };
}
