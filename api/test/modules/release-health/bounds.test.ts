/**
 * Release health storage is bounded (docs/decisions/031-release-health-tickets.md): a flood of
 * beacons and error reports from one browser adds a bounded number of rows a minute, never
 * crowds out another browser's report, and everything is deleted after
 * RELEASE_HEALTH_RETENTION_DAYS (expired ticket uses at once), at most once a minute.
 */

import { UNCOUNTED_REASONS } from '@mchezo/contracts/release-health';
import { REMOTE_NAMES } from '@mchezo/contracts/releases';
import { describe, expect, it } from 'vitest';
import {
  beacon,
  envelopeOf,
  freshIp,
  type LoadEntry,
  renderErrorEvent,
  report,
  visit,
} from '../../browsers.js';
import { DB_MODES, json } from '../../helpers.js';
import { CANARY, healthKit, LIVE } from './kit.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Sends `n` requests, `batch` at a time. */
async function flood(n: number, send: (i: number) => Promise<{ statusCode: number }>, batch = 50) {
  for (let i = 0; i < n; i += batch) {
    const sent = await Promise.all(Array.from({ length: Math.min(batch, n - i) }, (_, j) => send(i + j)));
    for (const res of sent) expect(res.statusCode).toBeLessThan(300);
  }
}

