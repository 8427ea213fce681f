/**
 * Safer gambling (docs/decisions/020-safer-gambling.md): deposit limits per Kenyan calendar
 * window, the 24-hour wait on a raise or removal, time-outs and self-exclusions refusing
 * deposits, launches and stakes (never withdrawals), and the activity statement.
 */
import { describe, expect, it } from 'vitest';
import { DB_MODES, json, type Player, suiteApp, TAXED, type TestApp } from '../../helpers.js';

/** Epoch ms of a Kenyan wall-clock time (UTC+3). */
const eat = (y: number, m: number, d: number, h = 0, min = 0) =>
  Date.UTC(y, m - 1, d, h, min) - 3 * 3_600_000;
const HOUR = 3_600_000;

/** Moves the shared clock forward to `at`, then signs the player in again (tokens expire). */
async function moveTo(t: TestApp, at: number, ...players: Player[]) {
  expect(at).toBeGreaterThan(t.clock.now());
  t.clock.advance(at - t.clock.now());
  for (const p of players) {
    const login = json(await t.post('/auth/login', { phone: p.phone, password: p.password }));
    p.headers = { authorization: `Bearer ${login.access_token}` };
  }
}

const setLimits = (t: TestApp, p: Player, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/safer-gambling/deposit-limits',
    payload: body as object,
    headers: p.headers,
  });
const overview = async (t: TestApp, p: Player) => json(await t.get('/safer-gambling', p.headers));
const limitOf = async (t: TestApp, p: Player, period: string) =>
  (await overview(t, p)).deposit_limits.find((l: { period: string }) => l.period === period);

