/**
 * The support desk's view of players (docs/decisions/053): search by any part of the
 * phone, the name or a Paybill account number; the 360 with the identity masked; a reveal with a
 * reason, audited; a force-logout that ends the player's session at once (the next call 401,
 * the refresh refused); notes; transactions with filters; rounds; sessions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DB_MODES,
  freshNationalId,
  freshPhone,
  json,
  logCapture,
  type Player,
  refreshCookie,
  suiteApp,
} from '../../helpers.js';
import { enrol, setStoredRoles, staffHeaders, staffRequest, staffToken } from '../../staff-kit.js';

// Both databases: SQL: player search with LIKE patterns, whose case rules differ between engines.
describe.each(DB_MODES)('staff: players (%s)', (mode) => {
  const logs = logCapture();
  // Every level: the full number must be in no log line, whatever the level.
  const t = suiteApp(mode, { LOG_LEVEL: 'trace' }, { logger: undefined, logStream: logs.stream });
  let support: Player;
  let supportToken: string;
  let player: Player;
  const idNumber = freshNationalId();

  const asSupport = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    staffRequest(t, method, url, staffHeaders(supportToken), body);
  const audit = async (userId: string) =>
    t.app.ctx.database.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('target_user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();

  beforeAll(async () => {
    support = await t.signedInPlayer(undefined, undefined, { identity: false });
    await setStoredRoles(t, support.userId, 'user,support');
    supportToken = await staffToken(t, support, await enrol(t, support));
    player = await t.signedInPlayer(undefined, undefined, { identity: false });
    const res = await t.submitIdentity(player, {
      fullName: 'Wanjiku Achieng Otieno',
      dateOfBirth: '1990-04-12',
      documentNumber: idNumber,
    });
    expect(json(res).status).toBe('confirmed');
    await t.app.ctx.database.db
      .updateTable('users')
      .set({ full_name: 'Wanjiku Otieno' })
      .where('id', '=', player.userId)
      .execute();
  });

  const found = async (q: string, extra = '') => {
    const res = await asSupport('GET', `/staff/players?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).players.map((p: { user_id: string }) => p.user_id) as string[];
  };

  it('finds a player by any part of the phone, with or without 254 or 0, by name, by Paybill account', async () => {
    const local = player.phone.slice(4); // 7xxxxxxxx
    expect(await found(local.slice(3, 8))).toContain(player.userId);
    expect(await found(`0${local}`)).toEqual([player.userId]);
    expect(await found(`254${local}`)).toEqual([player.userId]);
    expect(await found(player.phone)).toEqual([player.userId]);
    expect(await found(`0${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`)).toEqual([
      player.userId,
    ]);
    expect(await found('wanjiku OTI')).toContain(player.userId);
    expect(await found('Otieno', '&status=suspended')).not.toContain(player.userId);
    expect(await found('Otieno', '&status=active')).toContain(player.userId);
    // A Paybill account number is given on first use of the paybill details.
    const paybill = json(await t.get('/wallet/paybill', player.headers));
    expect(await found(paybill.account_number)).toEqual([player.userId]);
    // Wildcards in a name are text, not patterns.
    expect(await found('%%%')).toEqual([]);
  });

  it('pages newest first and refuses bad queries without a 500', async () => {
    const name = `Pagetest${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) {
      const res = await t.post('/auth/register', {
        phone: freshPhone(),
        password: 'correct-horse',
        full_name: `${name} ${i}`,
      });
      ids.push(json(res).user.id);
      t.clock.advance(1);
    }
    const first = json(await asSupport('GET', `/staff/players?q=${name}`));
    expect(first.players).toHaveLength(25);
    expect(first.players[0].user_id).toBe(ids[26]);
    const second = json(await asSupport('GET', `/staff/players?q=${name}&cursor=${first.next_cursor}`));
    expect(second.players.map((p: { user_id: string }) => p.user_id)).toEqual([ids[1], ids[0]]);
    expect(second.next_cursor).toBeNull();
    for (const bad of [
      '',
      '?q=ab',
      '?q=abc&cursor=not*a*cursor',
      '?cursor=W10',
      '?status=gone',
      '?q=abc&cursor=W10',
    ]) {
      const res = await asSupport('GET', `/staff/players${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(json(res).code, bad).toMatch(/QUERY_REQUIRED|VALIDATION_ERROR|INVALID_CURSOR/);
    }
  });

  it('the 360 masks the ID number and date of birth; a reveal with a reason answers it, audited, not stored', async () => {
    const res = await asSupport('GET', `/staff/players/${player.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json(res);
    expect(body.account).toMatchObject({ phone: player.phone, status: 'active', open_sessions: 1 });
    expect(body.identity).toMatchObject({
      status: 'confirmed',
      id_number_masked: `****${idNumber.slice(-4)}`,
      date_of_birth_masked: '19**-**-**',
    });
    expect(body.identity.checks[0]).toMatchObject({
      status: 'confirmed',
      document_last4: idNumber.slice(-4),
    });
    expect(body.balances).toEqual({ currency: 'KES', main: 0, withdrawal: 0, bonus: 0 });
    expect(body.limits.deposit_limits).toHaveLength(3);
    expect(res.body).not.toContain(idNumber);
    expect(res.body).not.toContain('1990-04-12');

    const noReason = await asSupport('POST', `/staff/players/${player.userId}/reveal`, {
      field: 'id_number',
    });
    expect(noReason.statusCode).toBe(400);
    expect(await audit(player.userId)).toHaveLength(0);
    const revealed = await asSupport('POST', `/staff/players/${player.userId}/reveal`, {
      field: 'id_number',
      reason: 'Caller confirming identity on ticket 4411',
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(json(revealed)).toEqual({ field: 'id_number', value: idNumber });
    const dob = await asSupport('POST', `/staff/players/${player.userId}/reveal`, {
      field: 'date_of_birth',
      reason: 'Caller confirming identity on ticket 4411',
    });
    expect(json(dob).value).toBe('1990-04-12');
    const entries = await audit(player.userId);
    expect(entries.map((e) => [e.action, e.actor_user_id, e.reason, e.after])).toEqual([
      [
        'players.revealed',
        support.userId,
        'Caller confirming identity on ticket 4411',
        '{"field":"date_of_birth"}',
      ],
      [
        'players.revealed',
        support.userId,
        'Caller confirming identity on ticket 4411',
        '{"field":"id_number"}',
      ],
    ]);
    // Neither the audit nor the logs hold the number.
    expect(JSON.stringify(entries)).not.toContain(idNumber);
    expect(logs.text).toContain('/staff/players/');
    expect(logs.text).not.toContain(idNumber);
    const unknown = await asSupport('GET', '/staff/players/0190b7a2-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('force-logout ends the session now: the next call 401, the refresh refused; audited; twice is 409', async () => {
    const p = await t.signedInPlayer(undefined, undefined, { identity: false });
    expect((await t.get('/auth/me', p.headers)).statusCode).toBe(200);
    const sessions = json(await asSupport('GET', `/staff/players/${p.userId}/sessions`)).sessions;
    expect(sessions).toHaveLength(1);
    expect(sessions[0].open).toBe(true);
    const res = await asSupport('POST', `/staff/players/${p.userId}/logout`, {
      reason: 'Phone reported stolen',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ ended_sessions: 1 });
    expect((await t.get('/auth/me', p.headers)).statusCode).toBe(401);
    expect((await t.get('/wallet/balance', p.headers)).statusCode).toBe(401);
    const refreshed = await t.post('/auth/refresh', {}, refreshCookie(p.refreshToken));
    expect(refreshed.statusCode).toBe(401);
    const after = json(await asSupport('GET', `/staff/players/${p.userId}/sessions`)).sessions;
    expect(after[0]).toMatchObject({ open: false, ended_reason: 'staff_logout' });
    const [entry] = await audit(p.userId);
    expect(entry).toMatchObject({
      action: 'players.logged_out',
      actor_user_id: support.userId,
      reason: 'Phone reported stolen',
      before: '{"open_sessions":1}',
      after: '{"open_sessions":0}',
    });
    const again = await asSupport('POST', `/staff/players/${p.userId}/logout`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('NO_OPEN_SESSION');
    // Signing in again works: the account is not blocked, only its sessions ended.
    expect((await t.post('/auth/login', { phone: p.phone, password: p.password })).statusCode).toBe(200);
  });

  it('notes: added with who and when, listed newest first, audited; an empty note is refused', async () => {
    const empty = await asSupport('POST', `/staff/players/${player.userId}/notes`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    const first = await asSupport('POST', `/staff/players/${player.userId}/notes`, {
      text: 'Called about a deposit',
    });
    expect(first.statusCode).toBe(201);
    t.clock.advance(1000);
    await asSupport('POST', `/staff/players/${player.userId}/notes`, {
      text: 'Deposit found, told the player',
    });
    const notes = json(await asSupport('GET', `/staff/players/${player.userId}/notes`)).notes;
    expect(notes.map((n: { text: string }) => n.text)).toEqual([
      'Deposit found, told the player',
      'Called about a deposit',
    ]);
    expect(notes[0]).toMatchObject({ author_user_id: support.userId, author: support.phone });
    const actions = (await audit(player.userId)).map((e) => e.action);
    expect(actions.filter((a) => a === 'players.note_added')).toHaveLength(2);
  });

  it('transactions with filters, and game rounds in cents', async () => {
    const p = await t.signedInPlayer();
    await t.depositFor(p, 120);
    const player_id = await t.playerRef(p);
    const bet = await t.seamless('bet', {
      transaction_id: 'sp-bet-1',
      player_id,
      round_id: 'sp-r1',
      game_id: 'lucky-sevens',
      amount: 20,
      currency: 'KES',
    });
    expect(bet.statusCode).toBe(200);
    await t.seamless('win', {
      transaction_id: 'sp-win-1',
      player_id,
      round_id: 'sp-r1',
      game_id: 'lucky-sevens',
      amount: 35.5,
      currency: 'KES',
    });
    const tx = (q: string) => asSupport('GET', `/staff/players/${p.userId}/transactions${q}`);
    const all = json(await tx(''));
    expect(all.transactions).toHaveLength(1);
    expect(all.transactions[0]).toMatchObject({ kind: 'deposit', status: 'completed', amount: 12_000 });
    expect(json(await tx('?kind=withdrawal')).transactions).toHaveLength(0);
    expect(json(await tx('?status=failed')).transactions).toHaveLength(0);
    const future = new Date(t.clock.now() + 60_000).toISOString();
    expect(json(await tx(`?from=${future}`)).transactions).toHaveLength(0);
    expect(json(await tx(`?to=${future}&kind=deposit&status=completed`)).transactions).toHaveLength(1);
    const badRange = await tx(`?from=${future}&to=${new Date(t.clock.now()).toISOString()}`);
    expect(badRange.statusCode).toBe(400);
    expect(json(badRange).code).toBe('INVALID_RANGE');
    const rounds = json(await asSupport('GET', `/staff/players/${p.userId}/rounds`)).rounds;
    expect(rounds).toEqual([
      expect.objectContaining({
        round_id: 'sp-r1',
        game_id: 'lucky-sevens',
        stakes: 2000,
        wins: 3550,
        rolled_back: false,
      }),
    ]);
    const balances = json(await asSupport('GET', `/staff/players/${p.userId}`)).balances;
    expect(balances.main + balances.withdrawal + balances.bonus).toBe(12_000 - 2000 + 3550);
  });
});
