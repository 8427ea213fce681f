/**
 * A regulator's receiver, simulated (development and tests; docs/decisions/042-regulator-feed-outbox.md,
 * 063-a-feed-that-cannot-jam.md): checks each batch's signature, stores its events once each
 * (dedupe by event id, counting the duplicates and the batches it recognised) and, on demand,
 * refuses a body over a limit (413) or a batch holding a given event (400), fails every Nth batch
 * (503), times out on every Nth (stores it, then answers only after `hangMs`, later than the
 * sender waits) and answers after a delay. `npm start` and the cluster deliver to the one the API
 * serves (`/api/v1/testing/regulator-feed/receiver`), which keeps what it got in the database;
 * `startFeedReceiver` runs one in memory on a port of its own, as the kill test does (the API
 * process dies, the receiver keeps what it got).
 */

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  FeedReceiverAccepted,
  FeedReceiverRefusal,
  FeedReceiverSummary,
} from '@mchezo/contracts/regulator-feed';
import { hmacHex, safeEqual } from '../../lib/crypto.js';
import { FEED_SIGNATURE_HEADER, type WireBatch, type WireEvent } from './feed-format.js';

export interface ReceiverFaults {
  /** Answer 503 to every Nth batch (0: never). */
  failEvery: number;
  /** Store every Nth batch, then answer after `hangMs` (0: never). */
  timeoutEvery: number;
  /** Wait this long before answering any batch. */
  delayMs: number;
  /** How long a timed-out batch's answer takes. */
  hangMs?: number;
  /** Answer 413 to a body longer than this many bytes (0: any length), as a receiver with a body limit does. */
  bodyLimitBytes?: number;
  /** Answer 400 to a batch holding one of these event ids, as a receiver refusing one bad event does. */
  refuseEventIds?: ReadonlySet<string>;
  /** Answer 500 to a batch holding one of these event ids, as a receiver crashing on one event does. */
  crashOnEventIds?: ReadonlySet<string>;
}

/** A receiver's answer to one POST: the batch taken, or a refusal with its status. */
export type ReceiverAnswer =
  | { status: 200; body: FeedReceiverAccepted }
  | { status: 400 | 401 | 413 | 500 | 503; body: FeedReceiverRefusal };

/** What a receiver has got, as `GET` on it answers. */
export type ReceiverSummary = FeedReceiverSummary;

/** A batch stored: whether its id was seen before, and the ids of its events already stored. */
export interface Kept {
  duplicateBatch: boolean;
  duplicates: string[];
}

/**
 * A receiver's checks and faults; where it keeps what it got is its subclass's: the memory of
 * this process (`FeedReceiverSimulator`, tests) or the database (`DatabaseFeedReceiver` in
 * database-receiver.ts, the one the API serves).
 */
export abstract class SimulatedReceiver {
  /** POSTs this process answered (the fault counters count these). */
  attempts = 0;
  faults: ReceiverFaults;

  constructor(
    private readonly secret: string,
    faults: Partial<ReceiverFaults> = {},
  ) {
    this.faults = { failEvery: 0, timeoutEvery: 0, delayMs: 0, ...faults };
  }

  protected abstract counted(what: 'attempt' | 'refused_signature'): Promise<void>;
  protected abstract keep(batch: WireBatch): Promise<Kept>;

