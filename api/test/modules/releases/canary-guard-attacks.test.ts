/**
 * Nobody outside steers the canary guard (docs/decisions/031-release-health-tickets.md): load
 * beacons and error reports that are anonymous, forged, sent with a stolen or replayed ticket,
 * or with a ticket for another version never abort or promote a guarded canary, and one browser
 * is never the many loads the guard waits for. Client ids a script mints for free, a thousand
 * from one address or from twenty, with their failed or working loads, render errors and forged
 * LCP, count for nothing (docs/decisions/060-health-counts-people.md). Genuine players' loads
 * still drive it (canary-guard.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  type Browser,
  beacon,
  envelopeOf,
  genuineVitals,
  type LoadEntry,
  mint,
  renderErrorEvent,
  report,
  visit,
  vitalsBeacon,
} from '../../browsers.js';
import { DB_MODES, json } from '../../helpers.js';
import { GUARD_PLAN, guardKit, LIVE, NEXT } from './canary-guard-kit.js';

/** The trusted proxy the attack's requests come through (X-Forwarded-For names the attacker's address). */
const PROXY = '127.0.0.1';
/** The attack's addresses: one, or twenty. */
const addresses = (n: number) => Array.from({ length: n }, (_, i) => `192.0.2.${i + 1}`);

/**
 * A script minting `total` client ids from `ips` (spread evenly), 50 at a time; answers those
 * that got a ticket (the rest got no cookie at all).
 */
async function mintMany(app: Parameters<typeof mint>[0], ips: string[], total: number): Promise<Browser[]> {
  const out: Browser[] = [];
  for (let i = 0; i < total; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, total - i) }, (_, j) => mint(app, ips[(i + j) % ips.length], PROXY)),
    );
    out.push(...batch.filter((b) => b.jar.has('mchezo_load_ticket')));
  }
  return out;
}

/** Each minted browser reports something, 50 at a time. */
async function each(browsers: Browser[], send: (b: Browser) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < browsers.length; i += 50) await Promise.all(browsers.slice(i, i + 50).map(send));
}

const lobby = (version: string, ok: number, failed: number): LoadEntry[] => [
  { remote: 'lobby', version, ok, failed },
];
const renderErrors = (version: string, n: number) =>
  envelopeOf(Array(n).fill(renderErrorEvent('lobby', version)));