// Both databases: money and SQL: deposit limits sum a window of transactions in SQL.
describe.each(DB_MODES)('deposit limits (%s)', (mode) => {
  const t = suiteApp(mode);

  it('refuses a deposit over the daily limit, names what is left, allows exactly the limit', async () => {
    const p = await t.signedInPlayer();
    await moveTo(t, eat(2031, 3, 4, 10), p);
    expect((await setLimits(t, p, { day: 1000 })).statusCode).toBe(200);
    expect((await t.walletRequest('deposit', p, 600)).statusCode).toBe(200);
    const over = await t.walletRequest('deposit', p, 401);
    expect(over.statusCode).toBe(422);
    expect(json(over)).toMatchObject({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      limit_period: 'day',
      limit: 1000,
      remaining: 400,
    });
    expect(json(over).error).toBe(
      'This deposit would go over your daily deposit limit of KES 1,000. You can deposit KES 400 more today.',
    );
    expect((await t.walletRequest('deposit', p, 400)).statusCode).toBe(200);
    await t.settlePayments();
    expect((await t.balances(p)).main).toBe(1000);
    expect((await t.walletRequest('deposit', p, 1)).statusCode).toBe(422);
  });

  it('does not count failed deposits', async () => {
    // Money moves only to and from the player's own phone: the simulator refuses this one's.
    const p = await t.playerWithPhone('+254700000004');
    await moveTo(t, eat(2031, 3, 5, 10), p);
    await setLimits(t, p, { day: 500 });
    const failed = await t.walletRequest('deposit', p, 500);
    expect(failed.statusCode).toBe(200);
    await t.settlePayments();
    expect((await t.transaction(p, json(failed).transaction_id)).status).toBe('failed');
    expect((await t.walletRequest('deposit', p, 500)).statusCode).toBe(200);
  });

  it('opens again when the Kenyan day, week and month turn', async () => {
    const p = await t.signedInPlayer();
    // Sunday 30 March 2031, 23:30 Kenya time: the last half hour of a day, a week and a month.
    await moveTo(t, eat(2031, 3, 30, 23, 30), p);
    await setLimits(t, p, { day: 300 });
    await t.depositFor(p, 300);
    expect(json(await t.walletRequest('deposit', p, 100)).limit_period).toBe('day');
    await moveTo(t, eat(2031, 3, 31, 0, 0), p);
    expect((await t.walletRequest('deposit', p, 300)).statusCode).toBe(200);

    const w = await t.signedInPlayer();
    await moveTo(t, eat(2031, 4, 6, 23, 0), w); // Sunday
    await setLimits(t, w, { week: 500 });
    await t.depositFor(w, 500);
    expect(json(await t.walletRequest('deposit', w, 1)).limit_period).toBe('week');
    await moveTo(t, eat(2031, 4, 7, 0, 1), w); // Monday
    expect((await t.walletRequest('deposit', w, 500)).statusCode).toBe(200);

    const m = await t.signedInPlayer();
    await moveTo(t, eat(2031, 4, 30, 22, 0), m);
    await setLimits(t, m, { month: 700 });
    await t.depositFor(m, 700);
    expect(json(await t.walletRequest('deposit', m, 1)).limit_period).toBe('month');
    await moveTo(t, eat(2031, 5, 1, 0, 0), m);
    expect((await t.walletRequest('deposit', m, 700)).statusCode).toBe(200);
  });

  it('lowers at once, raises and removes only after 24 hours', async () => {
    const p = await t.signedInPlayer();
    await moveTo(t, eat(2031, 6, 2, 8), p);
    await setLimits(t, p, { day: 2000 });
    await setLimits(t, p, { day: 1000 });
    expect(await limitOf(t, p, 'day')).toEqual({ period: 'day', amount: 1000, pending: null });
    const raise = json(await setLimits(t, p, { day: 5000 }));
    const appliesAt = new Date(t.clock.now() + 24 * HOUR).toISOString();
    expect(raise.deposit_limits[0]).toEqual({
      period: 'day',
      amount: 1000,
      pending: { amount: 5000, applies_at: appliesAt },
    });
    await t.depositFor(p, 1000);
    await moveTo(t, t.clock.now() + 23 * HOUR, p); // 07:00 next day: a new day, the raise not yet
    await t.depositFor(p, 1000);
    expect(json(await t.walletRequest('deposit', p, 1)).limit).toBe(1000);
    await moveTo(t, t.clock.now() + HOUR, p);
    expect(await limitOf(t, p, 'day')).toEqual({ period: 'day', amount: 5000, pending: null });
    expect((await t.walletRequest('deposit', p, 4000)).statusCode).toBe(200);

    const removal = json(await setLimits(t, p, { day: null }));
    expect(removal.deposit_limits[0].pending).toEqual({
      amount: null,
      applies_at: new Date(t.clock.now() + 24 * HOUR).toISOString(),
    });
    await moveTo(t, t.clock.now() + 24 * HOUR - 1, p);
    expect((await limitOf(t, p, 'day')).amount).toBe(5000);
    await moveTo(t, t.clock.now() + 1, p);
    expect(await limitOf(t, p, 'day')).toEqual({ period: 'day', amount: null, pending: null });
    expect((await t.walletRequest('deposit', p, 100_000)).statusCode).toBe(200);
  });

  it('refuses bad limits with 400 and changes nothing', async () => {
    const p = await t.signedInPlayer();
    await setLimits(t, p, { week: 3000 });
    const before = await overview(t, p);
    for (const body of [
      { day: 0 },
      { day: -5 },
      { day: 10.005 },
      { day: 150_000.01 },
      { day: '100' },
      { fortnight: 100 },
      {},
      { day: 100, week: 0 },
    ]) {
      const res = await setLimits(t, p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
    expect(await overview(t, p)).toEqual(before);
    expect((await setLimits(t, p, { month: 150_000 })).statusCode).toBe(200);
    expect((await t.get('/safer-gambling')).statusCode).toBe(401);
  });
});

describe.each(DB_MODES)('time-out and self-exclusion (%s)', (mode) => {
  const t = suiteApp(mode);
  const post = (p: Player, url: string, body: unknown) => t.post(`/safer-gambling/${url}`, body, p.headers);
  const stake = async (p: Player, id: string) =>
    t.seamless('bet', {
      transaction_id: id,
      player_id: await t.playerRef(p),
      round_id: id,
      game_id: 'lucky-sevens',
      amount: 20,
      currency: 'KES',
    });

  it('a time-out refuses deposit, launch and stake with its end, allows withdrawal, cannot be undone', async () => {
    const p = await t.signedInPlayer();
    await moveTo(t, eat(2032, 1, 10, 12), p);
    await t.depositFor(p, 500);
    await t.creditWinnings(p, 300);
    const res = await post(p, 'time-out', { length: '24h' });
    expect(res.statusCode).toBe(200);
    const until = new Date(t.clock.now() + 24 * HOUR).toISOString();
    expect(json(res).restriction).toMatchObject({ kind: 'time_out', length: '24h', until });

    const deposit = await t.walletRequest('deposit', p, 100);
    expect(deposit.statusCode).toBe(403);
    expect(json(deposit)).toMatchObject({ code: 'TIMED_OUT', until });
    expect(json(deposit).error).toContain('11 January 2032 at 12:00 (Kenya time)');
    const launch = await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, p.headers);
    expect(launch.statusCode).toBe(403);
    expect(json(launch)).toMatchObject({ code: 'TIMED_OUT', until });
    const bet = await stake(p, 'sg-bet-1');
    expect(bet.statusCode).toBe(403);
    expect(json(bet)).toMatchObject({ code: 'TIMED_OUT', until });
    expect(await t.balances(p)).toEqual({ main: 500, withdrawal: 300, bonus: 0 });

    expect((await t.walletRequest('withdraw', p, 200)).statusCode).toBe(200);
    expect((await post(p, 'time-out', { length: '24h' })).statusCode).toBe(409);
    expect(json(await t.get('/safer-gambling', p.headers)).restriction.until).toBe(until);

    await moveTo(t, t.clock.now() + 24 * HOUR, p);
    expect(json(await t.get('/safer-gambling', p.headers)).restriction).toBeNull();
    expect((await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, p.headers)).statusCode).toBe(200);
    expect((await stake(p, 'sg-bet-2')).statusCode).toBe(200);
    await t.checkLedger();
  });

  it('self-exclusion replaces a shorter time-out, never the reverse, and refuses play', async () => {
    const p = await t.signedInPlayer();
    await moveTo(t, eat(2032, 2, 1, 9), p);
    expect((await post(p, 'time-out', { length: '7d' })).statusCode).toBe(200);
    expect((await post(p, 'time-out', { length: '24h' })).statusCode).toBe(409);
    expect((await post(p, 'time-out', { length: '30d' })).statusCode).toBe(200);
    const excl = await post(p, 'self-exclusion', { length: '6m' });
    expect(json(excl).restriction).toMatchObject({
      kind: 'self_exclusion',
      until: new Date(eat(2032, 8, 1, 9)).toISOString(),
    });
    expect((await post(p, 'time-out', { length: '30d' })).statusCode).toBe(409);
    expect(json(await t.walletRequest('deposit', p, 100)).code).toBe('SELF_EXCLUDED');
    expect(json(await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, p.headers)).code).toBe(
      'SELF_EXCLUDED',
    );
    expect(json(await stake(p, 'sg-bet-3')).code).toBe('SELF_EXCLUDED');
    expect((await post(p, 'self-exclusion', { length: '5y' })).statusCode).toBe(200);
    // Login stays possible.
    expect((await t.post('/auth/login', { phone: p.phone, password: p.password })).statusCode).toBe(200);
  });

  it.each([
    ['time-out', '24h', 'TIMED_OUT'],
    ['self-exclusion', '6m', 'SELF_EXCLUDED'],
  ] as const)(
    'after a %s no game session opens and an open one cannot spin: 403 %s',
    async (url, length, code) => {
      const p = await t.signedInPlayer();
      await t.depositFor(p, 500);
      const link = async () => {
        const res = await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, p.headers);
        return new URL(json(res).game_link).searchParams.get('launch');
      };
      const open = async (launch_token: string | null) => t.post('/games/demo/session', { launch_token });
      const playing = json(await open(await link()));
      const unopened = await link(); // made before the restriction, opened after it
      const { until } = json(await post(p, url, { length })).restriction;

      const spin = await t.post('/games/demo/spin', { session_token: playing.session_token, stake: 20 });
      expect(spin.statusCode).toBe(403);
      expect(json(spin)).toMatchObject({ code, until });
      const late = await open(unopened);
      expect(late.statusCode).toBe(403);
      expect(json(late)).toMatchObject({ code, until });
      expect(json(late).session_token).toBeUndefined();
      expect(await t.balances(p)).toEqual({ main: 500, withdrawal: 0, bonus: 0 });
      await t.checkLedger();
    },
  );

  it('refuses unknown lengths and reality-check intervals with 400', async () => {
    const p = await t.signedInPlayer();
    for (const [url, body] of [
      ['time-out', { length: '2h' }],
      ['time-out', { length: '6m' }],
      ['self-exclusion', { length: '24h' }],
      ['self-exclusion', {}],
    ] as const)
      expect((await post(p, url, body)).statusCode).toBe(400);
    expect((await overview(t, p)).restriction).toBeNull();
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/safer-gambling/reality-check',
        payload: body as object,
        headers: p.headers,
      });
    expect((await put({ minutes: 20 })).statusCode).toBe(400);
    expect((await overview(t, p)).reality_check_minutes).toBeNull();
    expect(json(await put({ minutes: 30 })).reality_check_minutes).toBe(30);
    expect(json(await put({ minutes: null })).reality_check_minutes).toBeNull();
  });
});

