/**
 * Delivering the regulator's real-time feed (issue 28 item 2; docs/decisions/042-regulator-feed-outbox.md):
 * a job of the runner with a lease (one instance at a time) takes the oldest undelivered events
 * of the outbox in sequence order, a batch of REGULATOR_FEED_BATCH_SIZE at a time, and POSTs each
 * as JSON (feed-format.ts) signed with HMAC-SHA256 under REGULATOR_FEED_SECRET. A batch is
 * marked delivered only after a 2xx; a failure or a timeout stops the round and backs off
 * (REGULATOR_FEED_BACKOFF_MS doubling up to REGULATOR_FEED_BACKOFF_MAX_MS), and the same batch
 * (same id, same events) goes again. An instance killed mid-batch leaves it undelivered: the next
 * holder of the lease sends it again, and the receiver recognises it by its ids.
 */
import type { FeedStatusResponse } from '@mchezo/contracts/regulator-feed';
import type { AppContext } from '../../context.js';
import type { Env } from '../../env.js';
import { hmacHex } from '../../lib/crypto.js';
import { Job } from '../../lib/job-runner.js';
import { FEED_BATCH_HEADER, FEED_SIGNATURE_HEADER, feedBatch } from './feed-format.js';
import { FeedReceiverSimulator } from './receiver-simulator.js';
import {
  backlog,
  deliveryState,
  markDelivered,
  saveDeliveryState,
  undeliveredEvents,
} from './regulator-feed.repository.js';

/** The in-process receiver simulator's path under /api/v1 (development, tests). */
export const FEED_SIMULATOR_PATH = '/testing/regulator-feed/receiver';
/** Most batches one round sends; the next round goes on. */
const MAX_BATCHES_PER_ROUND = 50;

/** A POST to the receiver: its status, or a thrown error (network, timeout). */
export type FeedPoster = (
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
) => Promise<number>;

const httpPost: FeedPoster = async (url, body, headers, timeoutMs) => {
  const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs) });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
};

/** Whether this server serves the receiver simulator: REGULATOR_FEED_SIMULATOR, or development by default. */
export const servesFeedSimulator = (env: Env) =>
  env.REGULATOR_FEED_SIMULATOR ?? env.NODE_ENV === 'development';

/** The simulator's key when none is configured: derived, never stored or logged. */
const simulatorSecret = (env: Env) => env.REGULATOR_FEED_SECRET ?? hmacHex(env.JWT_SECRET, 'regulator-feed');

/** Where the feed goes: the configured receiver, or in development the built-in simulator. */
export function feedTarget(env: Env): { url: string; secret: string } | null {
  if (env.REGULATOR_FEED_URL && env.REGULATOR_FEED_SECRET)
    return { url: env.REGULATOR_FEED_URL, secret: env.REGULATOR_FEED_SECRET };
  if (env.NODE_ENV === 'development' && servesFeedSimulator(env))
    return { url: `${env.PUBLIC_BASE_URL}/api/v1${FEED_SIMULATOR_PATH}`, secret: simulatorSecret(env) };
  return null;
}

/**
 * The lease outlasts any round: a round stops starting batches after a third of it, and one
 * POST takes at most the timeout. A killed holder is taken over after it runs out.
 */
export const feedLeaseMs = (env: Env) =>
  Math.max(3 * (env.REGULATOR_FEED_TIMEOUT_MS + 1000), 2 * env.REGULATOR_FEED_INTERVAL_MS);

export interface FeedRound {
  delivered: number;
  batches: number;
  /** The attempt failed (status or error); the next waits for the backoff. */
  failed?: string;
  /** A backoff was still running: nothing was tried. */
  waiting?: boolean;
}

export class RegulatorFeedService {
  readonly job: Job<FeedRound>;
  /** The receiver simulator this server serves (development, tests), if any. */
  readonly simulator: FeedReceiverSimulator | null;
  private readonly target: { url: string; secret: string } | null;
  /** Told each delivered batch's event ages in ms, on the instance that delivered it (decision 044's histogram). */
  private readonly deliveryListeners: ((agesMs: number[]) => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly post: FeedPoster = httpPost,
  ) {
    const { env } = ctx;
    this.target = feedTarget(env);
    this.simulator = servesFeedSimulator(env)
      ? new FeedReceiverSimulator(simulatorSecret(env), {
          failEvery: env.REGULATOR_FEED_SIMULATOR_FAIL_EVERY,
          timeoutEvery: env.REGULATOR_FEED_SIMULATOR_TIMEOUT_EVERY,
          delayMs: env.REGULATOR_FEED_SIMULATOR_DELAY_MS,
          hangMs: env.REGULATOR_FEED_TIMEOUT_MS * 2,
        })
      : null;
    this.job = new Job(ctx, {
      name: 'regulator-feed',
      everyMs: this.target ? env.REGULATOR_FEED_INTERVAL_MS : 0,
      leaseMs: feedLeaseMs(env),
      round: () => this.deliver(),
    });
  }

