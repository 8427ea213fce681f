/**
 * The built-in receiver (`npm start`, the cluster; docs/decisions/063-a-feed-that-cannot-jam.md):
 * it keeps what it receives in the database, so the cluster's instances behind one address share
 * one receiver and it survives a restart, and it takes the largest batch the sender makes
 * (REGULATOR_FEED_MAX_BATCH_BYTES), far over the API's 16 KiB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { inTransaction } from '../../../src/db/tx.js';
import { hmacHex } from '../../../src/lib/crypto.js';
import { sizedBatch } from '../../../src/modules/regulator-feed/feed-format.js';
import { recordFeedEvent } from '../../../src/modules/regulator-feed/feed-outbox.service.js';
import { FEED_SIMULATOR_PATH } from '../../../src/modules/regulator-feed/feed-target.js';
import { DB_MODES, type Player, startApp, type TestApp } from '../../helpers.js';

const SECRET = 'feed-receiver-secret-0123456789ab';

// Both databases: SQL: the receiver's own table, deduplicated by event id.
describe.each(DB_MODES)('the built-in feed receiver (%s)', (mode) => {
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    // The receiver served, no delivery (no URL): the test posts to it as the sender would.
    t = await startApp(mode, { REGULATOR_FEED_SIMULATOR: 'true', REGULATOR_FEED_SECRET: SECRET });
    player = await t.signedInPlayer();
  }, 30_000);
  afterAll(async () => {
    await t?.close();
  });

  /** An instance beside `t` on the same database (another process of the cluster, or `t` restarted). */
  const another = async () => {
    const app = buildApp(t.app.ctx.env, { logger: false, clock: t.clock, database: t.app.ctx.database });
    await app.ready();
    return app;
  };
  const post = (app: TestApp['app'], body: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${FEED_SIMULATOR_PATH}`,
      headers: { 'content-type': 'application/json', 'x-feed-signature': `sha256=${hmacHex(SECRET, body)}` },
      payload: body,
    });
  const summary = async (app: TestApp['app']) =>
    (await app.inject({ method: 'GET', url: `/api/v1${FEED_SIMULATOR_PATH}` })).json();

  it('takes the largest batch the sender makes, and every instance on the database sees it', async () => {
    for (let i = 0; i < 40; i++)
      await inTransaction(t.app.ctx.database, (trx) =>
        recordFeedEvent(trx, player.userId, 'limit_change', t.clock.now(), { note: 'y'.repeat(2000) }),
      );
    const rows = await t.app.ctx.database.db
      .selectFrom('regulator_feed_events')
      .select(['sequence', 'event_id', 'type', 'occurred_at', 'player_ref', 'payload'])
      .orderBy('sequence')
      .execute();
    const max = t.app.ctx.env.REGULATOR_FEED_MAX_BATCH_BYTES;
    const { body, rows: taken } = sizedBatch(rows, t.clock.now(), undefined, max);
    expect(taken).toHaveLength(40);
    expect(Buffer.byteLength(body)).toBeGreaterThan(16 * 1024);
    const res = await post(t.app, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: 40, duplicates: [] });

    const b = await another();
    try {
      expect(await summary(b)).toMatchObject({ events: 40, batches: 1, duplicateBatches: 0, outOfOrder: 0 });
      // The same batch again, at the other instance: recognised, nothing stored twice.
      const again = await post(b, body);
      expect(again.json()).toMatchObject({ duplicate_batch: true });
      expect(again.json().duplicates).toHaveLength(40);
    } finally {
      await b.close();
    }
    expect(await summary(t.app)).toMatchObject({
      events: 40,
      batches: 1,
      duplicateBatches: 1,
      duplicateEvents: 40,
      lastSequence: rows[rows.length - 1]!.sequence,
    });
    // Over the largest batch the sender makes: refused as too large.
    const tooBig = JSON.stringify({ pad: 'z'.repeat(max) });
    expect((await post(t.app, tooBig)).statusCode).toBe(413);
  });
});
