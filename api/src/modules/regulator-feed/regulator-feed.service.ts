/**
 * Delivering the regulator's real-time feed (docs/decisions/042-regulator-feed-outbox.md):
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
import { hmacHex } from '../../lib/crypto.js';
import { Job } from '../../lib/job-runner.js';
import { DatabaseFeedReceiver } from './database-receiver.js';
import { FEED_BATCH_HEADER, FEED_SIGNATURE_HEADER, type FeedRow, sizedBatch } from './feed-format.js';
import { feedStatus } from './feed-status.js';
import {
  type FeedTarget,
  feedLeaseMs,
  feedTarget,
  servesFeedSimulator,
  simulatorSecret,
} from './feed-target.js';
import type { RegulatorFeedConfig } from './regulator-feed.config.js';
import {
  deliveryState,
  markDelivered,
  parkEvent,
  saveDeliveryState,
  undeliveredEvents,
} from './regulator-feed.repository.js';

/** Most POSTs one round makes (batches, halved ones included); the next round goes on. */
const MAX_POSTS_PER_ROUND = 50;
/** Events parked since the last delivered batch, past which a refusal is the receiver's failure. */
export const MAX_PARKED_IN_A_ROW = 5;
/** Failures in a row of the same batch after which it is halved at each further one. */
export const SPLIT_AFTER_FAILURES = 3;

/** A receiver's answers that refuse the batch for what it holds: sent again as is, refused again. */
const REFUSAL: Record<number, string> = {
  400: 'the receiver found it not valid',
  413: 'too large for the receiver',
  422: 'the receiver could not process it',
};
const refusedForContent = (status: number) => status in REFUSAL;

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

export interface FeedRound {
  delivered: number;
  batches: number;
  /** The attempt failed (status or error); the next waits for the backoff. */
  failed?: string;
  /** A backoff was still running: nothing was tried. */
  waiting?: boolean;
  /** Events set aside this round, refused on their own (decision 063). */
  parked?: number;
  /** Batches refused for what they held and sent again halved. */
  split?: number;
}

export class RegulatorFeedService {
  readonly job: Job<FeedRound>;
  /** The receiver simulator this server serves (development, tests), if any: kept in the database. */
  readonly simulator: DatabaseFeedReceiver | null;
  private readonly target: FeedTarget | null;
  /** Told each delivered batch's event ages in ms, on the instance that delivered it (decision 044's histogram). */
  private readonly deliveryListeners: ((agesMs: number[]) => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly config: RegulatorFeedConfig,
    private readonly post: FeedPoster = httpPost,
  ) {
    this.target = feedTarget(config);
    this.simulator = servesFeedSimulator(config)
      ? new DatabaseFeedReceiver(ctx.database, ctx.clock, simulatorSecret(config), {
          failEvery: config.REGULATOR_FEED_SIMULATOR_FAIL_EVERY,
          timeoutEvery: config.REGULATOR_FEED_SIMULATOR_TIMEOUT_EVERY,
          delayMs: config.REGULATOR_FEED_SIMULATOR_DELAY_MS,
          hangMs: config.REGULATOR_FEED_TIMEOUT_MS * 2,
        })
      : null;
    this.job = new Job(ctx, {
      name: 'regulator-feed',
      everyMs: this.target ? config.REGULATOR_FEED_INTERVAL_MS : 0,
      leaseMs: feedLeaseMs(config),
      round: () => this.deliver(),
    });
  }

  /** `listener` gets the age (ms) of every event of each batch delivered from now on. */
  onDelivered(listener: (agesMs: number[]) => void): void {
    this.deliveryListeners.push(listener);
  }

  /** The largest batch body the sender makes (REGULATOR_FEED_MAX_BATCH_BYTES): the built-in receiver's limit. */
  get maxBatchBytes(): number {
    return this.config.REGULATOR_FEED_MAX_BATCH_BYTES;
  }

  get enabled(): boolean {
    return this.target !== null;
  }

  /** POSTs one batch, signed: its status (0 when there was none) and what went wrong, if anything. */
  private async send(body: string, batchId: string): Promise<{ status: number; failure?: string }> {
    const { config } = this;
    const target = this.target as { url: string; secret: string };
    const headers = {
      'content-type': 'application/json',
      [FEED_SIGNATURE_HEADER]: `sha256=${hmacHex(target.secret, body)}`,
      [FEED_BATCH_HEADER]: batchId,
    };
    try {
      const status = await this.post(target.url, body, headers, config.REGULATOR_FEED_TIMEOUT_MS);
      return status >= 200 && status <= 299 ? { status } : { status, failure: `HTTP ${status}` };
    } catch (err) {
      const e = err as Error;
      return {
        status: 0,
        failure:
          e.name === 'TimeoutError' ? `no answer within ${config.REGULATOR_FEED_TIMEOUT_MS} ms` : e.message,
      };
    }
  }

