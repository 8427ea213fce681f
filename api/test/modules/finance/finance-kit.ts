/**
 * The finance suites' kit (adjustments.test.ts, report.test.ts): signed-in
 * staff members of every role (finance three times, for four eyes and for two approvals at once),
 * a player with no role, and the authorization matrix every finance endpoint must answer.
 */
import { expect } from 'vitest';
import { freshPhone, json, type Player, type TestApp } from '../../helpers.js';
import { enrol, setStoredRoles, staffHeaders, staffRequest, staffToken } from '../../staff-kit.js';

export type Method = 'GET' | 'POST' | 'DELETE';
export interface Member {
  player: Player;
  token: string;
  headers: Record<string, string>;
}

/** Stored role names (as the API names them since migration 0049). */
const STORED = {
  finance: 'finance',
  finance2: 'finance',
  finance3: 'finance',
  support: 'support',
  compliance: 'compliance',
  release_manager: 'release_manager',
  admin: 'admin',
} as const;
export type Who = keyof typeof STORED;

export interface FinanceCast {
  staff: Record<Who, Member>;
  /** A player with no staff role. */
  player: Player;
}

export async function financeCast(t: TestApp): Promise<FinanceCast> {
  const staff = {} as Record<Who, Member>;
  for (const [who, role] of Object.entries(STORED) as [Who, string][]) {
    const member = await t.signedInPlayer(freshPhone(), undefined, { identity: false });
    await setStoredRoles(t, member.userId, `user,${role}`);
    const token = await staffToken(t, member, await enrol(t, member));
    staff[who] = { player: member, token, headers: staffHeaders(token) };
  }
  return { staff, player: await t.signedInPlayer() };
}

/**
 * Each endpoint: 401 without a token or with an unknown staff token; 403 SECOND_FACTOR_REQUIRED
 * with a player's token and with a finance member's password-only token; 403 STAFF_ROLE_REQUIRED
 * for every other staff role. Returns nothing changed by those calls to check (the caller does).
 */
export async function expectFinanceOnly(
  t: TestApp,
  cast: FinanceCast,
  endpoints: [Method, string, unknown][],
): Promise<void> {
  for (const [method, url, body] of endpoints) {
    const name = `${method} ${url}`;
    expect((await staffRequest(t, method, url, {}, body)).statusCode, `${name} without a token`).toBe(401);
    expect(
      (await staffRequest(t, method, url, staffHeaders('stf_unknown'), body)).statusCode,
      `${name} unknown staff token`,
    ).toBe(401);
    for (const [label, headers] of [
      ['a player', cast.player.headers],
      ['a password-only finance token', cast.staff.finance.player.headers],
    ] as const) {
      const res = await staffRequest(t, method, url, headers, body);
      expect(res.statusCode, `${name} as ${label}`).toBe(403);
      expect(json(res).code).toBe('SECOND_FACTOR_REQUIRED');
    }
    for (const who of ['support', 'compliance', 'release_manager', 'admin'] as const) {
      const res = await staffRequest(t, method, url, cast.staff[who].headers, body);
      expect(res.statusCode, `${name} as ${who}`).toBe(403);
      expect(json(res).code).toBe('STAFF_ROLE_REQUIRED');
    }
  }
}
