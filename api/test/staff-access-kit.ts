/**
 * The role-matrix walk the staff access suites share (staff-*-access.test.ts): one member of each
 * staff role signed in with two factors, and the refusals every staff endpoint gives (no token, an
 * unknown staff token, a player's token and a password-only token, each refused role), each checked
 * with the endpoint named in the failure.
 */
import { expect } from 'vitest';
import { json, type Player, type TestApp } from './helpers.js';
import { enrol, setStoredRoles, staffHeaders, staffRequest, staffToken } from './staff-kit.js';

export type Method = 'GET' | 'POST';
export type Role = 'support' | 'compliance' | 'finance' | 'release_manager' | 'admin';
/** [method, url (under /api/v1), body]. */
export type Endpoint = [Method, string, unknown];

const STORED: Record<Role, string> = {
  support: 'support',
  compliance: 'compliance',
  finance: 'finance',
  release_manager: 'release_manager',
  admin: 'admin',
};
export const ROLES = Object.keys(STORED) as Role[];

export type StaffByRole = Record<Role, { player: Player; token: string }>;

/** One person of each role, enrolled and signed in with two factors (a suite's beforeAll). */
export async function staffOfEachRole(t: TestApp): Promise<StaffByRole> {
  const staff = {} as StaffByRole;
  for (const role of ROLES) {
    const member = await t.signedInPlayer(undefined, undefined, { identity: false });
    await setStoredRoles(t, member.userId, `user,${STORED[role]}`);
    staff[role] = { player: member, token: await staffToken(t, member, await enrol(t, member)) };
  }
  return staff;
}

/**
 * Every endpoint refuses: no token and an unknown staff token (401), a player's token and a staff
 * member's password-only token (403 SECOND_FACTOR_REQUIRED), and each role in `refused` (403
 * STAFF_ROLE_REQUIRED).
 */
export async function expectRefusals(
  t: TestApp,
  endpoints: Endpoint[],
  { staff, player, refused }: { staff: StaffByRole; player: Player; refused: Role[] },
): Promise<void> {
  const passwordOnly = staff.compliance.player.headers;
  for (const [method, url, body] of endpoints) {
    const none = await staffRequest(t, method, url, {}, body);
    expect(none.statusCode, `${method} ${url} without a token`).toBe(401);
    const unknown = await staffRequest(t, method, url, staffHeaders('stf_unknown'), body);
    expect(unknown.statusCode, `${method} ${url} with an unknown token`).toBe(401);
    const asPlayer = await staffRequest(t, method, url, player.headers, body);
    expect(asPlayer.statusCode, `${method} ${url} as a player`).toBe(403);
    expect(json(asPlayer).code).toBe('SECOND_FACTOR_REQUIRED');
    const password = await staffRequest(t, method, url, passwordOnly, body);
    expect(password.statusCode, `${method} ${url} with a password-only token`).toBe(403);
    expect(json(password).code).toBe('SECOND_FACTOR_REQUIRED');
    for (const role of refused) {
      const res = await staffRequest(t, method, url, staffHeaders(staff[role].token), body);
      expect(res.statusCode, `${method} ${url} as ${role}`).toBe(403);
      expect(json(res).code).toBe('STAFF_ROLE_REQUIRED');
    }
  }
}
