/**
 * The regulator feed under faults (docs/decisions/042-regulator-feed-outbox.md, 063-a-feed-that-cannot-jam.md):
 * the real server entry (src/server.ts, as `npm start` and a deployment run it), with the feed's
 * batch settings at their defaults (100 events, REGULATOR_FEED_MAX_BATCH_BYTES), delivers to a
 * receiver of its own process here whose body limit is 16 KiB, that fails one batch in three and
 * answers slowly; among the events is one the test plants that is larger than 16 KiB on its own.
 * The server is SIGKILLed while a batch is in flight and started again, while events keep being
 * written. In the end the receiver has every event of the outbox but the planted one, in sequence
 * order, its distinct count equal to theirs; the planted one, and only it, is parked, for HTTP 413;
 * the events the killed server never heard answered came again and were recognised by their ids.
 * On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/tx.js';
import {
  recordFeedEvent,
  recordFeedEvents,
} from '../../../src/modules/regulator-feed/feed-outbox.service.js';
import { startFeedReceiver } from '../../../src/modules/regulator-feed/receiver-simulator.js';
import { prepareStart } from '../../../src/startup.js';
import { DB_MODES, dropTestSchema } from '../../helpers.js';

const API_DIR = join(import.meta.dirname, '../../..');
const SECRET = 'kill-test-feed-secret-0123456789';
const report = (line: string) => console.log(`[feed kill] ${line}`);

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts src/server.ts with `vars`; answers once it says it is ready. */
async function startServer(
  vars: Record<string, string>,
): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('mchezo api ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before ready: ${err || out}`)));
  });
  return { child, exited };
}

// Both databases: transactions: what a SIGKILL leaves behind in the outbox.
describe.each(DB_MODES)('the regulator feed through a SIGKILL (%s)', (mode) => {
  it('every event delivered in order, counts equal, nothing parked but the planted oversize event', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mchezo-feed-kill-'));
    const schema = `feed_kill_${process.pid}_${Date.now().toString(36)}`;
    const receiver = await startFeedReceiver(SECRET, {
      failEvery: 3,
      delayMs: 30,
      bodyLimitBytes: 16 * 1024,
    });
    const vars: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      RECONCILE_INTERVAL_SECONDS: '0',
      RELEASES_INTEGRITY_INTERVAL_SECONDS: '0',
      CANARY_GUARD_INTERVAL_MS: '0',
      REGULATOR_FEED_URL: receiver.url,
      REGULATOR_FEED_SECRET: SECRET,
      // The batch settings at their defaults; the timings short, so the test takes seconds.
      REGULATOR_FEED_INTERVAL_MS: '50',
      // The lease of a killed holder runs out after 3 × (timeout + 1 s) = 4.5 s.
      REGULATOR_FEED_TIMEOUT_MS: '500',
      REGULATOR_FEED_BACKOFF_MS: '50',
      REGULATOR_FEED_BACKOFF_MAX_MS: '200',
      ...(mode === 'postgres'
        ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
        : {}),
    };
    // The test writes events the way the wallet does (recordFeedEvents in a transaction), on the
    // server's database, before and while it delivers.
    const { database } = await prepareStart(vars);
    const db = database.db;
    await db
      .insertInto('users')
      .values({
        id: 'feed-kill-user',
        phone: '+254700000999',
        username: 'feed-kill',
        email: null,
        full_name: null,
        password_hash: 'x',
        roles: '',
        status: 'active',
        player_ref: 'p_feedkill',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    let written = 0;
    const write = () =>
      inTransaction(database, (trx) => {
        written++;
        const entry = {
          user_id: 'feed-kill-user',
          pot: 'main',
          balance_after: 0,
          ref_id: `kill-${written}`,
          created_at: Date.now(),
        };
        return recordFeedEvents(trx, [
          { ...entry, kind: 'bet', amount: -2000 },
          { ...entry, kind: 'win', amount: 3000 },
        ]);
      });
    for (let i = 0; i < 100; i++) await write();
    // One event over the receiver's limit on its own, among the first to go.
    await inTransaction(database, (trx) =>
      recordFeedEvent(trx, 'feed-kill-user', 'limit_change', Date.now(), { note: 'x'.repeat(17 * 1024) }),
    );
    const planted = await db
      .selectFrom('regulator_feed_events')
      .select(['sequence', 'event_id'])
      .orderBy('sequence', 'desc')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 20; i++) await write();
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await write();
        await new Promise((r) => setTimeout(r, 15));
      }
    })();

    let first: Awaited<ReturnType<typeof startServer>> | undefined;
    let second: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      first = await startServer(vars);
      // Killed while a batch is in flight: the receiver has stored it, the server never hears so.
      const r = receiver.receiver;
      const receive = r.receive.bind(r);
      let killedAt = 0;
      // After the receiver stored a batch, before the server hears the answer.
      r.receive = async (body, signature) => {
        const answer = await receive(body, signature);
        if (!killedAt && answer.status === 200 && r.events.length >= 80) {
          killedAt = r.events.length;
          first?.child.kill('SIGKILL');
        }
        return answer;
      };
      await until('the kill', () => killedAt > 0);
      await first.exited;
      const gapStart = Date.now();
      second = await startServer(vars);
      await until('delivery after the restart', () => r.events.length > killedAt + 20);
      const resumedMs = Date.now() - gapStart;
      writing = false;
      await writer;
      await until(
        'an empty backlog',
        async () =>
          Number(
            (
              await db
                .selectFrom('regulator_feed_events')
                .select((eb) => eb.fn.countAll<number | string>().as('n'))
                .where('delivered_at', 'is', null)
                .where('parked_at', 'is', null)
                .executeTakeFirstOrThrow()
            ).n,
          ) === 0,
      );
      const all = await db
        .selectFrom('regulator_feed_events')
        .select(['event_id', 'sequence', 'parked_at', 'parked_reason'])
        .orderBy('sequence')
        .execute();
      const parked = all.filter((e) => e.parked_at !== null);
      const outbox = all.filter((e) => e.parked_at === null);
      const summary = r.summary();
      report(
        `${mode}: outbox ${all.length} events (${parked.length} parked), receiver ${summary.events} distinct in ` +
          `${summary.attempts} POSTs (${summary.duplicateEvents} duplicate events and ${summary.duplicateBatches} ` +
          `batches recognised), killed after ${killedAt}, delivering again ${(resumedMs / 1000).toFixed(1)} s after the kill`,
      );
      expect(all.length).toBe(2 * written + 1);
      expect(parked.map((e) => e.event_id)).toEqual([planted.event_id]);
      expect(parked[0]!.parked_reason).toMatch(/^HTTP 413/);
      expect(summary.events).toBe(outbox.length);
      expect(r.events.map((e) => e.event_id)).toEqual(outbox.map((e) => e.event_id));
      expect(r.events.map((e) => e.sequence)).toEqual(outbox.map((e) => e.sequence));
      expect(summary.outOfOrder).toBe(0);
      expect(summary.refusedSignatures).toBe(0);
      // The events in flight at the kill came again and were recognised by their ids.
      expect(summary.duplicateEvents).toBeGreaterThanOrEqual(1);
    } finally {
      writing = false;
      await writer.catch(() => {});
      first?.child.kill('SIGKILL');
      second?.child.kill('SIGTERM');
      await second?.exited;
      await database.close();
      await receiver.close();
      if (mode === 'postgres') await dropTestSchema(process.env.TEST_DATABASE_URL ?? '', schema);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
