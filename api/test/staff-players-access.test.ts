/**
 * Who may call each `/staff/players/…` endpoint (decision 053): support and compliance read, add
 * notes and reveal; support alone forces a logout; finance, release managers and administrators
 * are refused; so are no token, a player's token and a staff member's password-only token, and
 * nothing refused changes anything.
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

describe.each(DB_MODES)('staff players: who may call what (%s)', (mode) => {
  const t = suiteApp(mode);
  const staff = {} as Record<Role, { player: Player; token: string }>;
  let player: Player;

  beforeAll(async () => {
    player = await t.signedInPlayer();
    for (const role of Object.keys(STORED) as Role[]) {
      const member = await t.signedInPlayer(undefined, undefined, { identity: false });
      await setStoredRoles(t, member.userId, `user,${STORED[role]}`);
      staff[role] = { player: member, token: await staffToken(t, member, await enrol(t, member)) };
    }
  });

  it('every endpoint answers each role, none, a player and a password-only token as it should', async () => {
    const id = player.userId;
    const reason = 'Checking access';
    /** [method, url, body, the roles let through]. */
    const endpoints: [Method, string, unknown, Role[]][] = [
      ['GET', `/staff/players?q=${player.phone.slice(-6)}`, undefined, ['support', 'compliance']],
      ['GET', `/staff/players/${id}`, undefined, ['support', 'compliance']],
      ['GET', `/staff/players/${id}/transactions`, undefined, ['support', 'compliance']],
      ['GET', `/staff/players/${id}/rounds`, undefined, ['support', 'compliance']],
      ['GET', `/staff/players/${id}/sessions`, undefined, ['support', 'compliance']],
      ['GET', `/staff/players/${id}/notes`, undefined, ['support', 'compliance']],
      ['POST', `/staff/players/${id}/notes`, { text: 'Access check' }, ['support', 'compliance']],
      ['POST', `/staff/players/${id}/reveal`, { field: 'date_of_birth', reason }, ['support', 'compliance']],
      ['POST', `/staff/players/${id}/logout`, { reason }, ['support']],
    ];
    for (const [method, url, body] of endpoints) {
      const none = await staffRequest(t, method, url, {}, body);
      expect(none.statusCode, `${method} ${url} without a token`).toBe(401);
      const asPlayer = await staffRequest(t, method, url, player.headers, body);
      expect(asPlayer.statusCode, `${method} ${url} as a player`).toBe(403);
      expect(json(asPlayer).code).toBe('SECOND_FACTOR_REQUIRED');
      const passwordOnly = await staffRequest(t, method, url, staff.support.player.headers, body);
      expect(passwordOnly.statusCode, `${method} ${url} with a password-only token`).toBe(403);
      expect(json(passwordOnly).code).toBe('SECOND_FACTOR_REQUIRED');
      expect((await staffRequest(t, method, url, staffHeaders('stf_unknown'), body)).statusCode).toBe(401);
      for (const role of ['finance', 'release_manager', 'admin'] as const) {
        const res = await staffRequest(t, method, url, staffHeaders(staff[role].token), body);
        expect(res.statusCode, `${method} ${url} as ${role}`).toBe(403);
        expect(json(res).code).toBe('STAFF_ROLE_REQUIRED');
      }
      if (url.endsWith('/logout')) {
        const res = await staffRequest(t, method, url, staffHeaders(staff.compliance.token), body);
        expect(res.statusCode, `${method} ${url} as compliance`).toBe(403);
      }
    }
    // Nothing refused above changed anything: no note, no audit row, the player still signed in.
    const db = t.app.ctx.database.db;
    expect(await db.selectFrom('player_notes').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('staff_audit').selectAll().where('target_user_id', '=', id).execute()).toEqual(
      [],
    );
    expect((await t.get('/auth/me', player.headers)).statusCode).toBe(200);

    for (const [method, url, body, allowed] of endpoints)
      for (const role of allowed) {
        const res = await staffRequest(t, method, url, staffHeaders(staff[role].token), body);
        const ok = url.endsWith('/logout') ? 200 : method === 'POST' && url.endsWith('/notes') ? 201 : 200;
        expect(res.statusCode, `${method} ${url} as ${role}: ${res.body}`).toBe(ok);
      }
    expect((await t.get('/auth/me', player.headers)).statusCode).toBe(401);
  });
});
