/**
 * Canary floors (docs/decisions/059-canary-floors-and-start-up.md): a release manager sets each
 * remote's floors (step length, steps before promotion, loads and distinct browsers a step, the
 * error tolerance's ceiling); a plan laxer than them is refused with 422 naming the floor, from a
 * deploy key and from a person; the guard holds every plan to the floors in force at each
 * decision. A key can never reach 100% faster than its remote's floors allow.
 */
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/env.js';
import { defaultFloor } from '../../../src/modules/releases/canary-floors.js';
import { bearer, DB_MODES, type Json, json } from '../../helpers.js';
import { guardKit, LIVE, NEXT } from './canary-guard-kit.js';

const MIN = 60_000;
/** The lobby's floors these tests set: 10-minute steps, 3 of them, 8 loads from 6 browsers, 5 points. */
const FLOORS = {
  step_minutes: 10,
  min_steps: 3,
  min_loads: 8,
  min_browsers: 6,
  max_error_rate_increase: 0.05,
};

it("production's default floors: 10-minute steps, 3 of them, 200 loads from 50 browsers, at most 5 points", () => {
  const env = loadEnv({ NODE_ENV: 'test' });
  expect(defaultFloor(env)).toEqual({
    step_ms: 10 * MIN,
    min_steps: 3,
    min_loads: 200,
    min_browsers: 50,
    max_increase_bp: 500,
  });
});

