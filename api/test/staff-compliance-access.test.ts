/**
 * Who may call each compliance endpoint (issue 30 item 4): compliance alone; support, finance,
 * release managers and administrators are refused (403 STAFF_ROLE_REQUIRED), so are no token,
 * an unknown staff token, a player's token and a staff member's password-only token (403
 * SECOND_FACTOR_REQUIRED), and nothing refused changes anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, suiteApp } from './helpers.js';
import { enrol, setStoredRoles, staffHeaders, staffRequest, staffToken } from './staff-kit.js';

type Method = 'GET' | 'POST';
type Role = 'support' | 'compliance' | 'finance' | 'release_manager' | 'admin';
const STORED: Record<Role, string> = {
  support: 'support',
  compliance: 'compliance',
  finance: 'payments_operator',
  release_manager: 'release_manager',
  admin: 'admin',
};

describe.each(DB_MODES)('staff compliance: who may call what (%s)', (mode) => {
  const t = suiteApp(mode);
  const staff = {} as Record<Role, { player: Player; token: string }>;
  let player: Player;

  beforeAll(async () => {
    player = await t.signedInPlayer(undefined, undefined, { identity: false });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/identity',
      headers: player.headers,
      payload: {
        fullName: 'Access Check',
        dateOfBirth: '1991-02-03',
        documentType: 'national_id',
        documentNumber: `${String(process.pid).padStart(5, '0').slice(-5)}997`,
      },
    });
    expect(json(put).status).toBe('pending');
    for (const role of Object.keys(STORED) as Role[]) {
      const member = await t.signedInPlayer(undefined, undefined, { identity: false });
      await setStoredRoles(t, member.userId, `user,${STORED[role]}`);
      staff[role] = { player: member, token: await staffToken(t, member, await enrol(t, member)) };
    }
  });

  it('every endpoint answers compliance only, and refuses everyone else without a change', async () => {
    const id = player.userId;
    const reason = 'Checking access';
    const endpoints: [Method, string, unknown][] = [
      ['GET', '/staff/identity-checks?status=pending', undefined],
      ['GET', '/staff/self-exclusions?active=true', undefined],
      ['GET', '/staff/self-exclusions.csv', undefined],
      ['POST', `/staff/identity-checks/${id}/recheck`, { reason }],
      ['POST', `/staff/identity-checks/${id}/reject`, { code: 'NOT_FOUND', reason }],
      ['POST', '/staff/regulator-feed/replay', { from_sequence: 1, reason }],
    ];
    for (const [method, url, body] of endpoints) {
      const none = await staffRequest(t, method, url, {}, body);
      expect(none.statusCode, `${method} ${url} without a token`).toBe(401);
      expect((await staffRequest(t, method, url, staffHeaders('stf_unknown'), body)).statusCode).toBe(401);
      const asPlayer = await staffRequest(t, method, url, player.headers, body);
      expect(asPlayer.statusCode, `${method} ${url} as a player`).toBe(403);
      expect(json(asPlayer).code).toBe('SECOND_FACTOR_REQUIRED');
      const passwordOnly = await staffRequest(t, method, url, staff.compliance.player.headers, body);
      expect(passwordOnly.statusCode, `${method} ${url} with a password-only token`).toBe(403);
      expect(json(passwordOnly).code).toBe('SECOND_FACTOR_REQUIRED');
      for (const role of ['support', 'finance', 'release_manager', 'admin'] as const) {
        const res = await staffRequest(t, method, url, staffHeaders(staff[role].token), body);
        expect(res.statusCode, `${method} ${url} as ${role}`).toBe(403);
        expect(json(res).code).toBe('STAFF_ROLE_REQUIRED');
      }
    }
    const db = t.app.ctx.database.db;
    expect(await db.selectFrom('staff_audit').selectAll().where('target_user_id', '=', id).execute()).toEqual(
      [],
    );
    expect(json(await t.get('/identity', player.headers)).status).toBe('pending');
    const replayed = db.selectFrom('staff_audit').selectAll().where('action', '=', 'regulator_feed.replayed');
    expect(await replayed.execute()).toEqual([]);

    const as = staffHeaders(staff.compliance.token);
    for (const [method, url, body] of endpoints) {
      const res = await staffRequest(t, method, url, as, body);
      // The reject follows the recheck (still pending: the simulator's register is still away).
      expect(res.statusCode, `${method} ${url} as compliance: ${res.body}`).toBe(200);
    }
    expect(json(await t.get('/identity', player.headers)).status).toBe('rejected');
  });
});
