/**
 * The staff suites' kit (staff-*.test.ts): a staff member's enrolment, codes computed from the
 * enrolled secret with the same library the API uses (otpauth), two-factor sign-in, and requests
 * with a staff token.
 */
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
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

/** Enrols the player's authenticator and confirms it with a code. */
export async function enrol(t: TestApp, player: Player): Promise<Enrolled> {
  const res = await t.post('/staff/totp/enrol', {}, player.headers);
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

/** Gives the account stored roles directly (a suite's set-up; the API's own grants are tested). */
export async function setStoredRoles(t: TestApp, userId: string, roles: string): Promise<void> {
  await t.app.ctx.database.db.updateTable('users').set({ roles }).where('id', '=', userId).execute();
}