  /**
   * One round: batches in order until the backlog is empty, a batch fails, or the round's time is
   * up (docs/decisions/063-a-feed-that-cannot-jam.md). No batch can hold the queue for good:
   * - refused for what it holds (413, 400, 422): halved and sent again at once; a single event so
   *   refused is parked with its reason and the next goes on (at most MAX_PARKED_IN_A_ROW without a
   *   delivery between: past that the receiver refuses everything, and it is its failure);
   * - any other failure (5xx, timeout, network): the backoff, and the same batch again; after
   *   SPLIT_AFTER_FAILURES in a row the batch is halved at each further failure, and once one event
   *   alone keeps failing, the next event is sent alone: taken, the receiver is up and the failing
   *   event is parked; failing too, the receiver is down and nothing is parked.
   */
  private async deliver(): Promise<FeedRound> {
    const { database, clock, log } = this.ctx;
    const { config } = this;
    const db = database.db;
    const round: FeedRound = { delivered: 0, batches: 0 };
    if (!this.target) return round;
    const state = await deliveryState(db);
    if (state && state.next_attempt_at > clock.now()) return { ...round, waiting: true };
    const started = Date.now();
    const budgetMs = feedLeaseMs(config) / 3;
    const full = config.REGULATOR_FEED_BATCH_SIZE;
    let failures = state?.failures ?? 0;
    let parkedInARow = state?.parked_in_a_row ?? 0;
    let lastDelivered = Number(state?.last_delivered_sequence ?? 0);
    // What this round learned of the receiver: a 413 halves the bytes of the batches that follow,
    // a 400/422 their events (back to full after a delivered batch); failures in a row halve them.
    let maxBytes = config.REGULATOR_FEED_MAX_BATCH_BYTES;
    const afterFailures = () =>
      failures < SPLIT_AFTER_FAILURES
        ? full
        : Math.max(1, Math.ceil(full / 2 ** (failures - SPLIT_AFTER_FAILURES + 1)));
    let maxEvents = afterFailures();
    let posts = 0;

    const park = async (row: FeedRow, reason: string) => {
      parkedInARow++;
      if (await parkEvent(db, row.sequence, reason, clock.now())) round.parked = (round.parked ?? 0) + 1;
      await saveDeliveryState(db, { parked_in_a_row: parkedInARow });
      log.warn(
        { job: 'regulator-feed', sequence: row.sequence, eventId: row.event_id, reason },
        'regulator feed: event refused on its own; parked for an operator, the rest goes on',
      );
    };
    const delivered = async (rows: readonly FeedRow[], batchId: string) => {
      const now = clock.now();
      await markDelivered(
        db,
        rows.map((r) => r.sequence),
        batchId,
        now,
      );
      lastDelivered = Math.max(lastDelivered, ...rows.map((r) => r.sequence));
      await saveDeliveryState(db, {
        last_attempt_at: now,
        last_result: 'delivered',
        last_error: null,
        last_batch_id: batchId,
        failures: 0,
        next_attempt_at: 0,
        parked_in_a_row: 0,
        last_delivered_at: now,
        // The highest delivered: a released parked event (a lower sequence) does not move it back.
        last_delivered_sequence: lastDelivered,
      });
      failures = 0;
      parkedInARow = 0;
      maxEvents = full;
      for (const listener of this.deliveryListeners) listener(rows.map((r) => now - Number(r.occurred_at)));
      round.delivered += rows.length;
      round.batches++;
    };

    while (posts < MAX_POSTS_PER_ROUND && Date.now() - started < budgetMs) {
      const pending = await undeliveredEvents(db, Math.max(maxEvents, 2));
      if (pending.length === 0) break;
      const { batch, body, rows } = sizedBatch(
        pending.slice(0, maxEvents),
        clock.now(),
        config.LICENCE_NUMBER,
        maxBytes,
      );
      posts++;
      let { status, failure } = await this.send(body, batch.batch_id);
      if (!failure) {
        await delivered(rows, batch.batch_id);
        continue;
      }
      const [row] = rows as [FeedRow];
      if (refusedForContent(status)) {
        if (rows.length > 1) {
          if (status === 413) maxBytes = Math.max(1, Math.floor(Buffer.byteLength(body) / 2));
          else maxEvents = Math.ceil(rows.length / 2);
          round.split = (round.split ?? 0) + 1;
          continue;
        }
        if (parkedInARow < MAX_PARKED_IN_A_ROW) {
          await park(row, `${failure}: ${REFUSAL[status]}`);
          continue;
        }
        failure = `${failure} for ${MAX_PARKED_IN_A_ROW + 1} events in a row, each alone: the receiver refuses every event; not parking more`;
      } else if (rows.length === 1 && failures + 1 >= SPLIT_AFTER_FAILURES) {
        // One event alone fails again and again: is it the event, or the receiver? Its successor,
        // alone, tells (taken: the receiver is up, and this event is what it cannot take).
        const next = pending[1];
        if (next && parkedInARow < MAX_PARKED_IN_A_ROW) {
          const probe = sizedBatch([next], clock.now(), config.LICENCE_NUMBER, maxBytes);
          posts++;
          const answer = await this.send(probe.body, probe.batch.batch_id);
          if (!answer.failure) {
            await park(
              row,
              `${failure}, ${failures + 1} times in a row while the receiver took the next event`,
            );
            await delivered(probe.rows, probe.batch.batch_id);
            continue;
          }
        }
      }
      failures++;
      const now = clock.now();
      const wait = Math.min(
        config.REGULATOR_FEED_BACKOFF_MS * 2 ** (failures - 1),
        config.REGULATOR_FEED_BACKOFF_MAX_MS,
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
    return round;
  }

  /** The operators' view of the feed (feed-status.ts). */
  status(): Promise<FeedStatusResponse> {
    return feedStatus(this.ctx.database.db, this.ctx.clock.now(), this.enabled);
  }
}