  /** One POST: the raw body as sent and its signature header. */
  async receive(rawBody: string, signature: string | undefined): Promise<ReceiverAnswer> {
    const n = ++this.attempts;
    await this.counted('attempt');
    const {
      failEvery,
      timeoutEvery,
      delayMs,
      hangMs = 60_000,
      bodyLimitBytes = 0,
      refuseEventIds,
      crashOnEventIds,
    } = this.faults;
    if (delayMs > 0) await sleep(delayMs);
    if (bodyLimitBytes > 0 && Buffer.byteLength(rawBody) > bodyLimitBytes)
      return { status: 413, body: { error: `body over ${bodyLimitBytes} bytes` } };
    if (!signature || !safeEqual(signature, `sha256=${hmacHex(this.secret, rawBody)}`)) {
      await this.counted('refused_signature');
      return { status: 401, body: { error: 'bad signature' } };
    }
    if (failEvery > 0 && n % failEvery === 0) return { status: 503, body: { error: 'simulated failure' } };
    let batch: WireBatch;
    try {
      batch = JSON.parse(rawBody) as WireBatch;
    } catch {
      return { status: 400, body: { error: 'not JSON' } };
    }
    if (typeof batch?.batch_id !== 'string' || !Array.isArray(batch.events))
      return { status: 400, body: { error: 'not a feed batch' } };
    if (refuseEventIds && batch.events.some((e) => refuseEventIds.has(e.event_id)))
      return { status: 400, body: { error: 'an event of the batch is not valid' } };
    if (crashOnEventIds && batch.events.some((e) => crashOnEventIds.has(e.event_id)))
      return { status: 500, body: { error: 'Internal server error' } };
    const { duplicateBatch, duplicates } = await this.keep(batch);
    if (timeoutEvery > 0 && n % timeoutEvery === 0) await sleep(hangMs);
    return {
      status: 200,
      body: {
        batch_id: batch.batch_id,
        received: batch.events.length,
        duplicate_batch: duplicateBatch,
        duplicates,
      },
    };
  }
}

/** A receiver keeping what it got in this process's memory (tests: `startFeedReceiver`). */
export class FeedReceiverSimulator extends SimulatedReceiver {
  /** Every distinct event, in the order first received. */
  readonly events: WireEvent[] = [];
  private readonly seen = new Set<string>();
  private readonly batchIds = new Set<string>();
  duplicateEvents = 0;
  duplicateBatches = 0;
  /** Distinct events that arrived with a sequence below one already stored. */
  outOfOrder = 0;
  refusedSignatures = 0;
  /** The latest batches stored, as received (at most 100). */
  readonly batches: WireBatch[] = [];

  protected async counted(what: 'attempt' | 'refused_signature'): Promise<void> {
    if (what === 'refused_signature') this.refusedSignatures++;
  }

  protected async keep(batch: WireBatch): Promise<Kept> {
    this.batches.push(batch);
    if (this.batches.length > 100) this.batches.shift();
    const duplicateBatch = this.batchIds.has(batch.batch_id);
    if (duplicateBatch) this.duplicateBatches++;
    this.batchIds.add(batch.batch_id);
    const duplicates: string[] = [];
    for (const event of batch.events) {
      if (this.seen.has(event.event_id)) {
        duplicates.push(event.event_id);
        continue;
      }
      const last = this.events[this.events.length - 1];
      if (last && event.sequence < last.sequence) this.outOfOrder++;
      this.seen.add(event.event_id);
      this.events.push(event);
    }
    this.duplicateEvents += duplicates.length;
    return { duplicateBatch, duplicates };
  }

  summary(): ReceiverSummary {
    return {
      attempts: this.attempts,
      batches: this.batchIds.size,
      events: this.events.length,
      lastSequence: this.events[this.events.length - 1]?.sequence ?? 0,
      duplicateEvents: this.duplicateEvents,
      duplicateBatches: this.duplicateBatches,
      outOfOrder: this.outOfOrder,
      refusedSignatures: this.refusedSignatures,
    };
  }
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A receiver on a port of its own (127.0.0.1): POST anywhere delivers, GET answers the summary. */
export async function startFeedReceiver(secret: string, faults: Partial<ReceiverFaults> = {}) {
  const receiver = new FeedReceiverSimulator(secret, faults);
  const server = createServer((request, response) => {
    const answer = async (): Promise<ReceiverAnswer | { status: 200; body: ReceiverSummary }> =>
      request.method === 'POST'
        ? receiver.receive(
            await readBody(request),
            request.headers[FEED_SIGNATURE_HEADER] as string | undefined,
          )
        : { status: 200, body: receiver.summary() };
    answer()
      .then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      })
      .catch(() => {
        response.writeHead(500);
        response.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed`,
    receiver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
