/**
 * Delivering the regulator's feed (docs/decisions/042-regulator-feed-outbox.md):
 * in sequence order, in signed batches valid against docs/regulator-feed.schema.json, marked
 * delivered only after a 2xx, retried with backoff after a failure or a timeout (the same batch
 * id and event ids, recognised by the receiver), replayed from a sequence number by an operator;
 * the receiver failing one batch in three and answering slowly still ends with every event, in
 * order, its count equal to the outbox's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/tx.js';
import { loadEnv } from '../../../src/env.js';
import { feedBatch } from '../../../src/modules/regulator-feed/feed-format.js';
import { startFeedReceiver } from '../../../src/modules/regulator-feed/receiver-simulator.js';
import { bookEntries } from '../../../src/modules/wallet/wallet.repository.js';
import { productionProblems } from '../../../src/startup.js';
import { DB_MODES, freshPhone, json, type Player, startApp, TAXED, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';

const SECRET = 'feed-test-secret-0123456789abcdef';
const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../docs/regulator-feed.schema.json'), 'utf8'),
);
const ajv = new Ajv2020({ allErrors: true, strict: true });
// date-time is checked by format in a real receiver; here the shape (ajv-formats is not needed for it).
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const validBatch = ajv.compile(schema);

describe('the feed settings', () => {
  const dir = join(import.meta.dirname, '../../../../data/test-feed-env');
  it('a URL needs its secret; production wants https; the simulator is for development and tests', () => {
    expect(() => loadEnv({ DATA_DIR: dir, REGULATOR_FEED_URL: 'https://grak.example/feed' })).toThrow(
      /REGULATOR_FEED_SECRET: is needed with REGULATOR_FEED_URL/,
    );
    expect(() => loadEnv({ DATA_DIR: dir, REGULATOR_FEED_URL: 'ftp://grak.example' })).toThrow(
      /REGULATOR_FEED_URL: must be an http\(s\) URL/,
    );
    expect(() =>
      loadEnv({ DATA_DIR: dir, NODE_ENV: 'production', REGULATOR_FEED_SIMULATOR: 'true' }),
    ).toThrow(/REGULATOR_FEED_SIMULATOR: is for development and tests only/);
    const http = loadEnv({
      DATA_DIR: dir,
      NODE_ENV: 'production',
      REGULATOR_FEED_URL: 'http://grak.example/feed',
      REGULATOR_FEED_SECRET: SECRET,
    });
    const problems = productionProblems(http).join('\n');
    expect(problems).toContain('REGULATOR_FEED_URL must be https in production');
    expect(problems).not.toContain(SECRET);
  });
});

// Both databases: SQL: batches read in sequence order and marked delivered after a 2xx.
describe.each(DB_MODES)('regulator feed delivery (%s)', (mode) => {
  let receiver: Awaited<ReturnType<typeof startFeedReceiver>>;
  let t: TestApp;
  let player: Player;
  let operator: Player;
  const operatorPhone = freshPhone();
  beforeAll(async () => {
    receiver = await startFeedReceiver(SECRET);
    t = await startApp(mode, {
      ...TAXED,
      COMPLIANCE_PHONES: operatorPhone,
      REGULATOR_FEED_URL: receiver.url,
      REGULATOR_FEED_SECRET: SECRET,
      REGULATOR_FEED_BATCH_SIZE: '5',
      // Rounds are run by the tests (runOnce), never by a timer.
      REGULATOR_FEED_INTERVAL_MS: '0',
      REGULATOR_FEED_TIMEOUT_MS: '300',
      REGULATOR_FEED_BACKOFF_MS: '1000',
      REGULATOR_FEED_BACKOFF_MAX_MS: '4000',
    });
    player = await t.signedInPlayer();
    operator = await asStaff(t, await t.signedInPlayer(operatorPhone));
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const db = () => t.app.ctx.database.db;
  const outbox = () => db().selectFrom('regulator_feed_events').selectAll().orderBy('sequence').execute();
  /** `n` bookings of one event each, straight through the ledger. */
  const book = async (n: number) => {
    for (let i = 0; i < n; i++)
      await inTransaction(t.app.ctx.database, (trx) =>
        bookEntries(
          trx,
          player.userId,
          [{ pot: 'main', amount: 100, kind: 'win' }],
          `feed-${Math.random()}`,
          t.clock.now(),
        ),
      );
  };
  const round = () => t.app.regulatorFeed.job.runOnce();
  /** Runs rounds (moving the clock past each backoff) until the backlog is empty. */
  const drain = async () => {
    for (let i = 0; i < 200; i++) {
      const r = await round();
      if (!r.leader) throw new Error('not the lease holder');
      if (r.result.failed || r.result.waiting) {
        t.clock.advance(4000);
        continue;
      }
      if (r.result.batches === 0) return;
    }
    throw new Error('the backlog never emptied');
  };
  /** The receiver has every outbox event once, in sequence order. */
  const expectAllInOrder = async () => {
    const rows = await outbox();
    expect(rows.every((r) => r.delivered_at !== null)).toBe(true);
    expect(receiver.receiver.events.map((e) => e.event_id)).toEqual(rows.map((r) => r.event_id));
    expect(receiver.receiver.events.map((e) => e.sequence)).toEqual(rows.map((r) => r.sequence));
    expect(receiver.receiver.outOfOrder).toBe(0);
    expect(receiver.receiver.refusedSignatures).toBe(0);
  };

  it('delivers in sequence order, in signed batches that follow the documented schema', async () => {
    await t.depositFor(player, 500);
    await book(8);
    const rows = await outbox();
    expect(rows).toHaveLength(10);
    const first = await round();
    expect(first).toEqual({ leader: true, result: { delivered: 10, batches: 2 } });
    await expectAllInOrder();
    const [b1, b2] = receiver.receiver.batches;
    expect(b1!.batch_id).toBe(`b-${rows[0]!.sequence}-${rows[4]!.sequence}`);
    expect(b2!.first_sequence).toBe(rows[5]!.sequence);
    for (const batch of receiver.receiver.batches)
      expect(validBatch(batch), JSON.stringify(validBatch.errors)).toBe(true);
    expect(b1!.events.slice(0, 2).map((e) => e.type)).toEqual(['deposit', 'tax_excise']);
    expect(b1!.events[0]!.player_ref).toBe(await t.playerRef(player));
    expect(JSON.stringify(receiver.receiver.batches)).not.toContain(player.phone.slice(1));
    // Every event type's shape is in the schema (limits and exclusions included).
    const types = [
      'deposit',
      'withdrawal',
      'withdrawal_reversal',
      'bet',
      'win',
      'rollback',
      'review_adjustment',
    ];
    const made = [...types, 'excise_duty', 'withholding_tax', 'withholding_tax_refund'].map((type, i) => ({
      sequence: i + 1,
      event_id: `e${i}`,
      type: type as 'bet',
      occurred_at: 0,
      player_ref: 'p_x',
      payload: JSON.stringify({
        reference: 'r',
        entries: [{ account: 'main', amount: -1, balance_after: 0 }],
      }),
    }));
    made.push(
      {
        sequence: 20,
        event_id: 'l',
        type: 'limit_change' as 'bet',
        occurred_at: 0,
        player_ref: 'p_x',
        payload: JSON.stringify({
          limit: 'loss',
          period: 'day',
          amount_minor: 500,
          effective_at: new Date(0).toISOString(),
        }),
      },
      {
        sequence: 21,
        event_id: 'x',
        type: 'self_exclusion' as 'bet',
        occurred_at: 0,
        player_ref: 'p_x',
        payload: JSON.stringify({ kind: 'self_exclusion', length: '6m', until: new Date(0).toISOString() }),
      },
    );
    expect(validBatch(feedBatch(made, 0, 'BK-0001')), JSON.stringify(validBatch.errors)).toBe(true);
    expect(await round()).toEqual({ leader: true, result: { delivered: 0, batches: 0 } });
  });

  it('a failed batch stays undelivered and is sent again, the same batch, after a doubling backoff', async () => {
    await book(3);
    receiver.receiver.faults = { failEvery: 1, timeoutEvery: 0, delayMs: 0 };
    expect(await round()).toMatchObject({ result: { failed: 'HTTP 503' } });
    // Within the backoff nothing is tried.
    const attempts = receiver.receiver.attempts;
    expect(await round()).toMatchObject({ result: { waiting: true } });
    expect(receiver.receiver.attempts).toBe(attempts);
    let status = json(await t.get('/regulator-feed/status', operator.headers));
    expect(status).toMatchObject({
      enabled: true,
      backlog: 3,
      failures: 1,
      lastDelivery: { result: 'failed', error: 'HTTP 503' },
    });
    expect(Date.parse(status.nextAttemptAt) - t.clock.now()).toBe(1000);
    t.clock.advance(1000);
    expect(await round()).toMatchObject({ result: { failed: 'HTTP 503' } });
    status = json(await t.get('/regulator-feed/status', operator.headers));
    expect(Date.parse(status.nextAttemptAt) - t.clock.now()).toBe(2000);
    receiver.receiver.faults = { failEvery: 0, timeoutEvery: 0, delayMs: 0 };
    t.clock.advance(2000);
    expect(await round()).toMatchObject({ result: { delivered: 3, batches: 1 } });
    status = json(await t.get('/regulator-feed/status', operator.headers));
    expect(status).toMatchObject({
      backlog: 0,
      failures: 0,
      lastDelivery: { result: 'delivered', error: null },
    });
    await expectAllInOrder();
  });

  it('a timed-out batch the receiver did store is sent again and recognised by its ids', async () => {
    await book(2);
    receiver.receiver.faults = { failEvery: 0, timeoutEvery: 1, delayMs: 0, hangMs: 1000 };
    const duplicateBatches = receiver.receiver.duplicateBatches;
    expect(await round()).toMatchObject({ result: { failed: 'no answer within 300 ms' } });
    receiver.receiver.faults = { failEvery: 0, timeoutEvery: 0, delayMs: 0 };
    t.clock.advance(1000);
    expect(await round()).toMatchObject({ result: { delivered: 2 } });
    expect(receiver.receiver.duplicateBatches).toBe(duplicateBatches + 1);
    await expectAllInOrder();
  });

  it('the receiver failing one batch in three and answering slowly: every event, in order, counts equal', async () => {
    receiver.receiver.faults = { failEvery: 3, timeoutEvery: 0, delayMs: 20 };
    await book(23);
    const p2 = await t.signedInPlayer();
    await t.depositFor(p2, 300);
    await t.creditWinnings(p2, 150);
    expect((await t.walletRequest('withdraw', p2, 100)).statusCode).toBe(200);
    await drain();
    await expectAllInOrder();
    const rows = await outbox();
    expect(receiver.receiver.events).toHaveLength(rows.length);
    receiver.receiver.faults = { failEvery: 0, timeoutEvery: 0, delayMs: 0 };
  });

  it('an operator replays from a sequence: the same ids again, recognised; others may not', async () => {
    const rows = await outbox();
    const from = rows[rows.length - 4]!.sequence;
    // The one replay route is the staff site's, audited with its reason (feed-replay.service.ts).
    const replayFrom = (from_sequence: number, headers?: Record<string, string>) =>
      t.post('/staff/regulator-feed/replay', { from_sequence, reason: 'Regulator asked' }, headers);
    expect((await replayFrom(from)).statusCode).toBe(401);
    expect((await replayFrom(from, player.headers)).statusCode).toBe(403);
    expect((await t.get('/regulator-feed/status', player.headers)).statusCode).toBe(403);
    expect((await replayFrom(0, operator.headers)).statusCode).toBe(400);
    const duplicates = receiver.receiver.duplicateEvents;
    const replay = await replayFrom(from, operator.headers);
    expect(replay.statusCode).toBe(200);
    expect(json(replay)).toEqual({ from_sequence: from, requeued: 4 });
    expect(json(await t.get('/regulator-feed/status', operator.headers)).backlog).toBe(4);
    await drain();
    expect(receiver.receiver.duplicateEvents).toBe(duplicates + 4);
    await expectAllInOrder();
    const status = json(await t.get('/regulator-feed/status', operator.headers));
    expect(status).toMatchObject({
      backlog: 0,
      oldestUndeliveredAt: null,
      lastSequence: rows[rows.length - 1]!.sequence,
      lastDeliveredSequence: rows[rows.length - 1]!.sequence,
    });
  });

  it('a receiver that cannot check the signature refuses the batch; nothing is marked delivered', async () => {
    const other = await startFeedReceiver('another-secret-0123456789abcdef');
    try {
      await book(1);
      const [row] = (await outbox()).slice(-1);
      const body = JSON.stringify(feedBatch([row!], t.clock.now(), undefined));
      const res = await fetch(other.url, {
        method: 'POST',
        body,
        headers: { 'x-feed-signature': 'sha256=00' },
      });
      expect(res.status).toBe(401);
      await drain();
      await expectAllInOrder();
    } finally {
      await other.close();
    }
  });
  it('limit changes and exclusions go out too, in the documented shape', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/safer-gambling/loss-limits',
      payload: { day: 100, month: null },
      headers: player.headers,
    });
    expect(put.statusCode).toBe(200);
    expect(
      (await t.post('/safer-gambling/self-exclusion', { length: '6m' }, player.headers)).statusCode,
    ).toBe(200);
    await drain();
    await expectAllInOrder();
    const last = receiver.receiver.batches[receiver.receiver.batches.length - 1]!;
    expect(last.events.map((e) => e.type)).toEqual(['limit_change', 'self_exclusion']);
    expect(validBatch(last), JSON.stringify(validBatch.errors)).toBe(true);
  });
});
