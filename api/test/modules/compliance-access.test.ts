/**
 * Who may call each compliance endpoint (docs/decisions/056; the money-laundering desk,
 * docs/decisions/043): compliance alone; support, finance, release managers and administrators are refused (403
 * STAFF_ROLE_REQUIRED), so are no token, an unknown staff token, a player's token and a staff
 * member's password-only token (403 SECOND_FACTOR_REQUIRED), and nothing refused changes anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/tx.js';
import { recordFeedEvent } from '../../src/modules/regulator-feed/feed-outbox.service.js';
import { parkEvent } from '../../src/modules/regulator-feed/regulator-feed.repository.js';
import { DB_MODES, json, type Player, suiteApp } from '../helpers.js';
import { type Endpoint, expectRefusals, type StaffByRole, staffOfEachRole } from '../staff-access-kit.js';
import { staffHeaders, staffRequest } from '../staff-kit.js';

describe.each(DB_MODES)('staff compliance: who may call what (%s)', (mode) => {
  const t = suiteApp(mode);
  let staff: StaffByRole;
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
    staff = await staffOfEachRole(t);
  });

  it('every endpoint answers compliance only, and refuses everyone else without a change', async () => {
    const id = player.userId;
    const reason = 'Checking access';
    // A feed event the receiver refused on its own (decision 063), for the release route.
    await inTransaction(t.app.ctx.database, (trx) =>
      recordFeedEvent(trx, player.userId, 'limit_change', t.clock.now(), { note: 'access' }),
    );
    const { last } = await t.app.ctx.database.db
      .selectFrom('regulator_feed_events')
      .select((eb) => eb.fn.max('sequence').as('last'))
      .executeTakeFirstOrThrow();
    const parkedSequence = Number(last);
    expect(await parkEvent(t.app.ctx.database.db, parkedSequence, 'HTTP 413: too large', t.clock.now())).toBe(
      true,
    );
    const endpoints: Endpoint[] = [
      ['GET', '/staff/identity-checks?status=pending', undefined],
      ['GET', '/staff/self-exclusions?active=true', undefined],
      ['GET', '/staff/self-exclusions.csv', undefined],
      ['GET', '/aml/alerts?severity=high&status=none&player=0712', undefined],
      ['GET', '/aml/cases', undefined],
      ['GET', '/aml/threshold-transactions.csv?from=2026-11-01&to=2026-11-26', undefined],
      ['POST', `/staff/identity-checks/${id}/recheck`, { reason }],
      ['POST', `/staff/identity-checks/${id}/reject`, { code: 'NOT_FOUND', reason }],
      ['POST', '/staff/regulator-feed/replay', { from_sequence: 1, reason }],
      ['POST', `/staff/regulator-feed/parked/${parkedSequence}/release`, { reason }],
    ];
    await expectRefusals(t, endpoints, {
      staff,
      player,
      refused: ['support', 'finance', 'release_manager', 'admin'],
    });
    const db = t.app.ctx.database.db;
    expect(await db.selectFrom('staff_audit').selectAll().where('target_user_id', '=', id).execute()).toEqual(
      [],
    );
    expect(json(await t.get('/identity', player.headers)).status).toBe('pending');
    const replayed = db.selectFrom('staff_audit').selectAll().where('action', '=', 'regulator_feed.replayed');
    expect(await replayed.execute()).toEqual([]);
    const released = db.selectFrom('staff_audit').selectAll().where('action', '=', 'regulator_feed.released');
    expect(await released.execute()).toEqual([]);
    const parked = db
      .selectFrom('regulator_feed_events')
      .select('parked_at')
      .where('sequence', '=', parkedSequence);
    expect((await parked.executeTakeFirstOrThrow()).parked_at).not.toBeNull();

    const as = staffHeaders(staff.compliance.token);
    for (const [method, url, body] of endpoints) {
      const res = await staffRequest(t, method, url, as, body);
      // The reject follows the recheck (still pending: the simulator's register is still away).
      expect(res.statusCode, `${method} ${url} as compliance: ${res.body}`).toBe(200);
    }
    expect(json(await t.get('/identity', player.headers)).status).toBe('rejected');
    expect((await parked.executeTakeFirstOrThrow()).parked_at).toBeNull();
  });
});
