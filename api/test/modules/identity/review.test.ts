/**
 * Compliance's identity queue and self-exclusion register (docs/decisions/056): the pending queue,
 * asking the register again, refusing with a reason (audited in the same transaction; a decided
 * identity is not decided twice), the register's filters and pages, and its formula-safe CSV.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_MODES, json, type Player, suiteApp } from '../../helpers.js';
import { type StaffSession, staffHeaders, staffRequest, staffSession, staffToken } from '../../staff-kit.js';

// Both databases: SQL: the identity queue and register's filters, pages and search.
describe.each(DB_MODES)('staff compliance (%s)', (mode) => {
  const t = suiteApp(mode);
  let compliance: StaffSession;
  let n = 0;

  /** A player whose identity the register could not check (a number ending 997: pending). */
  async function pendingPlayer(): Promise<Player> {
    const player = await t.signedInPlayer(undefined, undefined, { identity: false });
    n++;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/identity',
      headers: player.headers,
      payload: {
        fullName: `Pending ${'abcdefghij'[n % 10]}erson`,
        dateOfBirth: '1990-01-01',
        documentType: 'national_id',
        documentNumber: `${String(30000 + n + process.pid).slice(-5)}997`,
      },
    });
    expect(json(res).status, res.body).toBe('pending');
    return player;
  }

  const get = (url: string) => staffRequest(t, 'GET', url, compliance.headers);
  const post = (url: string, body: unknown) => staffRequest(t, 'POST', url, compliance.headers, body);
  const auditOf = (userId: string) =>
    t.app.ctx.database.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('target_user_id', '=', userId)
      .execute();

  beforeAll(async () => {
    compliance = await staffSession(t, undefined, ['compliance']);
  });
  /** Staff sessions are short: a suite that moves its clock by hours signs in again. */
  async function signInAgain() {
    const token = await staffToken(t, compliance.player, compliance.enrolled);
    compliance = { ...compliance, token, headers: staffHeaders(token) };
  }

  it('lists pending identities, the longest waiting first, masked, with their attempts', async () => {
    const first = await pendingPlayer();
    t.clock.advance(1000);
    const second = await pendingPlayer();
    const res = await get('/staff/identity-checks?status=pending');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const checks = json(res).checks as Record<string, unknown>[];
    const ids = checks.map((c) => c.user_id);
    expect(ids.indexOf(first.userId)).toBeLessThan(ids.indexOf(second.userId));
    const mine = checks.find((c) => c.user_id === first.userId);
    expect(mine).toMatchObject({ reason: 'CHECK_UNAVAILABLE', attempts: 1, phone: first.phone });
    expect(String(mine?.document_number_masked)).toMatch(/^\*{4}\d{4}$/);
    expect(res.body).not.toContain('1990-01-01');
    expect((await get('/staff/identity-checks?status=confirmed')).statusCode).toBe(400);
    expect((await get('/staff/identity-checks?cursor=nonsense!')).statusCode).toBe(400);
  });

  it('asks the register again: still unavailable stays pending, a match confirms, both audited', async () => {
    const player = await pendingPlayer();
    const again = await post(`/staff/identity-checks/${player.userId}/recheck`, {
      reason: 'Register back up',
    });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ status: 'pending', reason: 'CHECK_UNAVAILABLE' });

    const spy = vi.spyOn(t.app.ctx.identity, 'check').mockResolvedValueOnce({ status: 'confirmed' });
    const ok = await post(`/staff/identity-checks/${player.userId}/recheck`, { reason: 'Register back up' });
    spy.mockRestore();
    expect(json(ok)).toMatchObject({ status: 'confirmed', reason: null });
    expect(json(await t.get('/identity', player.headers)).status).toBe('confirmed');
    const audit = await auditOf(player.userId);
    expect(audit.map((a) => a.action)).toEqual(['identity.rechecked', 'identity.rechecked']);
    expect(audit[0]?.actor_user_id).toBe(compliance.player.userId);
    expect(audit.map((a) => a.reason)).toEqual(['Register back up', 'Register back up']);

    const twice = await post(`/staff/identity-checks/${player.userId}/recheck`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).code).toBe('IDENTITY_NOT_PENDING');
    expect(await auditOf(player.userId)).toHaveLength(2);
  });

  it('refuses with one of the register reasons; the player reads it and may send new details', async () => {
    const player = await pendingPlayer();
    const bad = await post(`/staff/identity-checks/${player.userId}/reject`, { code: 'OTHER', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    const noReason = await post(`/staff/identity-checks/${player.userId}/reject`, { code: 'NOT_FOUND' });
    expect(noReason.statusCode).toBe(400);
    expect(await auditOf(player.userId)).toEqual([]);

    const res = await post(`/staff/identity-checks/${player.userId}/reject`, {
      code: 'NAME_MISMATCH',
      reason: 'Name on the register differs',
    });
    expect(res.statusCode).toBe(200);
    expect(json(await t.get('/identity', player.headers))).toMatchObject({
      status: 'rejected',
      reason: 'NAME_MISMATCH',
    });
    const [row] = await auditOf(player.userId);
    expect(row).toMatchObject({ action: 'identity.rejected', reason: 'Name on the register differs' });
    expect(JSON.parse(String(row?.after))).toEqual({ status: 'rejected', reason: 'NAME_MISMATCH' });
    const listed = json(await get('/staff/identity-checks')).checks as { user_id: string }[];
    expect(listed.map((c) => c.user_id)).not.toContain(player.userId);

    const unknown = await post('/staff/identity-checks/00000000-0000-0000-0000-000000000000/reject', {
      code: 'NOT_FOUND',
      reason: 'No such player',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the self-exclusion register: filters, pages, active now, and a formula-safe CSV', async () => {
    const a = await t.signedInPlayer();
    await t.app.ctx.database.db
      .updateTable('users')
      .set({ full_name: '=HYPERLINK("x")' })
      .where('id', '=', a.userId)
      .execute();
    expect((await t.post('/safer-gambling/time-out', { length: '24h' }, a.headers)).statusCode).toBe(200);
    const b = await t.signedInPlayer();
    expect((await t.post('/safer-gambling/self-exclusion', { length: '6m' }, b.headers)).statusCode).toBe(
      200,
    );

    const all = json(await get('/staff/self-exclusions')).entries as Record<string, unknown>[];
    const ofA = all.find((e) => e.user_id === a.userId);
    expect(ofA).toMatchObject({ kind: 'time_out', length: '24h', active: true, phone: a.phone });
    expect(all.find((e) => e.user_id === b.userId)).toMatchObject({ kind: 'self_exclusion', active: true });

    t.clock.advance(25 * 3_600_000);
    await signInAgain();
    const ended = json(await get('/staff/self-exclusions?active=false')).entries as { user_id: string }[];
    expect(ended.map((e) => e.user_id)).toContain(a.userId);
    expect(ended.map((e) => e.user_id)).not.toContain(b.userId);
    const active = json(await get('/staff/self-exclusions?active=true&kind=self_exclusion')).entries as {
      user_id: string;
    }[];
    expect(active.map((e) => e.user_id)).toEqual(expect.arrayContaining([b.userId]));
    expect(active.map((e) => e.user_id)).not.toContain(a.userId);
    expect(json(await get('/staff/self-exclusions?from=2000-01-01&to=2000-01-02')).entries).toEqual([]);
    expect((await get('/staff/self-exclusions?from=2020-02-30')).statusCode).toBe(400);
    const backwards = await get('/staff/self-exclusions?from=2026-02-02&to=2026-02-01');
    expect(json(backwards).code).toBe('INVALID_RANGE');
    expect((await get('/staff/self-exclusions?active=maybe')).statusCode).toBe(400);

    const csv = await get('/staff/self-exclusions.csv?kind=time_out');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('player,phone,kind,length,start,end,active');
    const line = lines.find((l) => l.includes(a.phone));
    expect(line).toMatch(/^"'=HYPERLINK\(""x""\)",\+2547\d{8},time_out,24h,.*\+03:00,.*\+03:00,no$/);
    expect(lines.some((l) => l.includes(b.phone))).toBe(false);
  });

  it('pages the register by cursor without repeats', async () => {
    for (let i = 0; i < 3; i++) {
      const p = await t.signedInPlayer();
      await t.post('/safer-gambling/time-out', { length: '7d' }, p.headers);
      t.clock.advance(1000);
    }
    await signInAgain();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = json(await get(`/staff/self-exclusions${cursor ? `?cursor=${cursor}` : ''}`));
      seen.push(...(page.entries as { id: string }[]).map((e) => e.id));
      cursor = page.next_cursor as string | null;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(5);
  });

  it('replays the regulator feed from a sequence number with a reason, audited', async () => {
    await signInAgain();
    const bad = await post('/staff/regulator-feed/replay', { from_sequence: 0, reason: 'Regulator asked' });
    expect(bad.statusCode).toBe(400);
    const noReason = await post('/staff/regulator-feed/replay', { from_sequence: 1 });
    expect(noReason.statusCode).toBe(400);
    const db = t.app.ctx.database.db;
    const audited = () =>
      db.selectFrom('staff_audit').selectAll().where('action', '=', 'regulator_feed.replayed').execute();
    expect(await audited()).toEqual([]);
    // Events of this suite's deposits and restrictions, marked delivered as the job would.
    await db.updateTable('regulator_feed_events').set({ delivered_at: t.clock.now() }).execute();
    const events = await db.selectFrom('regulator_feed_events').select('sequence').execute();
    expect(events.length).toBeGreaterThan(0);
    const res = await post('/staff/regulator-feed/replay', {
      from_sequence: 1,
      reason: 'Regulator ticket 42',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ from_sequence: 1, requeued: events.length });
    const undelivered = await db
      .selectFrom('regulator_feed_events')
      .select('sequence')
      .where('delivered_at', 'is', null)
      .execute();
    expect(undelivered).toHaveLength(events.length);
    const [row] = await audited();
    expect(row).toMatchObject({ actor_user_id: compliance.player.userId, reason: 'Regulator ticket 42' });
    expect(JSON.parse(String(row?.after))).toEqual({ from_sequence: 1, requeued: events.length });
  });
});
