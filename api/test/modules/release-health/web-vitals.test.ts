/**
 * Real players' speed per version (docs/decisions/051-web-vitals-per-version.md): a page view's
 * LCP, INP and CLS count under the load beacon's rules (only with the page's load ticket naming
 * the version, once per ticket, a few a minute per browser, bounded integers), p75 per version
 * comes from fixed buckets on both databases, and the canary guard's speed limit aborts a canary
 * slower than the active version by more than the plan allows, and only then.
 */

import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Browser, cookieHeader, freshIp, visit } from '../../browsers.js';
import { DB_MODES, type Json } from '../../helpers.js';
import { LIVE as GUARD_LIVE, GUARD_PLAN, guardKit, NEXT } from '../releases/canary-guard-kit.js';
import { CANARY, healthKit, LIVE, OTHER } from './kit.js';

/** The shell's vitals beacon, sent by `browser` (null: anonymous). */
const vitals = (app: FastifyInstance, browser: Browser | null, body: Json) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/releases/health/vitals',
    remoteAddress: browser?.ip ?? freshIp(),
    headers: { 'content-type': 'application/json', ...(browser && { cookie: cookieHeader(browser) }) },
    payload: JSON.stringify(body),
  });

/** Page views of a lobby version from fresh browsers, each with its ticket: one LCP each (and INP, CLS). */
async function pageViews(app: FastifyInstance, version: string, lcps: number[], extra: Json = {}) {
  for (const lcp of lcps) {
    const res = await vitals(app, await visit(app), { remote: 'lobby', version, lcp, ...extra });
    expect(res.statusCode, res.body).toBe(204);
  }
}

