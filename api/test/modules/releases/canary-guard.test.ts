/**
 * The canary guard (docs/decisions/023-canary-guard.md): a canary with a plan moves through its
 * steps and is promoted while it is no worse than the active version, is aborted as soon as it
 * is worse, waits without its minimum of loads, and stops being guarded once a person changes
 * the remote. Each of the guard's moves is a revision by "canary-guard" whose reason has the figures.
 */
import { describe, expect, it } from 'vitest';
import { DB_MODES, type Json } from '../../helpers.js';
import { GUARD_PLAN, guardKit, LIVE, NEXT, OTHER } from './canary-guard-kit.js';

describe.each(DB_MODES)('canary guard (%s)', (mode) => {
  const k = guardKit(mode);
  const round = () => k.t.app.canaryGuard.runOnce();
  const plan = async () => (await k.lobby()).plan;
  const planRows = async () =>
    Number(
      (
        await k.t.app.ctx.database.db
          .selectFrom('canary_plans')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a bad plan with 400 and changes nothing', async () => {
    await k.reset();
    const before = (await k.manifest()).revision;
    const rows = await planRows();
    const bad: [number, Json][] = [
      [10, { ...GUARD_PLAN, ramp: [50, 25] }],
      [30, { ...GUARD_PLAN, ramp: [25] }],
      [10, { ...GUARD_PLAN, ramp: [50, 100] }],
      [10, { ...GUARD_PLAN, step_minutes: 0.01 }],
      [10, { ...GUARD_PLAN, step_minutes: 0.123 }],
      [10, { ...GUARD_PLAN, step_minutes: 24 * 60 + 1 }],
      [10, { ...GUARD_PLAN, max_error_rate_increase: 1.5 }],
      [10, { ...GUARD_PLAN, max_error_rate_increase: -0.1 }],
      [10, { ...GUARD_PLAN, min_loads: 0 }],
      [10, { ...GUARD_PLAN, min_loads: 2.5 }],
      [10, { ...GUARD_PLAN, step_minutes: undefined }],
      [10, { ...GUARD_PLAN, surprise: true }],
      [10, { ...GUARD_PLAN, ramp: 'fast' }],
    ];
    for (const [percent, p] of bad) {
      const res = await k.post('/remotes/lobby/canary', { version: NEXT, percent, plan: p });
      expect(res.status, JSON.stringify(p)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.error).toMatch(/^Invalid input: body\.plan/);
    }
    const higher = await k.post('/remotes/lobby/canary', {
      version: NEXT,
      percent: 30,
      plan: { ...GUARD_PLAN, ramp: [25] },
    });
    expect(higher.body.error).toContain('each step must be higher than the one before (25% after 30%)');
    // A plan for a version that is not published: 404, and no plan either.
    const missing = await k.post('/remotes/lobby/canary', {
      version: '9.9.9',
      percent: 10,
      plan: GUARD_PLAN,
    });
    expect(missing.status).toBe(404);
    expect((await k.manifest()).revision).toBe(before);
    expect(await planRows()).toBe(rows);
    expect((await k.manifest()).remotes.lobby?.canary).toBeUndefined();
  });

  it('ramps a healthy canary step by step to promoted, each move a revision with its figures', async () => {
    await k.reset();
    const rev = await k.change('/remotes/lobby/canary', {
      version: NEXT,
      percent: 10,
      plan: { ramp: [50], step_minutes: 1, max_error_rate_increase: 0.05, min_loads: 5 },
    });
    expect(rev.action).toBe(`canary lobby ${NEXT} 10%, guarded: 10% -> 50% -> promote, 1 min a step`);
    expect(await plan()).toMatchObject({
      version: NEXT,
      steps: [10, 50],
      step: 0,
      status: 'running',
      step_minutes: 1,
      max_error_rate_increase: 0.05,
      min_loads: 5,
      created_by: k.rm.phone,
    });
    await k.loads(NEXT, 6);
    await k.loads(LIVE, 20);
    k.t.clock.advance(30_000);
    // Healthy, but the step's minute is not over.
    expect((await round()).actions).toEqual([]);
    expect((await plan()).last_check).toBe(
      `canary ${NEXT} error rate 0% (0/6 loads) vs active 0% (0/20) over 30 s: healthy at 10%, next step when the step's time is up`,
    );
    k.t.clock.advance(31_000);
    const moved = await round();
    expect(moved).toMatchObject({ leader: true, actions: [expect.stringContaining('10% -> 50%')] });
    expect((await k.manifest()).remotes.lobby?.canary?.percent).toBe(50);
    const [latest] = await k.revisions();
    expect(latest).toMatchObject({
      author: 'canary-guard',
      action: `canary lobby ${NEXT} 50%`,
      reason: `canary ${NEXT} error rate 0% (0/6 loads) vs active 0% (0/20) over 1 min: 10% -> 50%`,
    });
    expect(await plan()).toMatchObject({ step: 1, status: 'running' });

    // The new step counts its own loads only: without them, nothing moves however long it waits.
    k.t.clock.advance(5 * 60_000);
    expect((await round()).actions).toEqual([]);
    expect((await plan()).last_check).toContain(
      `(0/0 loads) vs active 0% (0/0) over 5 min: waiting for 5 canary loads at 50%`,
    );
    await k.loads(NEXT, 5);
    await k.loads(LIVE, 10);
    expect((await round()).actions).toEqual([
      `lobby: canary ${NEXT} error rate 0% (0/5 loads) vs active 0% (0/10) over 5 min: promoted`,
    ]);
    const lobby = (await k.manifest()).remotes.lobby;
    expect(lobby?.version).toBe(NEXT);
    expect(lobby?.canary).toBeUndefined();
    expect((await k.revisions())[0]).toMatchObject({
      author: 'canary-guard',
      action: `promote lobby canary ${NEXT}`,
    });
    expect(await plan()).toMatchObject({
      status: 'promoted',
      end_reason: expect.stringContaining(': promoted'),
    });
    // Done: the next round has nothing to do.
    expect(await round()).toEqual({ leader: true, actions: [] });
  });

  it('aborts as soon as the canary is worse than the active by more than the threshold', async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', {
      version: NEXT,
      percent: 20,
      plan: { ...GUARD_PLAN, step_minutes: 10, min_loads: 10 },
    });
    // 1 in 20 (5%) against 0%: at the threshold, not beyond it.
    await k.loads(NEXT, 20);
    await k.renderErrors(NEXT, 1);
    await k.loads(LIVE, 30);
    k.t.clock.advance(20_000);
    expect((await round()).actions).toEqual([]);
    expect((await plan()).last_check).toContain(
      'error rate 5% (1/20 loads) vs active 0% (0/30) over 20 s: healthy',
    );
    // Three more render errors: 20% against 0%, long before the step's time is up.
    await k.renderErrors(NEXT, 3);
    k.t.clock.advance(100_000);
    const reason = `canary ${NEXT} error rate 20% (4/20 loads) vs active 0% (0/30) over 2 min: aborted`;
    expect((await round()).actions).toEqual([`lobby: ${reason}`]);
    const lobby = (await k.manifest()).remotes.lobby;
    expect(lobby?.version).toBe(LIVE);
    expect(lobby?.canary).toBeUndefined();
    expect((await k.revisions())[0]).toMatchObject({
      author: 'canary-guard',
      action: `abort lobby canary ${NEXT}`,
      reason,
    });
    expect(await plan()).toMatchObject({ status: 'aborted', end_reason: reason, step: 0 });
  });

  it('compares with the active version: both failing alike is no reason to abort', async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    await k.loads(NEXT, 8, 2);
    await k.loads(LIVE, 16, 4);
    k.t.clock.advance(61_000);
    expect((await round()).actions).toEqual([
      `lobby: canary ${NEXT} error rate 20% (2/10 loads) vs active 20% (4/20) over 1 min: 10% -> 50%`,
    ]);
  });

  it('does nothing below the minimum of canary loads, however bad they look', async () => {
    await k.reset();
    const revision = (
      await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN })
    ).revision;
    await k.loads(NEXT, 2, 2);
    await k.renderErrors(NEXT, 2);
    await k.loads(LIVE, 50);
    k.t.clock.advance(3 * 60_000);
    expect((await round()).actions).toEqual([]);
    expect((await k.manifest()).revision).toBe(revision);
    expect(await plan()).toMatchObject({
      status: 'running',
      step: 0,
      last_check: `canary ${NEXT} error rate 100% (4/4 loads) vs active 0% (0/50) over 3 min: waiting for 5 canary loads at 10%`,
    });
  });

  it('ends the plan when a person promotes, aborts, rolls back or sets a new canary', async () => {
    const cases: [string, (start: number) => Promise<Json>][] = [
      ['promote', () => k.change('/remotes/lobby/canary/promote')],
      ['abort', () => k.change('/remotes/lobby/canary/abort')],
      ['roll back', (start) => k.change('/remotes/lobby/rollback', { revision: start - 1 })],
      ['new canary', () => k.change('/remotes/lobby/canary', { version: OTHER, percent: 5 })],
      ['new plan', () => k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN })],
    ];
    for (const [what, act] of cases) {
      await k.reset();
      const started = await k.change('/remotes/lobby/canary', {
        version: NEXT,
        percent: 10,
        plan: GUARD_PLAN,
      });
      const first = (await plan()).id;
      const rev = await act(started.revision);
      expect(rev.action, what).toMatch(/; canary guard plan ended \(lobby\)$/);
      const ended = await k.t.app.ctx.database.db
        .selectFrom('canary_plans')
        .selectAll()
        .where('id', '=', first)
        .executeTakeFirstOrThrow();
      expect(ended.status, what).toBe('ended');
      expect(ended.end_reason, what).toBe(
        `${rev.action.split(';')[0]} by ${k.rm.phone} (revision ${rev.revision}): manager`,
      );
      // The guard has nothing left to move (but the new plan, which has no loads yet).
      await k.loads(NEXT, 50);
      k.t.clock.advance(61_000);
      const moved = (await round()).actions;
      expect(
        moved.filter((a) => !a.includes('waiting')),
        what,
      ).toEqual(
        what === 'new plan'
          ? [`lobby: canary ${NEXT} error rate 0% (0/50 loads) vs active 0% (0/0) over 1 min: 10% -> 50%`]
          : [],
      );
    }
  });
});