  /** `listener` gets the age (ms) of every event of each batch delivered from now on. */
  onDelivered(listener: (agesMs: number[]) => void): void {
    this.deliveryListeners.push(listener);
  }

  get enabled(): boolean {
    return this.target !== null;
  }

  /** One round: batches in order until the backlog is empty, a batch fails, or the round's time is up. */
  private async deliver(): Promise<FeedRound> {
    const { database, clock, env, log } = this.ctx;
    const db = database.db;
    const round: FeedRound = { delivered: 0, batches: 0 };
    if (!this.target) return round;
    const state = await deliveryState(db);
    if (state && state.next_attempt_at > clock.now()) return { ...round, waiting: true };
    const started = Date.now();
    const budgetMs = feedLeaseMs(env) / 3;
    while (round.batches < MAX_BATCHES_PER_ROUND && Date.now() - started < budgetMs) {
      const rows = await undeliveredEvents(db, env.REGULATOR_FEED_BATCH_SIZE);
      if (rows.length === 0) break;
      const batch = feedBatch(rows, clock.now(), env.LICENCE_NUMBER);
      const body = JSON.stringify(batch);
      const headers = {
        'content-type': 'application/json',
        [FEED_SIGNATURE_HEADER]: `sha256=${hmacHex(this.target.secret, body)}`,
        [FEED_BATCH_HEADER]: batch.batch_id,
      };
      let failure: string | undefined;
      try {
        const status = await this.post(this.target.url, body, headers, env.REGULATOR_FEED_TIMEOUT_MS);
        if (status < 200 || status > 299) failure = `HTTP ${status}`;
      } catch (err) {
        const e = err as Error;
        failure =
          e.name === 'TimeoutError' ? `no answer within ${env.REGULATOR_FEED_TIMEOUT_MS} ms` : e.message;
      }
      const now = clock.now();
      if (failure) {
        const failures = (state?.failures ?? 0) + 1;
        const wait = Math.min(
          env.REGULATOR_FEED_BACKOFF_MS * 2 ** (failures - 1),
          env.REGULATOR_FEED_BACKOFF_MAX_MS,
        );
        await saveDeliveryState(db, {
          last_attempt_at: now,
          last_result: 'failed',
          last_error: failure,
          last_batch_id: batch.batch_id,
          failures,
          next_attempt_at: now + wait,
        });
        log.warn(
          { job: 'regulator-feed', batch: batch.batch_id, failures, retryInMs: wait, error: failure },
          'regulator feed: batch not delivered; retrying after the backoff',
        );
        return { ...round, failed: failure };
      }
      await markDelivered(
        db,
        rows.map((r) => r.sequence),
        batch.batch_id,
        now,
      );
      await saveDeliveryState(db, {
        last_attempt_at: now,
        last_result: 'delivered',
        last_error: null,
        last_batch_id: batch.batch_id,
        failures: 0,
        next_attempt_at: 0,
        last_delivered_at: now,
        last_delivered_sequence: batch.last_sequence,
      });
      if (state) state.failures = 0;
      for (const listener of this.deliveryListeners) listener(rows.map((r) => now - Number(r.occurred_at)));
      round.delivered += rows.length;
      round.batches++;
    }
    return round;
  }

  async status(): Promise<FeedStatusResponse> {
    const db = this.ctx.database.db;
    const now = this.ctx.clock.now();
    const [waiting, state] = await Promise.all([backlog(db), deliveryState(db)]);
    const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
    return {
      enabled: this.enabled,
      backlog: waiting.count,
      oldestUndeliveredAt: iso(waiting.oldest),
      oldestUndeliveredAgeMs: waiting.oldest === null ? null : Math.max(0, now - waiting.oldest),
      lastSequence: waiting.lastSequence,
      lastDeliveredSequence: state?.last_delivered_sequence ?? null,
      lastDelivery:
        state?.last_attempt_at && state.last_result
          ? {
              at: new Date(state.last_attempt_at).toISOString(),
              result: state.last_result,
              error: state.last_error,
              batchId: state.last_batch_id,
            }
          : null,
      lastDeliveredAt: iso(state?.last_delivered_at),
      failures: state?.failures ?? 0,
      nextAttemptAt: iso(state?.next_attempt_at),
    };
  }
}
