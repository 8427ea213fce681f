/**
 * GET /releases/health/history: one remote's health per version and time bucket (counted loads,
 * failures, render errors, error reports, p75 vitals), and the canary's events in the range: the
 * changes, the plans started and the canary guard's decisions with the figures they were made on,
 * stored in the step's transaction (0029). Release managers with a two-factor staff session only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { genuineVitals } from '../../browsers.js';
import { DB_MODES, type Json, json, type Player } from '../../helpers.js';
import {
  enrol,
  type StaffPlayer,
  setStoredRoles,
  staffHeaders,
  staffRequest,
  staffToken,
} from '../../staff-kit.js';
import { GUARD_PLAN, guardKit, LIVE, NEXT } from './canary-guard-kit.js';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

// Both databases: SQL: health per time bucket, grouped by the database.
describe.each(DB_MODES)('release health history (%s)', (mode) => {
  const k = guardKit(mode);
  let player: Player;
  /** A two-factor staff token for each other role. */
  const others: Record<string, string> = {};

  beforeAll(async () => {
    player = await k.t.signedInPlayer(undefined, undefined, { identity: false });
    for (const stored of ['support', 'finance', 'compliance', 'admin']) {
      const member = await k.t.signedInPlayer(undefined, undefined, { identity: false });
      await setStoredRoles(k.t, member.userId, `user,${stored}`);
      others[stored] = await staffToken(k.t, member, await enrol(k.t, member));
    }
  });

  /** The kit's release manager holds a two-factor staff session: `headers` are its staff token's. */
  const get = (query: string, headers: Record<string, string> = k.rm.headers) =>
    staffRequest(k.t, 'GET', `/releases/health/history?${query}`, headers);
  const range = (from: number, to: number, step?: number) =>
    `remote=lobby&from=${iso(from)}&to=${iso(to)}${step === undefined ? '' : `&step=${step}`}`;
  const reset = () => k.reset();
  const minuteNow = () => Math.floor(k.t.clock.now() / MINUTE) * MINUTE;
  const round = () => k.t.app.canaryGuard.runOnce();
  const decisionRows = async () =>
    Number(
      (
        await k.t.app.ctx.database.db
          .selectFrom('canary_decisions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers release managers with a two-factor session only', async () => {
    const now = k.t.clock.now();
    const q = range(now - 60 * MINUTE, now);
    const none = await get(q, {});
    expect(none.statusCode).toBe(401);
    expect(json(none).code).toBe('STAFF_SESSION_REQUIRED');
    // A player's token, and the release manager's own password-only token: no second factor.
    // The kit's release manager is a staff player (asStaff): its password sign-in's headers too.
    for (const headers of [player.headers, (k.rm as StaffPlayer).playerHeaders]) {
      const res = await get(q, headers);
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('SECOND_FACTOR_REQUIRED');
    }
    for (const [role, token] of Object.entries(others)) {
      const res = await get(q, staffHeaders(token));
      expect(res.statusCode, role).toBe(403);
      expect(json(res).code, role).toBe('STAFF_ROLE_REQUIRED');
    }
    const ok = await get(q);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ remote: 'lobby', step_minutes: 1 });
  });

  it('refuses a bad range with 400 and its code, never a 500', async () => {
    const now = k.t.clock.now();
    const cases: [string, string][] = [
      [`from=${iso(now - MINUTE)}&to=${iso(now)}`, 'VALIDATION_ERROR'],
      [`remote=nope&from=${iso(now - MINUTE)}&to=${iso(now)}`, 'VALIDATION_ERROR'],
      [`remote=lobby&from=yesterday&to=${iso(now)}`, 'VALIDATION_ERROR'],
      [`${range(now - MINUTE, now)}&minutes=5`, 'VALIDATION_ERROR'],
      [range(now - MINUTE, now, 0), 'VALIDATION_ERROR'],
      [range(now - MINUTE, now, 1441), 'VALIDATION_ERROR'],
      [range(now, now), 'INVALID_RANGE'],
      [range(now, now - MINUTE), 'INVALID_RANGE'],
      [range(now - 8 * 1440 * MINUTE - 1, now), 'INVALID_RANGE'],
      [range(now - 2 * 1440 * MINUTE, now, 1), 'TOO_MANY_BUCKETS'],
    ];
    for (const [query, code] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(json(res).code, query).toBe(code);
    }
    // Eight days is the most: at its default step, about 60 buckets.
    const widest = json(await get(range(now - 8 * 1440 * MINUTE, now)));
    const from = Math.floor((now - 8 * 1440 * MINUTE) / MINUTE) * MINUTE;
    expect(widest.step_minutes).toBe(192);
    expect(widest.from).toBe(iso(from));
    expect(widest.versions[0].points).toHaveLength(Math.ceil((now - from) / (192 * MINUTE)));
  });

  it('adds up counted loads, failures, render errors and vitals per version and bucket', async () => {
    await reset();
    const start = minuteNow();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 50 });
    await k.loads(LIVE, 4);
    await k.loads(NEXT, 3, 1);
    await k.renderErrors(NEXT, 1);
    k.t.clock.advance(5 * MINUTE);
    await k.loads(LIVE, 2);
    await genuineVitals(k.t.app, 'lobby', NEXT, [1000, 2000, 3000, 4000]);

    const body = json(await get(range(start, start + 10 * MINUTE, 5)));
    expect(body).toMatchObject({ from: iso(start), to: iso(start + 10 * MINUTE), step_minutes: 5 });
    expect(body.versions.map((v: Json) => [v.version, v.role])).toEqual([
      [LIVE, 'active'],
      [NEXT, 'canary'],
    ]);
    const [live, next] = body.versions;
    expect(live.points.map((p: Json) => [p.at, p.loads, p.error_rate])).toEqual([
      [iso(start), 4, 0],
      [iso(start + 5 * MINUTE), 2, 0],
    ]);
    expect(next.points[0]).toMatchObject({
      loads: 3,
      failures: 1,
      render_errors: 1,
      errors: 1,
      error_rate: 0.5,
      lcp_p75: null,
      views: 0,
    });
    // p75 of 1, 2, 3, 4 s by nearest rank: the third.
    expect(next.points[1]).toMatchObject({ loads: 0, error_rate: null, lcp_p75: 3000, views: 4 });
    // The manager's canary is a change in the range.
    expect(body.events).toEqual([
      expect.objectContaining({ kind: 'change', version: LIVE, canary_version: NEXT, canary_percent: 50 }),
    ]);
    // Figures before `from` stay out; a finer default step cuts two hours in 60 buckets.
    const later = json(await get(range(start + 5 * MINUTE, start + 125 * MINUTE)));
    expect(later.step_minutes).toBe(2);
    expect(later.versions[0].points).toHaveLength(60);
    expect(later.versions[0].points[0].loads).toBe(2);
    expect(later.versions[1].points[0].loads).toBe(0);
  });

  it("keeps the guard's decisions with their figures and shows a guarded canary's story", async () => {
    await reset();
    const start = minuteNow();
    const before = await decisionRows();
    const canary = await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    // Without loads the guard holds: kept once a minute, however often it checks.
    await round();
    await round();
    expect(await decisionRows()).toBe(before + 1);
    await k.loads(LIVE, 5);
    await k.loads(NEXT, 5);
    k.t.clock.advance(MINUTE + 1000);
    expect((await round()).actions).toEqual([expect.stringContaining('10% -> 50%')]);
    await k.loads(LIVE, 5);
    await k.loads(NEXT, 5);
    k.t.clock.advance(MINUTE + 1000);
    expect((await round()).actions).toEqual([expect.stringContaining('promoted')]);

    const body = json(await get(range(start, k.t.clock.now() + MINUTE, 1)));
    const guardRevisions = (await k.revisions())
      .filter((r: Json) => r.author === 'canary-guard')
      .map((r: Json) => r.revision)
      .slice(0, 2)
      .reverse();
    expect(body.events.map((e: Json) => [e.kind, e.verdict ?? e.revision])).toEqual([
      ['change', canary.revision],
      ['plan_started', undefined],
      ['guard', 'wait'],
      ['guard', 'advance'],
      ['guard', 'promote'],
    ]);
    const [, started, hold, advance, promote] = body.events;
    expect(started).toMatchObject({ version: NEXT, steps: [10, 50], step_minutes: 1, min_loads: 5 });
    expect(hold).toMatchObject({ percent: 10, next_percent: null, revision: null });
    expect(hold.figures.canary).toMatchObject({ version: NEXT, attempts: 0, bad: 0 });
    expect(advance).toMatchObject({ percent: 10, next_percent: 50, revision: guardRevisions[0] });
    expect(advance.figures).toMatchObject({
      canary: { version: NEXT, attempts: 5, bad: 0, error_rate: 0, clients: 5 },
      active: { version: LIVE, attempts: 5, bad: 0 },
      speed_limited: false,
    });
    expect(advance.figures.step_elapsed_ms).toBe(MINUTE + 1000);
    expect(advance.text).toContain('10% -> 50%');
    expect(promote).toMatchObject({ percent: 50, revision: guardRevisions[1] });
    expect(promote.figures.canary.attempts).toBe(5);
    // The promoted version is now the active one.
    expect(body.versions[0]).toMatchObject({ version: NEXT, role: 'active' });
  });

  it('an abort keeps the figures the guard aborted on', async () => {
    await reset();
    const start = minuteNow();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    await k.loads(LIVE, 5);
    await k.loads(NEXT, 2, 3);
    expect((await round()).actions).toEqual([expect.stringContaining('aborted')]);
    const body = json(await get(range(start, k.t.clock.now() + MINUTE)));
    const abort = body.events.find((e: Json) => e.kind === 'guard');
    expect(abort).toMatchObject({ verdict: 'abort', percent: 10, revision: expect.any(Number) });
    expect(abort.figures.canary).toMatchObject({ attempts: 5, bad: 3, error_rate: 0.6 });
    expect(abort.figures.active).toMatchObject({ attempts: 5, bad: 0, error_rate: 0 });
    // The revision it made is that decision, not a change of its own.
    expect(body.events.filter((e: Json) => e.kind === 'change')).toHaveLength(1);
    expect((await k.manifest()).remotes.lobby?.canary).toBeUndefined();
  });
});