describe.each(DB_MODES)('canary guard against forged reports (%s)', (mode) => {
  const k = guardKit(mode, { TRUST_PROXY: PROXY });
  const round = () => k.t.app.canaryGuard.runOnce();
  const plan = async () => (await k.lobby()).plan;

  it('an anonymous beacon of 1,000 failed loads does not abort a healthy canary', async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    await k.loads(NEXT, 6);
    await k.loads(LIVE, 20);
    expect((await beacon(k.t.app, null, lobby(NEXT, 0, 1000))).statusCode).toBe(204);
    await report(k.t.app, null, renderErrors(NEXT, 10));
    k.t.clock.advance(61_000);
    expect((await round()).actions).toEqual([
      `lobby: canary ${NEXT} error rate 0% (0/6 loads) vs active 0% (0/20) over 1 min: 10% -> 50%`,
    ]);
  });

  it("1,000 anonymous loads do not dilute a failing canary into the next step; it is aborted on its players' figures", async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    await k.loads(NEXT, 2, 3);
    await k.loads(LIVE, 20);
    await beacon(k.t.app, null, lobby(NEXT, 1000, 0));
    // Poisoning the active version does not make the canary look better either.
    await beacon(k.t.app, null, lobby(LIVE, 0, 1000));
    k.t.clock.advance(61_000);
    expect((await round()).actions).toEqual([
      `lobby: canary ${NEXT} error rate 60% (3/5 loads) vs active 0% (0/20) over 1 min: aborted`,
    ]);
  });

  it('stolen, replayed and other-version tickets move nothing: the plan waits for genuine loads', async () => {
    await k.reset();
    // A ticket from before the canary: it names the active version only.
    const before = await visit(k.t.app);
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    const revision = (await k.manifest()).revision;
    // A player whose page failed once, loaded on the retry and then raised a render error: all counted.
    const victim = await visit(k.t.app);
    await beacon(k.t.app, victim, lobby(NEXT, 1, 1));
    await report(k.t.app, victim, renderErrors(NEXT, 1));
    const thief: Browser = await visit(k.t.app);
    thief.jar.set('mchezo_load_ticket', victim.jar.get('mchezo_load_ticket') as string);
    for (let minute = 0; minute < 5; minute++) {
      for (const [who, version] of [
        [thief, NEXT],
        [victim, NEXT],
        [before, NEXT],
      ] as const) {
        await beacon(k.t.app, who, lobby(version, 0, 1000));
        await report(k.t.app, who, renderErrors(version, 10));
      }
      // Promote-wards too: floods of "working" loads of the canary.
      await beacon(k.t.app, thief, lobby(NEXT, 1000, 0));
      await beacon(k.t.app, victim, lobby(NEXT, 1000, 0));
      k.t.clock.advance(61_000);
      expect((await round()).actions).toEqual([]);
    }
    expect((await k.manifest()).revision).toBe(revision);
    expect(await plan()).toMatchObject({
      status: 'running',
      step: 0,
      last_check: expect.stringMatching(/ 100% \(2\/2 loads\) .*: waiting for 5 canary loads at 10%$/),
    });
    const uncounted = (await k.t.get('/releases/health', k.rm.headers)).json().uncounted;
    expect(uncounted.map((u: { reason: string }) => u.reason)).toEqual(
      expect.arrayContaining(['client_mismatch', 'replayed', 'version_not_in_ticket']),
    );
  });

  it('one browser is never many loads: the guard waits for min_loads distinct browsers', async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    const browser = await visit(k.t.app);
    // A new page view (a new ticket) every few seconds for five minutes, every load failing.
    for (let minute = 0; minute < 5; minute++) {
      for (let view = 0; view < 10; view++)
        await beacon(k.t.app, await visit(k.t.app, browser), lobby(NEXT, 0, 1));
      k.t.clock.advance(60_000);
    }
    expect((await round()).actions).toEqual([]);
    expect((await plan()).last_check).toBe(
      `canary ${NEXT} error rate 100% (15/15 loads) vs active 0% (0/0) over 5 min: waiting for loads from 5 browsers (1 so far) at 10%`,
    );
  });

  it('1,000 client ids minted from one address, every load failing, do not abort a healthy canary', async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    await k.loads(NEXT, 6);
    await k.loads(LIVE, 20);
    const minted = await mintMany(k.t.app, addresses(1), 1000);
    await each(minted, (b) => beacon(k.t.app, b, lobby(NEXT, 0, 1)));
    await each(minted, (b) => report(k.t.app, b, renderErrors(NEXT, 1)));
    k.t.clock.advance(61_000);
    expect((await round()).actions).toEqual([
      `lobby: canary ${NEXT} error rate 0% (0/6 loads) vs active 0% (0/20) over 1 min: 10% -> 50%`,
    ]);
  });

  it("1,000 client ids minted from 20 addresses, every load working, do not carry a failing canary on; it is aborted on its players' figures", async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    await k.loads(NEXT, 2, 3);
    await k.loads(LIVE, 20);
    const minted = await mintMany(k.t.app, addresses(20), 1000);
    await each(minted, (b) => beacon(k.t.app, b, lobby(NEXT, 1, 0)));
    k.t.clock.advance(61_000);
    expect((await round()).actions).toEqual([
      `lobby: canary ${NEXT} error rate 60% (3/5 loads) vs active 0% (0/20) over 1 min: aborted`,
    ]);
    // What the guard left out is recorded with its decision: the minted browsers, never counted.
    const decision = (await k.t.app.ctx.database.db
      .selectFrom('canary_decisions')
      .select(['figures', 'verdict'])
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow()) as { figures: string; verdict: string };
    expect(decision.verdict).toBe('abort');
    expect(JSON.parse(decision.figures).canary).toMatchObject({
      attempts: 5,
      clients: 5,
      unproven_clients: minted.length,
      unproven_reports: minted.length,
    });
  });

  it('forged LCP from 1,000 minted client ids on 20 addresses does not abort a fast canary by its speed limit', async () => {
    await k.reset();
    const plan = { ...GUARD_PLAN, max_lcp_p75_increase_ms: 500, min_vitals_samples: 4 };
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan });
    await k.loads(NEXT, 6);
    await k.loads(LIVE, 6);
    await genuineVitals(k.t.app, 'lobby', NEXT, [1000, 1000, 1100, 1100]);
    await genuineVitals(k.t.app, 'lobby', LIVE, [1000, 1000, 1100, 1100]);
    const minted = await mintMany(k.t.app, addresses(20), 1000);
    await each(minted, (b) => vitalsBeacon(k.t.app, b, { remote: 'lobby', version: NEXT, lcp: 30_000 }));
    k.t.clock.advance(61_000);
    expect((await round()).actions).toEqual([
      `lobby: canary ${NEXT} error rate 0% (0/6 loads) vs active 0% (0/6); p75 LCP 1100 ms (4) vs 1100 ms (4), at most +500 ms over 1 min: 10% -> 50%`,
    ]);
    const health = json(await k.t.get('/releases/health', k.rm.headers));
    expect(health.versions.find((v: { version: string }) => v.version === NEXT).vitals.lcp).toEqual({
      p75: 1100,
      samples: 4,
    });
  });
});
