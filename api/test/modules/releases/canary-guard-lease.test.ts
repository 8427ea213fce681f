/**
 * The canary guard across instances (docs/decisions/023-canary-guard.md): the plan lives in the
 * database, so a restarted app carries on with it; with two apps on one database, only the one
 * holding the lease acts, and another takes over once it stops or its lease runs out.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createDatabase } from '../../../src/db/database.js';
import { DB_MODES } from '../../helpers.js';
import { GUARD_PLAN, guardKit, LIVE, NEXT } from './canary-guard-kit.js';

// Both databases: locks: the guard's lease across two apps on one database.
describe.each(DB_MODES)('canary guard instances (%s)', (mode) => {
  const k = guardKit(mode);
  /** Another API instance on the same database and clock. */
  const instance = async () => {
    const app = buildApp(k.t.env, { logger: false, clock: k.t.clock, database: k.t.app.ctx.database });
    await app.ready();
    return app;
  };
  const guardRevisions = async () => (await k.revisions()).filter((r) => r.author === 'canary-guard');

  it('a restarted app carries on with the plan where it stood', async () => {
    await k.reset();
    // The test app's own guard stands aside; `first` plays the server that is restarted.
    await k.t.app.canaryGuard.stop();
    const first = await instance();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    await k.loads(NEXT, 6);
    await k.loads(LIVE, 6);
    k.t.clock.advance(61_000);
    expect((await first.canaryGuard.runOnce()).actions).toEqual([expect.stringContaining('10% -> 50%')]);
    await first.close();

    const second = await instance();
    try {
      const lobby = await k.lobby();
      expect(lobby.plan).toMatchObject({ status: 'running', step: 1, steps: [10, 50] });
      expect(lobby.canary.percent).toBe(50);
      await k.loads(NEXT, 5);
      k.t.clock.advance(61_000);
      // The lease `first` gave up at close is free at once.
      const round = await second.canaryGuard.runOnce();
      expect(round.leader).toBe(true);
      expect(round.actions).toEqual([expect.stringContaining(': promoted')]);
      expect((await k.manifest()).remotes.lobby?.version).toBe(NEXT);
    } finally {
      await second.close();
    }
  });

  it('a server that stops gives the lease up before its own database closes: the next round elsewhere takes it at once', async () => {
    await k.reset();
    await k.t.app.canaryGuard.stop();
    // As server.ts runs it: its own database, closed by the app once the jobs have stopped.
    const stopping = buildApp(k.t.env, {
      logger: false,
      clock: k.t.clock,
      database: createDatabase(k.t.env),
      closeDatabase: true,
    });
    await stopping.ready();
    const other = await instance();
    try {
      expect((await stopping.canaryGuard.runOnce()).leader).toBe(true);
      expect((await other.canaryGuard.runOnce()).leader).toBe(false);
      await stopping.close();
      // Not a millisecond later on the clock: the lease was given up, not left to run out.
      expect((await other.canaryGuard.runOnce()).leader).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('two instances on one database: only the lease holder acts, the other takes over when it expires', async () => {
    await k.reset();
    await k.t.app.canaryGuard.stop();
    const apps: FastifyInstance[] = [await instance(), await instance()];
    try {
      await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
      await k.loads(NEXT, 6);
      k.t.clock.advance(61_000);
      const before = (await guardRevisions()).length;
      // Both at once, as two servers' timers would fire.
      const rounds = await Promise.all(apps.map((a) => a.canaryGuard.runOnce()));
      expect(rounds.map((r) => r.leader).sort()).toEqual([false, true]);
      expect(rounds.flatMap((r) => r.actions)).toHaveLength(1);
      expect((await guardRevisions()).length).toBe(before + 1);
      const holder = rounds.findIndex((r) => r.leader);
      const other = apps[1 - holder] as FastifyInstance;

      // The holder stops answering (no close: killed). Within its lease nobody else acts…
      await k.loads(NEXT, 5);
      k.t.clock.advance(k.t.env.JOB_LEASE_TTL_MS - 1);
      expect(await other.canaryGuard.runOnce()).toEqual({ leader: false, actions: [] });
      expect((await k.manifest()).remotes.lobby?.canary?.percent).toBe(50);
      // …once it has run out (JOB_LEASE_TTL_MS: nobody renews a killed holder's), the other
      // instance takes over and promotes.
      k.t.clock.advance(61_000);
      const takeover = await other.canaryGuard.runOnce();
      expect(takeover.leader).toBe(true);
      expect(takeover.actions).toEqual([expect.stringContaining(': promoted')]);
      expect((await apps[holder]?.canaryGuard.runOnce())?.leader).toBe(false);
      expect((await guardRevisions()).length).toBe(before + 2);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