describe.each(DB_MODES)('activity statement (%s)', (mode) => {
  const t = suiteApp(mode, TAXED);

  it('totals deposits, withdrawals, stakes, wins and taxes of the period', async () => {
    const p = await t.signedInPlayer();
    const other = await t.signedInPlayer();
    await moveTo(t, eat(2033, 5, 10, 9), p, other);
    await t.depositFor(p, 1000); // excise 50 deducted
    await t.depositFor(other, 777);
    const ref = await t.playerRef(p);
    const money = (op: string, id: string, amount: number) =>
      t.seamless(op, {
        transaction_id: id,
        player_id: ref,
        round_id: id,
        game_id: 'lucky-sevens',
        amount,
        currency: 'KES',
      });
    expect((await money('bet', 'st-bet-1', 100)).statusCode).toBe(200);
    expect((await money('bet', 'st-bet-2', 50)).statusCode).toBe(200);
    expect((await money('win', 'st-win-1', 230)).statusCode).toBe(200);
    const rolled = await t.seamless('rollback', {
      transaction_id: 'st-rb-1',
      player_id: ref,
      round_id: 'st-bet-2',
      game_id: 'lucky-sevens',
      rolled_back_transaction_id: 'st-bet-2',
    });
    expect(rolled.statusCode).toBe(200);
    expect((await t.walletRequest('withdraw', p, 200)).statusCode).toBe(200); // withholding 10
    await t.settlePayments();
    const day = json(await t.get('/safer-gambling/statement?period=day', p.headers));
    expect(day).toEqual({
      from: new Date(eat(2033, 5, 10)).toISOString(),
      to: new Date(eat(2033, 5, 11)).toISOString(),
      currency: 'KES',
      deposits: 1000,
      withdrawals: 200,
      stakes: 100,
      wins: 230,
      taxes: 60,
      net_result: 130,
    });
    const from = new Date(t.clock.now() - HOUR).toISOString();
    expect(
      json(await t.get(`/safer-gambling/statement?from=${encodeURIComponent(from)}`, p.headers)),
    ).toMatchObject({
      stakes: 100,
      wins: 230,
    });
    await moveTo(t, eat(2033, 5, 12, 9), p);
    expect(json(await t.get('/safer-gambling/statement?period=day', p.headers))).toMatchObject({
      deposits: 0,
      stakes: 0,
    });
    expect(json(await t.get('/safer-gambling/statement?period=month', p.headers))).toMatchObject({
      deposits: 1000,
      taxes: 60,
      net_result: 130,
    });
    for (const q of [
      '',
      '?period=year',
      '?period=day&from=2033-05-01T00:00:00Z',
      '?from=yesterday',
      '?from=2033-05-12T00:00:00Z&to=2033-05-11T00:00:00Z',
      '?from=2030-01-01T00:00:00Z',
    ])
      expect((await t.get(`/safer-gambling/statement${q}`, p.headers)).statusCode, q).toBe(400);
    await t.checkLedger();
  });
});