describe.each(DB_MODES)('canary floors (%s)', (mode) => {
  const k = guardKit(mode);
  const round = () => k.t.app.canaryGuard.runOnce();
  const setFloors = async (body: Json, headers = k.rm.headers) =>
    k.t.app.inject({
      method: 'PUT',
      url: '/api/v1/releases/remotes/lobby/canary-floor',
      payload: body,
      headers,
    });
  const lobbyKey = async (name: string) => {
    const res = await k.t.post(
      '/releases/deploy-keys',
      {
        name,
        remote: 'lobby',
        actions: ['publish', 'canary'],
        max_canary_percent: 10,
        expires_at: new Date(k.t.clock.now() + 30 * 24 * 60 * MIN).toISOString(),
      },
      k.rm.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    return bearer(json(res).token);
  };
  const keyCanary = async (headers: Record<string, string>, percent: number, plan: Json) =>
    k.t.post(
      '/releases/remotes/lobby/canary',
      { version: NEXT, percent, plan, base_revision: (await k.manifest()).revision, reason: 'ci canary' },
      headers,
    );

  it('a release manager sets the floors (kept with who and why); a key, a player or a bad body cannot', async () => {
    const before = json(await k.t.get('/releases/canary-floors', k.rm.headers));
    expect(before.floors.find((f: Json) => f.remote === 'lobby')).toMatchObject({
      set_by: null,
      min_loads: 1,
    });
    const res = await setFloors({ ...FLOORS, reason: 'production floors' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      remote: 'lobby',
      ...FLOORS,
      set_by: k.rm.phone,
      reason: 'production floors',
    });
    const after = json(await k.t.get('/releases/canary-floors', k.rm.headers));
    expect(after.floors.find((f: Json) => f.remote === 'lobby')).toMatchObject(FLOORS);
    expect(after.history[0]).toMatchObject({
      remote: 'lobby',
      set_by: k.rm.phone,
      reason: 'production floors',
    });

    const key = await lobbyKey('lobby-floors');
    expect((await setFloors({ ...FLOORS, min_loads: 1, reason: 'faster' }, key)).statusCode).toBe(403);
    const player = await k.t.signedInPlayer();
    expect([401, 403]).toContain((await setFloors({ ...FLOORS, reason: 'x' }, player.headers)).statusCode);
    for (const bad of [
      { ...FLOORS },
      { ...FLOORS, reason: 'x', min_loads: 0 },
      { ...FLOORS, reason: 'x', step_minutes: 0.001 },
      { ...FLOORS, reason: 'x', max_error_rate_increase: 2 },
      { ...FLOORS, reason: 'x', min_steps: 12 },
      { ...FLOORS, reason: 'x', extra: 1 },
    ]) {
      const r = await setFloors(bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json(r).code).toBe('VALIDATION_ERROR');
    }
    expect(json(await k.t.get('/releases/canary-floors', k.rm.headers)).floors).toEqual(after.floors);
  });

  it("refuses a key's short plan with 422 naming each floor, and changes nothing; a person's too", async () => {
    await k.reset();
    expect((await setFloors({ ...FLOORS, reason: 'floors' })).statusCode).toBe(200);
    const key = await lobbyKey('lobby-short');
    const before = await k.manifest();
    // The audit's attack: 0.05-minute steps, one load, no ramp.
    const res = await keyCanary(key, 10, { step_minutes: 0.05, min_loads: 1, ramp: [] });
    expect(res.statusCode, res.body).toBe(422);
    const body = json(res);
    expect(body.code).toBe('CANARY_PLAN_BELOW_FLOOR');
    expect(body.error).toContain("step_minutes 0.05 is below lobby's floor of 10 minutes");
    expect(body.error).toContain("1 step(s) (the canary's and its ramp) is below lobby's floor of 3 steps");
    expect(body.error).toContain("min_loads 1 is below lobby's floor of 8 loads a step");
    expect(body.error).toContain("below lobby's floor of 6 distinct browsers a step");
    // A looser error tolerance alone is refused too.
    const lax = await keyCanary(key, 2, {
      step_minutes: 10,
      min_loads: 8,
      ramp: [5, 10],
      max_error_rate_increase: 0.5,
    });
    expect(lax.statusCode, lax.body).toBe(422);
    expect(json(lax).error).toContain("max_error_rate_increase 0.5 is above lobby's ceiling of 0.05");
    // A release manager's plan is held to the same floors.
    const person = await k.post('/remotes/lobby/canary', {
      version: NEXT,
      percent: 10,
      plan: { step_minutes: 1, min_loads: 8, ramp: [20, 50] },
    });
    expect(person.status).toBe(422);
    expect(person.body.code).toBe('CANARY_PLAN_BELOW_FLOOR');
    expect(await k.manifest()).toEqual(before);
    expect((await k.lobby()).plan?.status ?? 'none').not.toBe('running');
  });

  it("a key's legal plan reaches 100% no sooner than its steps × the floor's step length", async () => {
    await k.reset();
    expect((await setFloors({ ...FLOORS, reason: 'floors' })).statusCode).toBe(200);
    const key = await lobbyKey('lobby-legal');
    const res = await keyCanary(key, 2, { step_minutes: 10, min_loads: 8, ramp: [5, 10] });
    expect(res.statusCode, res.body).toBe(200);
    const started = k.t.clock.now();
    // Plenty of healthy loads every minute; the guard judges every minute until it promotes.
    let promotedAt: number | null = null;
    for (let minute = 1; minute <= 60 && promotedAt === null; minute++) {
      await k.loads(NEXT, 10);
      await k.loads(LIVE, 10);
      k.t.clock.advance(MIN);
      await round();
      if ((await k.manifest()).remotes.lobby?.version === NEXT) promotedAt = k.t.clock.now();
    }
    expect(promotedAt).not.toBeNull();
    expect((promotedAt as number) - started).toBeGreaterThanOrEqual(3 * FLOORS.step_minutes * MIN);
  });

  it('floors raised after a plan started hold it back: longer steps, more loads, no promotion before its steps', async () => {
    await k.reset();
    const low = {
      step_minutes: 1,
      min_steps: 1,
      min_loads: 2,
      min_browsers: 2,
      max_error_rate_increase: 0.05,
    };
    expect((await setFloors({ ...low, reason: 'low' })).statusCode).toBe(200);
    const key = await lobbyKey('lobby-raised');
    expect((await keyCanary(key, 10, { step_minutes: 1, min_loads: 2, ramp: [] })).statusCode).toBe(200);
    expect((await setFloors({ ...FLOORS, reason: 'raised' })).statusCode).toBe(200);

    // Two minutes, three healthy loads: enough for the plan, not for the floors' 8 loads.
    await k.loads(NEXT, 3);
    await k.loads(LIVE, 3);
    k.t.clock.advance(2 * MIN);
    await round();
    expect((await k.manifest()).remotes.lobby?.version).toBe(LIVE);
    expect((await k.lobby()).plan.last_check).toContain('waiting for 8 canary loads');

    // The loads now, but the floors' 10-minute step is not over.
    await k.loads(NEXT, 10);
    await k.loads(LIVE, 10);
    await round();
    expect((await k.lobby()).plan.last_check).toContain("next step when the step's time is up");
    expect((await k.manifest()).remotes.lobby?.version).toBe(LIVE);

    // Step over: one step of the three the floors ask for, so held, never promoted.
    k.t.clock.advance(10 * MIN);
    await round();
    expect((await k.manifest()).remotes.lobby?.version).toBe(LIVE);
    expect((await k.lobby()).plan.last_check).toContain('not promoted: the floors ask for 3 steps');
    expect((await k.manifest()).remotes.lobby?.canary?.version).toBe(NEXT);
  });
});