// Both databases: SQL: p75 from fixed buckets, computed by the database.
describe.each(DB_MODES)('web vitals ingest (%s)', (mode) => {
  const k = healthKit(mode);
  const lcpOf = async (version: string) => (await k.lobby(version))?.vitals.lcp;

  it('refuses bad values with 400 and stores nothing', async () => {
    const browser = await visit(k.t.app);
    const before = await k.rows('web_vitals' as 'error_events');
    const bad: Json[] = [
      { remote: 'lobby', version: LIVE },
      { remote: 'lobby', version: LIVE, lcp: -1 },
      { remote: 'lobby', version: LIVE, lcp: 60_001 },
      { remote: 'lobby', version: LIVE, inp: 60_001 },
      { remote: 'lobby', version: LIVE, cls: 10_001 },
      { remote: 'lobby', version: LIVE, cls: 0.1 },
      { remote: 'lobby', version: LIVE, lcp: 1234.5 },
      { remote: 'lobby', version: LIVE, lcp: '1200' },
      { remote: 'lobby', version: LIVE, lcp: 1e308 },
      { remote: 'casino', version: LIVE, lcp: 1200 },
      { remote: 'lobby', version: '../x', lcp: 1200 },
      { remote: 'lobby', version: LIVE, lcp: 1200, ttfb: 3 },
    ];
    for (const body of bad) {
      const res = await vitals(k.t.app, browser, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const notJson = await k.t.app.inject({
      method: 'POST',
      url: '/api/v1/releases/health/vitals',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(browser) },
      payload: '{"remote":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await k.rows('web_vitals' as 'error_events')).toBe(before);
    // The ticket was not spent on them: the browser's genuine beacon still counts.
    expect((await vitals(k.t.app, browser, { remote: 'lobby', version: LIVE, lcp: 1200 })).statusCode).toBe(
      204,
    );
    expect(await lcpOf(LIVE)).toEqual({ p75: 1200, samples: 1 });
  });

  it('counts only with the page ticket naming the version, once per ticket, a few a minute per browser', async () => {
    k.t.clock.advance(2 * 60 * 60_000);
    const slow = { remote: 'lobby', version: CANARY, lcp: 30_000, inp: 9_000, cls: 5_000 };
    // No ticket: anonymous.
    expect((await vitals(k.t.app, null, slow)).statusCode).toBe(204);
    // A version the ticket does not name (published, not live).
    expect((await vitals(k.t.app, await visit(k.t.app), { ...slow, version: OTHER })).statusCode).toBe(204);
    // A ticket copied to another browser.
    const genuine = await visit(k.t.app);
    const thief = await visit(k.t.app);
    thief.jar.set('mchezo_load_ticket', genuine.jar.get('mchezo_load_ticket') as string);
    expect((await vitals(k.t.app, thief, slow)).statusCode).toBe(204);
    // The genuine page view counts once; the same ticket again (a replay) does not.
    const fast = { remote: 'lobby', version: CANARY, lcp: 800, inp: 40, cls: 20 };
    expect((await vitals(k.t.app, genuine, fast)).statusCode).toBe(204);
    for (let i = 0; i < 5; i++) expect((await vitals(k.t.app, genuine, slow)).statusCode).toBe(204);
    // Expired: a ticket used after its hour.
    const late = await visit(k.t.app);
    k.t.clock.advance(3600_000);
    expect((await vitals(k.t.app, late, slow)).statusCode).toBe(204);

    const health = await k.health(3 * 60);
    expect(health.versions.find((v) => v.version === CANARY)?.vitals).toEqual({
      lcp: { p75: 800, samples: 1 },
      inp: { p75: 40, samples: 1 },
      cls: { p75: 20, samples: 1 },
    });
    expect(health.versions.find((v) => v.version === OTHER)).toBeUndefined();

    // A flood from one browser: every reload a new ticket, at most 3 page views a minute count.
    k.t.clock.advance(2 * 60 * 60_000);
    const flooder = await visit(k.t.app);
    for (let i = 0; i < 10; i++) {
      await visit(k.t.app, flooder);
      expect((await vitals(k.t.app, flooder, slow)).statusCode).toBe(204);
    }
    expect((await k.lobby(CANARY))?.vitals.lcp).toEqual({ p75: 30_000, samples: 3 });
    // Another browser in the same minute still counts.
    await pageViews(k.t.app, CANARY, [900]);
    expect((await k.lobby(CANARY))?.vitals.lcp).toEqual({ p75: 30_000, samples: 4 });
    // Rows stay per version, minute, metric and bucket: 4 page views, 2 buckets each metric.
    expect(await k.rows('web_vitals' as 'error_events')).toBeLessThanOrEqual(1 + 3 + 6);
  });

  it('gives p75 per version by nearest rank, rounded down to its bucket, and none without samples', async () => {
    k.t.clock.advance(3 * 60 * 60_000);
    // 8 page views: rank ceil(0.75 * 8) = 6th smallest.
    await pageViews(k.t.app, LIVE, [100, 1500, 200, 300, 2600, 400, 2500, 700]);
    // 4 page views: rank 3; 4,321 ms falls in the 50 ms bucket 4,300.
    await pageViews(k.t.app, CANARY, [4321, 100, 9000, 200], { inp: 480, cls: 101 });
    const health = await k.health(30);
    const live = health.versions.find((v) => v.version === LIVE);
    const canary = health.versions.find((v) => v.version === CANARY);
    expect(live?.vitals).toEqual({
      lcp: { p75: 1500, samples: 8 },
      inp: { p75: null, samples: 0 },
      cls: { p75: null, samples: 0 },
    });
    expect(canary?.vitals).toEqual({
      lcp: { p75: 4300, samples: 4 },
      inp: { p75: 480, samples: 4 },
      cls: { p75: 100, samples: 4 },
    });
    // Beside the error rate; two hours later they are out of the window.
    expect(live).toHaveProperty('error_rate');
    k.t.clock.advance(2 * 60 * 60_000);
    expect((await k.lobby(LIVE))?.vitals.lcp).toEqual({ p75: null, samples: 0 });
  });
});

describe.each(DB_MODES)('canary guard speed limit (%s)', (mode) => {
  const k = guardKit(mode);
  const round = () => k.t.app.canaryGuard.runOnce();
  const plan = async () => (await k.lobby()).plan;
  const SPEED_PLAN = {
    ...GUARD_PLAN,
    max_lcp_p75_increase_ms: 500,
    max_inp_p75_increase_ms: 100,
    min_vitals_samples: 4,
  };

  it('validates the speed limit in the plan, and shows it', async () => {
    await k.reset();
    for (const bad of [
      { max_lcp_p75_increase_ms: -1 },
      { max_lcp_p75_increase_ms: 60_001 },
      { max_inp_p75_increase_ms: 1.5 },
      { min_vitals_samples: 0 },
      { max_cls_p75_increase: 10 },
    ]) {
      const res = await k.post('/remotes/lobby/canary', {
        version: NEXT,
        percent: 10,
        plan: { ...GUARD_PLAN, ...bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await k.manifest()).remotes.lobby?.canary).toBeUndefined();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: GUARD_PLAN });
    expect(await plan()).toMatchObject({
      max_lcp_p75_increase_ms: null,
      max_inp_p75_increase_ms: null,
      min_vitals_samples: 20,
    });
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: SPEED_PLAN });
    expect(await plan()).toMatchObject({
      max_lcp_p75_increase_ms: 500,
      max_inp_p75_increase_ms: 100,
      min_vitals_samples: 4,
    });
  });

  it('aborts a canary whose p75 LCP is slower than the active by more than the limit', async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: SPEED_PLAN });
    await k.loads(NEXT, 5);
    await k.loads(GUARD_LIVE, 5);
    await pageViews(k.t.app, GUARD_LIVE, [1000, 1100, 1200, 1300], { inp: 100 });
    // Too few canary samples: it waits, however slow the few look.
    await pageViews(k.t.app, NEXT, [9000, 9000, 9000], { inp: 100 });
    k.t.clock.advance(61_000);
    expect((await round()).actions).toEqual([]);
    expect((await plan()).last_check).toBe(
      `canary ${NEXT} error rate 0% (0/5 loads) vs active 0% (0/5); p75 LCP 9000 ms (3) vs 1200 ms (4), at most +500 ms;` +
        ` p75 INP 100 ms (3) vs 100 ms (4), at most +100 ms over 1 min: waiting for 4 LCP samples each side and 4 INP samples each side at 10%`,
    );
    expect((await k.manifest()).remotes.lobby?.canary?.percent).toBe(10);
    await pageViews(k.t.app, NEXT, [9000], { inp: 100 });
    const { actions } = await round();
    expect(actions).toEqual([expect.stringContaining('p75 LCP 9000 ms (4) vs 1200 ms (4), at most +500 ms')]);
    expect(actions[0]).toMatch(/: aborted, LCP too slow$/);
    expect((await k.manifest()).remotes.lobby?.canary).toBeUndefined();
    expect(await plan()).toMatchObject({
      status: 'aborted',
      end_reason: expect.stringContaining('LCP too slow'),
    });
    expect((await k.revisions())[0]).toMatchObject({
      author: 'canary-guard',
      reason: expect.stringContaining('aborted, LCP too slow'),
    });
  });

  it('aborts on INP too, and ramps a canary within the limit', async () => {
    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: SPEED_PLAN });
    await k.loads(NEXT, 5);
    await k.loads(GUARD_LIVE, 5);
    await pageViews(k.t.app, GUARD_LIVE, [1000, 1000, 1000, 1000], { inp: 100 });
    await pageViews(k.t.app, NEXT, [1000, 1000, 1000, 1000], { inp: 250 });
    expect((await round()).actions).toEqual([expect.stringMatching(/: aborted, INP too slow$/)]);

    await k.reset();
    await k.change('/remotes/lobby/canary', { version: NEXT, percent: 10, plan: SPEED_PLAN });
    await k.loads(NEXT, 5);
    await k.loads(GUARD_LIVE, 5);
    await pageViews(k.t.app, GUARD_LIVE, [1000, 1000, 1000, 1000], { inp: 100 });
    // Exactly at the limit (+500 ms, +100 ms): within it.
    await pageViews(k.t.app, NEXT, [1500, 1500, 1500, 1500], { inp: 200 });
    expect((await round()).actions).toEqual([]);
    expect((await plan()).last_check).toMatch(/healthy at 10%, next step when the step's time is up$/);
    k.t.clock.advance(61_000);
    expect((await round()).actions).toEqual([expect.stringContaining('10% -> 50%')]);
    expect((await k.manifest()).remotes.lobby?.canary?.percent).toBe(50);
  });
});