describe.each(DB_MODES)('loss and stake limits (%s)', (mode) => {
  const t = suiteApp(mode);
  const put = (p: Player, url: 'loss-limits' | 'stake-limit', body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/safer-gambling/${url}`,
      payload: body as object,
      headers: p.headers,
    });
  /** A signed seamless call as the game provider makes it; `id` is the provider's transaction id. */
  const play = async (p: Player) => {
    const player_id = await t.playerRef(p);
    const call = (op: string, id: string, amount: number) =>
      t.seamless(op, {
        transaction_id: id,
        player_id,
        round_id: id,
        game_id: 'lucky-sevens',
        amount,
        currency: 'KES',
      });
    return {
      bet: (id: string, amount: number) => call('bet', id, amount),
      win: (id: string, amount: number) => call('win', id, amount),
      rollback: (id: string, of: string) =>
        t.seamless('rollback', {
          transaction_id: id,
          player_id,
          round_id: of,
          game_id: 'lucky-sevens',
          rolled_back_transaction_id: of,
        }),
    };
  };
  const gameTx = async (id: string) =>
    t.app.ctx.database.db
      .selectFrom('game_transactions')
      .select('provider_tx_id')
      .where('provider_tx_id', '=', id)
      .executeTakeFirst();

  it('refuses a stake above the stake limit with 403 STAKE_LIMIT and moves nothing; exactly the limit plays', async () => {
    const p = await t.signedInPlayer();
    await t.depositFor(p, 500);
    const res = await put(p, 'stake-limit', { amount: 50 });
    expect(res.statusCode).toBe(200);
    expect(json(res).stake_limit).toEqual({ amount: 50, pending: null });
    const game = await play(p);
    const over = await game.bet('sl-bet-1', 50.01);
    expect(over.statusCode).toBe(403);
    expect(json(over)).toEqual({
      error: 'This stake of KES 50.01 is above your stake limit of KES 50 a bet.',
      code: 'STAKE_LIMIT',
      limit: 50,
    });
    expect(await t.balances(p)).toEqual({ main: 500, withdrawal: 0, bonus: 0 });
    expect(await gameTx('sl-bet-1')).toBeUndefined();
    expect((await game.bet('sl-bet-2', 50)).statusCode).toBe(200);
    expect(await t.balances(p)).toEqual({ main: 450, withdrawal: 0, bonus: 0 });
    await t.checkLedger();
  });

  it("refuses a stake that could take the day's net loss over the limit; one just within plays", async () => {
    const p = await t.signedInPlayer();
    await moveTo(t, eat(2034, 3, 7, 10), p);
    await t.depositFor(p, 1000);
    expect(json(await put(p, 'loss-limits', { day: 100 })).loss_limits[0]).toEqual({
      period: 'day',
      amount: 100,
      pending: null,
    });
    const game = await play(p);
    expect((await game.bet('ll-bet-1', 60)).statusCode).toBe(200);
    const over = await game.bet('ll-bet-2', 50);
    expect(over.statusCode).toBe(403);
    expect(json(over)).toEqual({
      error:
        'This stake could take your losses over your daily loss limit of KES 100. You can stake up to KES 40 more today.',
      code: 'LOSS_LIMIT_DAY',
      limit_period: 'day',
      limit: 100,
      remaining: 40,
    });
    expect(await gameTx('ll-bet-2')).toBeUndefined();
    expect(await t.balances(p)).toEqual({ main: 940, withdrawal: 0, bonus: 0 });
    // Net loss is stakes − wins: a win of 10 leaves 50 to lose, and a stake of exactly 50 plays.
    expect((await game.win('ll-win-1', 10)).statusCode).toBe(200);
    expect((await game.bet('ll-bet-3', 50)).statusCode).toBe(200);
    expect(json(await game.bet('ll-bet-4', 20))).toMatchObject({ code: 'LOSS_LIMIT_DAY', remaining: 0 });
    // The same stake again is a replay: answered, not refused, and nothing moves twice.
    expect((await game.bet('ll-bet-3', 50)).statusCode).toBe(200);
    expect(await t.balances(p)).toEqual({ main: 890, withdrawal: 10, bonus: 0 });
    // A rollback undoes its stake's loss.
    expect((await game.rollback('ll-rb-1', 'll-bet-1')).statusCode).toBe(200);
    expect((await game.bet('ll-bet-5', 60)).statusCode).toBe(200);
    expect((await game.bet('ll-bet-6', 20)).statusCode).toBe(403);
    // The next Kenyan day starts at zero.
    await moveTo(t, eat(2034, 3, 8, 0, 0), p);
    expect((await game.bet('ll-bet-7', 100)).statusCode).toBe(200);
    expect((await game.bet('ll-bet-8', 20)).statusCode).toBe(403);
    await t.checkLedger();
  });

  it('names the period whose limit a stake would break: week, month', async () => {
    const p = await t.signedInPlayer();
    await t.depositFor(p, 1000);
    await put(p, 'loss-limits', { day: 500, week: 300, month: 200 });
    const game = await play(p);
    expect(json(await game.bet('lp-bet-1', 250))).toMatchObject({
      code: 'LOSS_LIMIT_MONTH',
      limit_period: 'month',
    });
    await put(p, 'loss-limits', { month: null }); // a removal waits: the month still binds
    expect(json(await game.bet('lp-bet-2', 250)).code).toBe('LOSS_LIMIT_MONTH');
    await put(p, 'loss-limits', { week: 100 });
    expect(json(await game.bet('lp-bet-3', 150))).toMatchObject({ code: 'LOSS_LIMIT_WEEK', remaining: 100 });
  });

  it('lets two stakes at once pass only while both fit the limit', async () => {
    const p = await t.signedInPlayer();
    await t.depositFor(p, 1000);
    await put(p, 'loss-limits', { day: 100 });
    const game = await play(p);
    const both = await Promise.all([game.bet('lc-bet-1', 60), game.bet('lc-bet-2', 60)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await t.balances(p)).toEqual({ main: 940, withdrawal: 0, bonus: 0 });
    await t.checkLedger();
  });

  it('lowers at once, raises and removes only after 24 hours (loss and stake limits)', async () => {
    const p = await t.signedInPlayer();
    await moveTo(t, eat(2034, 6, 2, 8), p);
    await t.depositFor(p, 5000);
    const game = await play(p);
    await put(p, 'stake-limit', { amount: 200 });
    expect(json(await put(p, 'stake-limit', { amount: 50 })).stake_limit).toEqual({
      amount: 50,
      pending: null,
    });
    expect(json(await game.bet('lr-bet-1', 60))).toMatchObject({ code: 'STAKE_LIMIT', limit: 50 });
    const raise = json(await put(p, 'stake-limit', { amount: 100 }));
    const appliesAt = new Date(t.clock.now() + 24 * HOUR).toISOString();
    expect(raise.stake_limit).toEqual({ amount: 50, pending: { amount: 100, applies_at: appliesAt } });
    // Asking the same raise again keeps its time.
    await moveTo(t, t.clock.now() + HOUR, p);
    expect(json(await put(p, 'stake-limit', { amount: 100 })).stake_limit.pending.applies_at).toBe(appliesAt);
    expect((await game.bet('lr-bet-2', 60)).statusCode).toBe(403);
    await moveTo(t, Date.parse(appliesAt) - 1, p);
    expect((await game.bet('lr-bet-3', 60)).statusCode).toBe(403);
    await moveTo(t, Date.parse(appliesAt), p);
    expect((await game.bet('lr-bet-4', 60)).statusCode).toBe(200);

    await put(p, 'loss-limits', { week: 1000 });
    const removal = json(await put(p, 'loss-limits', { week: null }));
    expect(removal.loss_limits[1]).toEqual({
      period: 'week',
      amount: 1000,
      pending: { amount: null, applies_at: new Date(t.clock.now() + 24 * HOUR).toISOString() },
    });
    expect(json(await put(p, 'loss-limits', { week: 500 })).loss_limits[1]).toEqual({
      period: 'week',
      amount: 500,
      pending: null,
    });
    expect(json(await put(p, 'loss-limits', { week: null })).loss_limits[1].amount).toBe(500);
    await moveTo(t, t.clock.now() + 24 * HOUR, p);
    const after = json(await t.get('/safer-gambling', p.headers));
    expect(after.loss_limits).toEqual(
      ['day', 'week', 'month'].map((period) => ({ period, amount: null, pending: null })),
    );
    expect(after.stake_limit).toEqual({ amount: 100, pending: null });
    // Deposit limits are their own: untouched by all this.
    expect(after.deposit_limits.every((l: { amount: unknown }) => l.amount === null)).toBe(true);
  });

  it('refuses bad loss and stake limits with 400 and changes nothing', async () => {
    const p = await t.signedInPlayer();
    await put(p, 'stake-limit', { amount: 70 });
    await put(p, 'loss-limits', { month: 3000 });
    const before = await overview(t, p);
    for (const [url, body] of [
      ['stake-limit', { amount: 0 }],
      ['stake-limit', { amount: -1 }],
      ['stake-limit', { amount: 10.005 }],
      ['stake-limit', { amount: '50' }],
      ['stake-limit', { amount: 150_000.01 }],
      ['stake-limit', {}],
      ['stake-limit', { amount: 50, day: 10 }],
      ['loss-limits', {}],
      ['loss-limits', { day: 0.001 }],
      ['loss-limits', { bet: 100 }],
      ['loss-limits', { week: 100, month: '100' }],
    ] as const) {
      const res = await put(p, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
      expect(typeof json(res).error).toBe('string');
    }
    expect(await overview(t, p)).toEqual(before);
    expect(before.stake_limit).toEqual({ amount: 70, pending: null });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/safer-gambling/stake-limit',
          payload: { amount: 5 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it.each([
    {
      url: 'stake-limit',
      limit: { amount: 50 },
      over: 100,
      within: 50,
      refusal: {
        error: 'This stake of KES 100 is above your stake limit of KES 50 a bet.',
        code: 'STAKE_LIMIT',
        limit: 50,
      },
    },
    {
      url: 'loss-limits',
      limit: { day: 100 },
      over: 200,
      within: 100,
      refusal: {
        error:
          'This stake could take your losses over your daily loss limit of KES 100. You can stake up to KES 100 more today.',
        code: 'LOSS_LIMIT_DAY',
        limit_period: 'day',
        limit: 100,
        remaining: 100,
      },
    },
  ] as const)(
    'the demo game passes a $refusal.code refusal on with its figures; nothing moves',
    async (c) => {
      const p = await t.signedInPlayer();
      await t.depositFor(p, 500);
      expect((await put(p, c.url, c.limit)).statusCode).toBe(200);
      const link = json(await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, p.headers));
      const launch_token = new URL(link.game_link).searchParams.get('launch');
      const { session_token } = json(await t.post('/games/demo/session', { launch_token }));
      const spin = await t.post('/games/demo/spin', { session_token, stake: c.over });
      expect(spin.statusCode).toBe(403);
      expect(json(spin)).toEqual(c.refusal);
      expect(await t.balances(p)).toEqual({ main: 500, withdrawal: 0, bonus: 0 });
      // Exactly the limit plays.
      expect((await t.post('/games/demo/spin', { session_token, stake: c.within })).statusCode).toBe(200);
      await t.checkLedger();
    },
  );
});