// Both databases: SQL: bounded counts per minute and the retention delete.
describe.each(DB_MODES)('release health bounds (%s)', (mode) => {
  const k = healthKit(mode);

  it('10,000 junk beacons and 1,000 envelopes from one browser stay within their bound; another browser is still stored and counted', async () => {
    const minutes = 5;
    const attacker = await visit(k.t.app);
    const junk = (i: number): LoadEntry[] => [
      // The versions it may load, as often as the schema allows: once counted, then replays.
      { remote: 'lobby', version: CANARY, ok: 0, failed: 1000 },
      { remote: 'lobby', version: LIVE, ok: 0, failed: 1000 },
      // And a new version string every time, for every remote.
      ...REMOTE_NAMES.map((remote) => ({ remote, version: `9.${i}.${remote}`, ok: 1000, failed: 1000 })),
    ];
    const [rowsBefore, eventsBefore] = [await k.rows('uncounted_loads'), await k.rows('error_events')];
    for (let m = 0; m < minutes; m++) {
      await flood(2000, (i) => beacon(k.t.app, attacker, junk(m * 2000 + i)));
      await flood(200, () =>
        report(k.t.app, attacker, envelopeOf(Array(10).fill(renderErrorEvent('lobby', CANARY)))),
      );
      k.t.clock.advance(MINUTE);
    }
    // Counted: one row per live version and minute for this browser, at most; one ticket's worth.
    expect(await k.rows('remote_load_counts')).toBeLessThanOrEqual(minutes * 2);
    expect(await k.lobby(CANARY)).toMatchObject({ failures: 1, render_errors: 1, clients: 1 });
    // Kept apart: at most one row per minute, remote and reason, whatever the versions sent.
    const apart = (await k.rows('uncounted_loads')) - rowsBefore;
    expect(apart).toBeLessThanOrEqual(minutes * REMOTE_NAMES.length * UNCOUNTED_REASONS.length);
    expect(apart).toBeGreaterThan(0);
    // Stored reports: ERROR_EVENTS_PER_CLIENT_PER_MINUTE (10) a minute from this browser.
    expect((await k.rows('error_events')) - eventsBefore).toBe(minutes * 10);
    // Ticket uses: its versions and outcomes, once each.
    expect(await k.rows('load_ticket_uses')).toBeLessThanOrEqual(3 * 2);
    // The health answer stays small: no attacker version is listed.
    expect(JSON.stringify(await k.health()).length).toBeLessThan(4000);

    // Meanwhile, in the same minute as a flood, another player's report is stored and counted.
    await flood(200, () =>
      report(k.t.app, attacker, envelopeOf(Array(10).fill(renderErrorEvent('lobby', CANARY)))),
    );
    const player = await visit(k.t.app);
    const res = await report(k.t.app, player, envelopeOf([renderErrorEvent('lobby', CANARY)]));
    expect(json(res)).toEqual({ stored: 1 });
    expect(await k.lobby(CANARY)).toMatchObject({ render_errors: 2 });
    const [latest] = json(await k.t.get('/errors/events?limit=1', k.rm.headers)).events;
    expect(latest).toMatchObject({ version: CANARY, counted: true });
    // And anonymous reports from anywhere are bounded in all (ERROR_EVENTS_UNCOUNTED_PER_MINUTE, 60).
    k.t.clock.advance(MINUTE);
    const before = await k.rows('error_events');
    await flood(100, () => report(k.t.app, null, envelopeOf([renderErrorEvent('lobby', CANARY)]), freshIp()));
    expect((await k.rows('error_events')) - before).toBe(60);
  }, 300_000);

  it('stores at most ERROR_EVENTS_PER_VERSION_PER_MINUTE counted reports of a version; other versions and the figures go on', async () => {
    k.t.clock.advance(10 * MINUTE);
    const before = await k.rows('error_events');
    const errors = (version: string, n = 10) => envelopeOf(Array(n).fill(renderErrorEvent('lobby', version)));
    for (let i = 0; i < 7; i++) await report(k.t.app, await visit(k.t.app), errors(CANARY));
    expect((await k.rows('error_events')) - before).toBe(60);
    const late = await visit(k.t.app);
    expect(json(await report(k.t.app, late, errors(CANARY, 1)))).toEqual({ stored: 0 });
    // Its render error still counts: the figures never depend on what is stored.
    const rendered = (await k.lobby(CANARY))?.render_errors ?? 0;
    const another = await visit(k.t.app);
    await report(k.t.app, another, errors(CANARY, 1));
    expect((await k.lobby(CANARY))?.render_errors).toBe(rendered + 1);
    expect(json(await report(k.t.app, late, errors(LIVE, 1)))).toEqual({ stored: 1 });
    expect(json(await report(k.t.app, null, errors(CANARY, 1)))).toEqual({ stored: 1 });
  });

  it('keeps what a flood claims within its column: an uncounted row stops at 1,000,000,000', async () => {
    k.t.clock.advance(10 * MINUTE);
    const minute = Math.floor(k.t.clock.now() / MINUTE) * MINUTE;
    const db = k.t.app.ctx.database.db;
    await db
      .insertInto('uncounted_loads')
      .values({
        minute,
        remote: 'auth',
        reason: 'no_ticket',
        loads: 999_999_999,
        failures: 0,
        render_errors: 0,
      })
      .execute();
    const res = await beacon(k.t.app, null, [{ remote: 'auth', version: '1.0.0', ok: 1000, failed: 0 }]);
    expect(res.statusCode).toBe(204);
    const row = await db
      .selectFrom('uncounted_loads')
      .select('loads')
      .where('minute', '=', minute)
      .where('remote', '=', 'auth')
      .executeTakeFirstOrThrow();
    expect(Number(row.loads)).toBe(1_000_000_000);
  });

  it('deletes figures, reports and ticket uses past their time, at most once a minute', async () => {
    const db = k.t.app.ctx.database.db;
    k.t.clock.advance(DAY);
    const old = await visit(k.t.app);
    await beacon(k.t.app, old, [{ remote: 'lobby', version: LIVE, ok: 1, failed: 0 }]);
    await beacon(k.t.app, null, [{ remote: 'lobby', version: LIVE, ok: 1, failed: 0 }]);
    await report(k.t.app, old, envelopeOf([renderErrorEvent('lobby', LIVE)]));
    const counts = async () =>
      Promise.all([
        k.rows('remote_load_counts'),
        k.rows('uncounted_loads'),
        k.rows('error_events'),
        k.rows('load_ticket_uses'),
      ]);
    const [loads, apart, events, uses] = await counts();
    expect(loads * apart * events * uses).toBeGreaterThan(0);

    // A day on: the tickets have expired (their uses go), the figures are kept.
    k.t.clock.advance(DAY);
    await beacon(k.t.app, null, [{ remote: 'lobby', version: LIVE, ok: 1, failed: 0 }]);
    expect(await counts()).toEqual([loads, apart + 1, events, 0]);
    // Past the 8 days' retention: everything from before is gone, the new row stays.
    k.t.clock.advance(7 * DAY + MINUTE);
    await beacon(k.t.app, null, [{ remote: 'lobby', version: LIVE, ok: 1, failed: 0 }]);
    expect(await counts()).toEqual([0, 2, 0, 0]);
    // Within the minute no second prune: an old row put in now stays until the next minute's.
    await db
      .insertInto('uncounted_loads')
      .values({ minute: 0, remote: 'lobby', reason: 'no_ticket', loads: 1, failures: 0, render_errors: 0 })
      .execute();
    await beacon(k.t.app, null, [{ remote: 'lobby', version: LIVE, ok: 1, failed: 0 }]);
    expect(await k.rows('uncounted_loads')).toBe(3);
    k.t.clock.advance(MINUTE);
    await beacon(k.t.app, null, [{ remote: 'lobby', version: LIVE, ok: 1, failed: 0 }]);
    expect(await k.rows('uncounted_loads')).toBe(3);
    expect(
      await db.selectFrom('uncounted_loads').select('minute').where('minute', '=', 0).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe.each(DB_MODES)('release health past a client id’s life (%s)', (mode) => {
  const k = healthKit(mode, { LOAD_CLIENT_TTL_DAYS: '1' });

  it("keeps counting a browser's figures after its client id expired, for as long as the figures are kept", async () => {
    const player = await visit(k.t.app);
    await beacon(k.t.app, player, [{ remote: 'lobby', version: LIVE, ok: 1, failed: 0 }]);
    const counted = async () => (await k.health(3 * 24 * 60)).versions.find((v) => v.version === LIVE);
    expect(await counted()).toMatchObject({ loads: 1, clients: 1 });
    // The client id is over (a new page view would get a new one) and release health prunes.
    // (In two halves: the manager's staff session would be idle for a whole day otherwise.)
    k.t.clock.advance(DAY / 2);
    expect(await counted()).toMatchObject({ loads: 1, clients: 1 });
    k.t.clock.advance(DAY / 2 + 2 * MINUTE);
    expect(
      (await visit(k.t.app, player, '/api/v1/releases/manifest', false)).jar.get('mchezo_client'),
    ).not.toBe(undefined);
    await beacon(k.t.app, null, [{ remote: 'lobby', version: LIVE, ok: 1, failed: 0 }]);
    expect(await counted()).toMatchObject({ loads: 1, clients: 1 });
    expect(await k.uncounted('unproven')).toBeUndefined();
  });
});
