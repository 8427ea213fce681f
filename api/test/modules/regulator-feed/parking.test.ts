/**
 * A feed no batch can jam (docs/decisions/063-a-feed-that-cannot-jam.md, amending 042): at its
 * default settings the feed reaches a receiver whose body limit is 16 KiB; a 413 splits the batch,
 * down to the one event the receiver cannot take, which is parked with its reason while the rest
 * flows in order; a batch refused for one bad event (400) the same; a receiver refusing every
 * event parks a few, never the whole outbox; compliance sees the parked events in the feed status
 * and sends one again (staff audit).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/tx.js';
import { recordFeedEvent } from '../../../src/modules/regulator-feed/feed-outbox.service.js';
import { startFeedReceiver } from '../../../src/modules/regulator-feed/receiver-simulator.js';
import { bookEntries } from '../../../src/modules/wallet/wallet.repository.js';
import { DB_MODES, freshPhone, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';

const SECRET = 'feed-parking-secret-0123456789abc';
const KIB16 = 16 * 1024;

describe.each(DB_MODES)('a feed that cannot jam (%s)', (mode) => {
  let receiver: Awaited<ReturnType<typeof startFeedReceiver>>;
  let t: TestApp;
  let player: Player;
  let operator: Player;
  const operatorPhone = freshPhone();
  beforeAll(async () => {
    receiver = await startFeedReceiver(SECRET, { bodyLimitBytes: KIB16 });
    // The feed's own settings at their defaults (batch size, batch bytes); only the timer is off
    // (the tests run the rounds) and the backoff is short of the clock the tests move.
    t = await startApp(mode, {
      COMPLIANCE_PHONES: operatorPhone,
      REGULATOR_FEED_URL: receiver.url,
      REGULATOR_FEED_SECRET: SECRET,
      REGULATOR_FEED_INTERVAL_MS: '0',
    });
    player = await t.signedInPlayer();
    operator = await asStaff(t, await t.signedInPlayer(operatorPhone));
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.receiver.faults = { failEvery: 0, timeoutEvery: 0, delayMs: 0, bodyLimitBytes: KIB16 };
  });

  const db = () => t.app.ctx.database.db;
  const outbox = () => db().selectFrom('regulator_feed_events').selectAll().orderBy('sequence').execute();
  const book = async (n: number) => {
    for (let i = 0; i < n; i++)
      await inTransaction(t.app.ctx.database, (trx) =>
        bookEntries(
          trx,
          player.userId,
          [
            { pot: 'main', amount: -2000, kind: 'bet' },
            { pot: 'main', amount: 3000, kind: 'win' },
          ],
          `park-${i}-${Math.random()}`,
          t.clock.now(),
        ),
      );
  };
  /** An event of `bytes` bytes of payload, as a note of a limit change. */
  const plant = async (bytes: number) => {
    await inTransaction(t.app.ctx.database, (trx) =>
      recordFeedEvent(trx, player.userId, 'limit_change', t.clock.now(), { note: 'x'.repeat(bytes) }),
    );
    const rows = await outbox();
    return rows[rows.length - 1]!;
  };
  const round = () => t.app.regulatorFeed.job.runOnce();
  /** Rounds (the clock moved past each backoff) until one delivers nothing and fails nothing. */
  const drain = async () => {
    for (let i = 0; i < 100; i++) {
      const r = await round();
      if (!r.leader) throw new Error('not the lease holder');
      if (r.result.failed || r.result.waiting) {
        t.clock.advance(300_000);
        continue;
      }
      if (r.result.batches === 0) return;
    }
    throw new Error('the backlog never emptied');
  };
  const status = async () => json(await t.get('/regulator-feed/status', operator.headers));
  /** What the receiver got equals the outbox without the parked events, in sequence order. */
  const expectDeliveredInOrder = async () => {
    const rows = (await outbox()).filter((r) => r.parked_at === null);
    expect(rows.every((r) => r.delivered_at !== null)).toBe(true);
    const got = receiver.receiver.events;
    expect(got.map((e) => e.event_id)).toEqual(rows.map((r) => r.event_id));
    expect(receiver.receiver.outOfOrder).toBe(0);
  };

  it('100 events at the default settings reach a receiver limited to 16 KiB, in order', async () => {
    await book(50);
    expect(await outbox()).toHaveLength(100);
    await drain();
    await expectDeliveredInOrder();
    expect(receiver.receiver.events).toHaveLength(100);
    expect(await status()).toMatchObject({ backlog: 0, parked: 0, parkedEvents: [] });
  });

  it('an event too large for the receiver is parked with its reason and the rest flows in order', async () => {
    await book(20);
    const big = await plant(KIB16 + 100);
    await book(20);
    await drain();
    await expectDeliveredInOrder();
    const parked = (await outbox()).filter((r) => r.parked_at !== null);
    expect(parked.map((r) => r.sequence)).toEqual([big.sequence]);
    const s = await status();
    expect(s).toMatchObject({ backlog: 0, parked: 1 });
    expect(s.parkedEvents).toEqual([
      expect.objectContaining({ sequence: big.sequence, eventId: big.event_id, type: 'limit_change' }),
    ]);
    expect(s.parkedEvents[0].reason).toMatch(/HTTP 413/);
  });

  it('a batch refused for one bad event (400) is split down to that event, which is parked', async () => {
    await book(10);
    const bad = (await outbox()).slice(-7)[0]!;
    receiver.receiver.faults = { ...receiver.receiver.faults, refuseEventIds: new Set([bad.event_id]) };
    await book(10);
    await drain();
    await expectDeliveredInOrder();
    const parked = (await outbox()).filter((r) => r.parked_at !== null).map((r) => r.sequence);
    expect(parked).toContain(bad.sequence);
    const s = await status();
    expect(s.parkedEvents.find((e: { sequence: number }) => e.sequence === bad.sequence).reason).toMatch(
      /HTTP 400/,
    );
  });

  it('a receiver refusing every event parks a few, then stops and backs off with the backlog kept', async () => {
    const before = (await outbox()).filter((r) => r.parked_at !== null).length;
    receiver.receiver.faults = { ...receiver.receiver.faults, bodyLimitBytes: 10 };
    await book(10);
    const r1 = await round();
    if (!r1.leader) throw new Error('not the lease holder');
    expect(r1.result.failed).toMatch(/HTTP 413/);
    const parked = (await outbox()).filter((r) => r.parked_at !== null).length - before;
    expect(parked).toBeGreaterThan(0);
    expect(parked).toBeLessThanOrEqual(5);
    expect((await status()).backlog).toBe(20 - parked);
    // The receiver mended, the rest goes; the parked ones wait for an operator.
    receiver.receiver.faults = { ...receiver.receiver.faults, bodyLimitBytes: KIB16 };
    t.clock.advance(300_000);
    await drain();
    await expectDeliveredInOrder();
  });

  it('an event the receiver fails on (500) again and again is parked once the next one is taken', async () => {
    await book(10);
    const bad = (await outbox()).slice(-13)[0]!;
    receiver.receiver.faults = { ...receiver.receiver.faults, crashOnEventIds: new Set([bad.event_id]) };
    await book(10);
    const parkedBefore = (await outbox()).filter((r) => r.parked_at !== null).length;
    await drain();
    await expectDeliveredInOrder();
    const parked = (await outbox()).filter((r) => r.parked_at !== null);
    expect(parked).toHaveLength(parkedBefore + 1);
    const mine = parked.find((r) => r.sequence === bad.sequence);
    expect(mine?.parked_reason).toMatch(
      /^HTTP 500, \d+ times in a row while the receiver took the next event$/,
    );
    expect((await status()).failures).toBe(0);
  });

  it('a receiver that is down parks nothing: the events wait, in order, and go when it is back', async () => {
    const parkedBefore = (await outbox()).filter((r) => r.parked_at !== null).length;
    receiver.receiver.faults = { ...receiver.receiver.faults, failEvery: 1 };
    await book(10);
    for (let i = 0; i < 15; i++) {
      const r = await round();
      if (!r.leader) throw new Error('not the lease holder');
      expect(r.result.delivered).toBe(0);
      t.clock.advance(300_000);
    }
    expect((await outbox()).filter((r) => r.parked_at !== null)).toHaveLength(parkedBefore);
    const s = await status();
    expect(s.failures).toBe(15);
    expect(s.backlog).toBe(20);
    receiver.receiver.faults = { ...receiver.receiver.faults, failEvery: 0 };
    await drain();
    await expectDeliveredInOrder();
    expect((await outbox()).filter((r) => r.parked_at !== null)).toHaveLength(parkedBefore);
  });

  it('compliance sends a parked event again with a reason (audited); others may not', async () => {
    receiver.receiver.faults = { ...receiver.receiver.faults, bodyLimitBytes: 0 };
    const [first] = (await status()).parkedEvents as { sequence: number }[];
    const url = `/staff/regulator-feed/parked/${first!.sequence}/release`;
    expect((await t.post(url, { reason: 'Receiver limit raised' })).statusCode).toBe(401);
    // A player signed in now (the clock has moved hours: the first one's token is out of date).
    const someone = await t.signedInPlayer();
    expect((await t.post(url, { reason: 'Receiver limit raised' }, someone.headers)).statusCode).toBe(403);
    expect((await t.post(url, {}, operator.headers)).statusCode).toBe(400);
    const res = await t.post(url, { reason: 'Receiver limit raised' }, operator.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ sequence: first!.sequence, released: true });
    // Released already: nothing to release.
    const again = await t.post(url, { reason: 'Receiver limit raised' }, operator.headers);
    expect(again.statusCode).toBe(404);
    expect(json(again).code).toBe('NOT_PARKED');
    const audit = await db()
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'regulator_feed.released')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      target: `regulator_feed:${first!.sequence}`,
      reason: 'Receiver limit raised',
    });
    const seen = receiver.receiver.events.length;
    await drain();
    expect(receiver.receiver.events.length).toBe(seen + 1);
    expect(receiver.receiver.events[seen]!.sequence).toBe(first!.sequence);
    expect((await status()).parkedEvents.map((e: { sequence: number }) => e.sequence)).not.toContain(
      first!.sequence,
    );
  });
});
