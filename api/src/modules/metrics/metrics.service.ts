/**
 * What operators see in Prometheus (docs/decisions/044-metrics.md): the requests
 * this instance answered, and at each scrape the money moved, the reconciliation queue, the
 * regulator feed's backlog and delivery, and the open money-laundering alerts, each read through
 * its module's own service or repository, with a time limit, so a slow database cannot hold the
 * scrape. One registry per app (tests run several in one process), never prom-client's global one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../context.js';
import type { AmlCaseService } from '../aml/aml-cases.service.js';
import { reconciliationFigures } from '../finance/reconciliation.service.js';
import type { RegulatorFeedService } from '../regulator-feed/regulator-feed.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { MetricsConfig } from './metrics.config.js';

/** How long one source may take at a scrape; past it, its figures are left out and its `up` is 0. */
export const SOURCE_TIMEOUT_MS = 2_000;
/** A request no route matched: its label instead of the raw URL, so the label set stays bounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: request durations from 5 ms to 10 s; an event's age at delivery from 0.1 s to a day. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DELIVERY_AGE_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600, 86_400];

export interface MetricsSources {
  feed: Pick<RegulatorFeedService, 'status' | 'onDelivered'>;
  aml: Pick<AmlCaseService, 'openAlertsByRule'>;
  wallet: Pick<WalletService, 'movedSince'>;
}

/** `work`, or a rejection once `ms` have passed (the query itself runs on; its answer is dropped). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  const timer = new AbortController();
  const late = sleep(ms, undefined, { signal: timer.signal }).then(() => {
    throw new Error(`no answer within ${ms} ms`);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    timer.abort();
  }
}

const seconds = (ms: number | null | undefined) => (ms == null ? undefined : ms / 1000);

export class MetricsService {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly durations: Histogram<'method' | 'route' | 'status_class'>;
  private readonly sourceUp: Gauge<'source'>;
  private readonly sourceSeconds: Gauge<'source'>;
  private readonly ledgerEntries: Gauge<'kind' | 'pot'>;
  private readonly ledgerCents: Gauge<'kind' | 'pot'>;
  private readonly reconciliation: Record<'pending' | 'due' | 'review' | 'oldest', Gauge>;
  private readonly feed: Record<
    | 'enabled'
    | 'backlog'
    | 'parked'
    | 'oldest'
    | 'lastSequence'
    | 'lastDelivered'
    | 'lastAttempt'
    | 'lastOk'
    | 'failures',
    Gauge
  >;
  private readonly amlOpen: Gauge<'rule'>;
  /**
   * Each source: its gauges, and a read that answers how to set them (applied only when it came in
   * time: a late answer never lands after its source was marked down).
   */
  private readonly sources: Record<string, { gauges: Gauge[]; read: () => Promise<() => void> }>;

  constructor(
    private readonly ctx: AppContext,
    deps: MetricsSources,
    config: Pick<MetricsConfig, 'METRICS_MONEY_WINDOW_MINUTES'>,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const gauge = <L extends string = never>(name: string, help: string, labelNames: L[] = []) =>
      new Gauge<L>({ name, help, labelNames, registers });
    this.requests = new Counter({
      name: 'mchezo_http_requests_total',
      help: 'Requests answered, by method, route template and status class',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    this.durations = new Histogram({
      name: 'mchezo_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route template and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.sourceUp = gauge('mchezo_metrics_source_up', '1 when the source answered this scrape in time', [
      'source',
    ]);
    this.sourceSeconds = gauge('mchezo_metrics_source_duration_seconds', "The source's time at this scrape", [
      'source',
    ]);
    const window = `the last ${config.METRICS_MONEY_WINDOW_MINUTES} minutes (METRICS_MONEY_WINDOW_MINUTES)`;
    this.ledgerEntries = gauge('mchezo_ledger_entries', `Ledger entries booked in ${window}`, [
      'kind',
      'pot',
    ]);
    this.ledgerCents = gauge(
      'mchezo_ledger_amount_cents',
      `Signed sum in cents of the ledger entries booked in ${window}`,
      ['kind', 'pot'],
    );
    this.reconciliation = {
      pending: gauge('mchezo_reconciliation_pending', 'Payments waiting for the provider'),
      due: gauge('mchezo_reconciliation_due', 'Pending payments whose next check is due now'),
      review: gauge('mchezo_reconciliation_review', "Payments waiting in the operators' review queue"),
      oldest: gauge(
        'mchezo_reconciliation_oldest_pending_age_seconds',
        'Age of the oldest pending payment (0 when none)',
      ),
    };
    this.feed = {
      enabled: gauge('mchezo_regulator_feed_enabled', '1 when the feed has a receiver to deliver to'),
      backlog: gauge('mchezo_regulator_feed_backlog', 'Feed events not yet delivered'),
      oldest: gauge(
        'mchezo_regulator_feed_oldest_undelivered_age_seconds',
        'Age of the oldest undelivered feed event (0 when none)',
      ),
      lastSequence: gauge('mchezo_regulator_feed_last_sequence', 'Sequence of the newest feed event'),
      lastDelivered: gauge(
        'mchezo_regulator_feed_last_delivered_timestamp_seconds',
        'When a batch was last delivered (0 before the first)',
      ),
      lastAttempt: gauge(
        'mchezo_regulator_feed_last_attempt_timestamp_seconds',
        'When a batch was last sent, delivered or not (0 before the first)',
      ),
      lastOk: gauge(
        'mchezo_regulator_feed_last_attempt_success',
        '1 when the last batch sent was delivered (0 when it failed or none was sent)',
      ),
      failures: gauge(
        'mchezo_regulator_feed_consecutive_failures',
        'Failed deliveries in a row (the backoff)',
      ),
      parked: gauge(
        'mchezo_regulator_feed_parked',
        'Feed events the receiver refused on their own, waiting for an operator (docs/decisions/063)',
      ),
    };
    // Observed by the delivery itself (on the instance holding its lease): ages it already has in hand.
    const deliveryAge = new Histogram({
      name: 'mchezo_regulator_feed_delivery_age_seconds',
      help: "An event's age when its batch was delivered (on the instance that delivered it)",
      buckets: DELIVERY_AGE_BUCKETS,
      registers,
    });
    deps.feed.onDelivered((agesMs) => {
      for (const age of agesMs) deliveryAge.observe(Math.max(0, age) / 1000);
    });
    this.amlOpen = gauge(
      'mchezo_aml_open_alerts',
      'Money-laundering alerts not closed (no case, or a case open or under review), by rule',
      ['rule'],
    );
    this.sources = {
      ledger: {
        gauges: [this.ledgerEntries, this.ledgerCents],
        read: async () => {
          const since = ctx.clock.now() - config.METRICS_MONEY_WINDOW_MINUTES * 60_000;
          const rows = await deps.wallet.movedSince(since);
          return () => {
            for (const { kind, pot, count, cents } of rows) {
              this.ledgerEntries.set({ kind, pot }, count);
              this.ledgerCents.set({ kind, pot }, cents);
            }
          };
        },
      },
      reconciliation: {
        gauges: Object.values(this.reconciliation),
        read: async () => {
          const figures = await reconciliationFigures(ctx);
          return () => {
            this.reconciliation.pending.set(figures.pending);
            this.reconciliation.due.set(figures.due);
            this.reconciliation.review.set(figures.review);
            if (figures.oldest_pending_age_seconds !== null)
              this.reconciliation.oldest.set(figures.oldest_pending_age_seconds);
          };
        },
      },
      regulator_feed: {
        gauges: Object.values(this.feed),
        read: async () => {
          const status = await deps.feed.status();
          const at = (value: string | null | undefined) => seconds(value ? Date.parse(value) : null);
          const set = (g: Gauge, value: number | undefined) => value !== undefined && g.set(value);
          return () => {
            set(this.feed.enabled, status.enabled ? 1 : 0);
            set(this.feed.backlog, status.backlog);
            set(this.feed.oldest, seconds(status.oldestUndeliveredAgeMs));
            set(this.feed.lastSequence, status.lastSequence);
            set(this.feed.lastDelivered, at(status.lastDeliveredAt));
            set(this.feed.lastAttempt, at(status.lastDelivery?.at));
            if (status.lastDelivery)
              set(this.feed.lastOk, status.lastDelivery.result === 'delivered' ? 1 : 0);
            set(this.feed.failures, status.failures);
            set(this.feed.parked, status.parked);
          };
        },
      },
      aml: {
        gauges: [this.amlOpen],
        read: async () => {
          const open = await deps.aml.openAlertsByRule();
          return () => {
            for (const [rule, count] of Object.entries(open)) this.amlOpen.set({ rule }, count);
          };
        },
      },
    };
  }

  /** Counts every request this app answers, labelled by its route's template, never its URL. */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      };
      this.requests.inc(labels);
      this.durations.observe(labels, reply.elapsedTime / 1000);
    });
  }

  /** The text Prometheus reads: every source read again (in parallel, each within its time limit). */
  async scrape(): Promise<string> {
    await Promise.all(
      Object.entries(this.sources).map(async ([source, { gauges, read }]) => {
        const started = performance.now();
        let up = 1;
        for (const g of gauges) g.reset();
        try {
          (await within(SOURCE_TIMEOUT_MS, read()))();
        } catch (err) {
          up = 0;
          this.ctx.log.warn({ source, err: { message: (err as Error).message } }, 'metrics: a source failed');
        }
        this.sourceUp.set({ source }, up);
        this.sourceSeconds.set({ source }, (performance.now() - started) / 1000);
      }),
    );
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
