/**
 * Who may call each `/staff/players/…` endpoint (decision 053): support and compliance read, add
 * notes and reveal; support alone forces a logout; finance, release managers and administrators
 * are refused; so are no token, a player's token and a staff member's password-only token, and
 * nothing refused changes anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_MODES, type Player, suiteApp } from '../../helpers.js';
import {
  type Endpoint,
  expectRefusals,
  type Role,
  type StaffByRole,
  staffOfEachRole,
} from '../../staff-access-kit.js';
import { staffHeaders, staffRequest } from '../../staff-kit.js';

describe.each(DB_MODES)('staff players: who may call what (%s)', (mode) => {
  const t = suiteApp(mode);
  let staff: StaffByRole;
  let player: Player;

  beforeAll(async () => {
    player = await t.signedInPlayer();
    staff = await staffOfEachRole(t);
  });

  it('every endpoint answers each role, none, a player and a password-only token as it should', async () => {
    const id = player.userId;
    const reason = 'Checking access';
    /** [method, url, body, the roles let through]. */
    const endpoints: [...Endpoint, Role[]][] = [
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
    await expectRefusals(
      t,
      endpoints.map(([method, url, body]): Endpoint => [method, url, body]),
      { staff, player, refused: ['finance', 'release_manager', 'admin'] },
    );
    for (const [method, url, body] of endpoints.filter(([, url]) => url.endsWith('/logout'))) {
      const res = await staffRequest(t, method, url, staffHeaders(staff.compliance.token), body);
      expect(res.statusCode, `${method} ${url} as compliance`).toBe(403);
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
