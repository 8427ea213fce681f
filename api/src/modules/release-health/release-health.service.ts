/**
 * Release health (docs/decisions/022-release-health.md): the browser's error reports arrive in
 * Sentry's envelope format at the platform's own tunnel (error-intake.ts); the shell's load
 * counts arrive by beacon. Only what carries the page's load ticket for its version is counted
 * (docs/decisions/031-release-health-tickets.md: load-ticket.service.ts, load-counter.ts), per version,
 * minute and browser; the rest is added up apart. Release managers read both as one figure per
 * version (health-report.ts), and the guard reads them through `versionCounts`. Figures older than
 * RELEASE_HEALTH_RETENTION_DAYS are deleted.
 */

import type {
  ErrorEventsResponse,
  LoadBeacon,
  LoadChallenge,
  ReleaseHealthResponse,
  VersionVitals,
  VitalsBeacon,
} from '@mchezo/contracts/release-health';
import type { HealthPoint } from '@mchezo/contracts/release-history';
import type { ReleaseIntegrity, ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';
import type { AppContext } from '../../context.js';
import { latestErrorEvents } from './error-events.repository.js';
import { ERROR_BOUNDS, ErrorIntake } from './error-intake.js';
import { healthReport } from './health-report.js';
import { type Buckets, healthSeries } from './history.js';
import { LoadCounter } from './load-counter.js';
import { countedSince, unprovenSince } from './load-counts.repository.js';
import { LoadProofs } from './load-proof.js';
import { LoadTicketIssuer, NEW_CLIENTS, NEW_CLIENTS_HOURLY, TicketSigner } from './load-ticket.service.js';
import { pruneReleaseHealth } from './prune.js';
import type { ReleaseHealthConfig } from './release-health.config.js';
import {
  noVitals,
  summarize,
  VITALS_PER_CLIENT,
  type VitalsOutcome,
  VitalsRecorder,
  vitalsSince,
} from './vitals.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A stored event as it is answered: Sentry's JSON. */
type StoredEvent = ErrorEventsResponse['events'][number]['event'];

/** Who sent a request: its cookies and address. */
export interface Sender {
  cookie: string | undefined;
  ip: string;
}

/** Loads, failed loads and render errors of one version over some window, and the browsers that loaded it. */
export interface VersionCounts {
  loads: number;
  failures: number;
  render_errors: number;
  clients: number;
}

/** What browsers that never proved a page load sent of one version (never counted): reports and browsers. */
export interface UnprovenCounts {
  reports: number;
  clients: number;
}

/** (failed loads + render errors) / attempted loads: the guard judges canaries by it too. */
export { errorRate } from './health-report.js';

const startOfMinute = (t: number) => Math.floor(t / MINUTE) * MINUTE;

export class ReleaseHealthService {
  /** Issues the load tickets the site and the manifest hand out. */
  readonly tickets: LoadTicketIssuer;
  private readonly signer: TicketSigner;
  private readonly counter: LoadCounter;
  private readonly intake: ErrorIntake;
  private readonly vitals: VitalsRecorder;
  private readonly proofs: LoadProofs;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly ctx: AppContext,
    /** The live release manifest (the releases module's). */
    private readonly manifest: () => Promise<ReleaseManifest>,
    /** The live versions' integrity check (the releases module's). */
    private readonly integrity: () => Promise<ReleaseIntegrity>,
    private readonly config: ReleaseHealthConfig,
  ) {
    this.signer = new TicketSigner(config.JWT_SECRET);
    this.tickets = new LoadTicketIssuer(ctx, config, this.signer);
    this.counter = new LoadCounter(ctx, config);
    this.intake = new ErrorIntake(ctx, config, this.signer, this.counter);
    this.vitals = new VitalsRecorder(ctx, config);
    this.proofs = new LoadProofs(ctx, config);
  }

  /** How long the figures are kept (RELEASE_HEALTH_RETENTION_DAYS); the guard keeps its decisions as long. */
  get retentionDays(): number {
    return this.config.RELEASE_HEALTH_RETENTION_DAYS;
  }

  /** The proof of work the request's ticket asks for (docs/decisions/060-health-counts-people.md). */
  challenge(sender: Sender): LoadChallenge {
    return this.proofs.challenge(this.signer.check(sender.cookie, this.ctx.clock.now()));
  }

  /** Records the ticket's browser as proven when its nonce holds; answers whether it did. */
  async prove(nonce: string, sender: Sender): Promise<boolean> {
    await this.pruneNow();
    return this.proofs.prove(this.signer.check(sender.cookie, this.ctx.clock.now()), nonce);
  }

  /** Stores an envelope's events within their bounds; counts its render errors the ticket allows. */
  async ingestEnvelope(body: Buffer, sender: Sender): Promise<{ stored: number }> {
    await this.pruneNow();
    return this.intake.ingest(body, sender);
  }

  /** Counts the beacon's loads its ticket allows; the rest is kept apart. */
  async recordLoads(beacon: LoadBeacon, sender: Sender): Promise<void> {
    await this.pruneNow();
    const check = this.signer.check(sender.cookie, this.ctx.clock.now());
    await this.counter.record(
      check,
      beacon.loads.flatMap((l) => [
        { remote: l.remote, version: l.version, outcome: 'ok' as const, n: l.ok },
        { remote: l.remote, version: l.version, outcome: 'failed' as const, n: l.failed },
      ]),
    );
  }

  /** Counts a page view's web vitals if its ticket allows (docs/decisions/051-web-vitals-per-version.md). */
  async recordVitals(beacon: VitalsBeacon, sender: Sender): Promise<VitalsOutcome> {
    await this.pruneNow();
    return this.vitals.record(this.signer.check(sender.cookie, this.ctx.clock.now()), beacon);
  }

  /** Deletes what is past its retention, at most once a minute per instance (from the write path). */
  private async pruneNow(): Promise<void> {
    const now = this.ctx.clock.now();
    if (now - this.lastPrune < MINUTE) return;
    this.lastPrune = now;
    await pruneReleaseHealth(this.ctx.database.db, now, this.config.RELEASE_HEALTH_RETENTION_DAYS, [
      { prefix: NEW_CLIENTS, windowMs: MINUTE },
      { prefix: NEW_CLIENTS_HOURLY, windowMs: HOUR },
      { prefix: ERROR_BOUNDS, windowMs: MINUTE },
      { prefix: VITALS_PER_CLIENT, windowMs: MINUTE },
    ]);
  }

  /** Counted figures per version over the last `minutes`, the live versions always listed; and what was not counted. */
  async health(minutes: number): Promise<ReleaseHealthResponse> {
    const since = startOfMinute(this.ctx.clock.now() - minutes * MINUTE);
    const report = await healthReport(this.ctx.database.db, since, this.manifest);
    return { window_minutes: minutes, ...report, integrity: await this.integrity() };
  }

  /**
   * Counted figures of some versions of one remote from the start of the minute `since` falls in
   * (they are kept per minute); a version with nothing is all zeros.
   */
  async versionCounts(
    remote: RemoteName,
    versions: string[],
    since: number,
  ): Promise<Record<string, VersionCounts>> {
    const rows = await countedSince(this.ctx.database.db, startOfMinute(since));
    const out: Record<string, VersionCounts> = {};
    for (const v of versions) out[v] = { loads: 0, failures: 0, render_errors: 0, clients: 0 };
    for (const r of rows) {
      const c = r.remote === remote ? out[r.remote_version] : undefined;
      if (c)
        Object.assign(c, {
          loads: Number(r.loads),
          failures: Number(r.failures),
          render_errors: Number(r.render_errors),
          clients: Number(r.clients),
        });
    }
    return out;
  }

  /**
   * What browsers that never proved a page load sent of some versions of one remote, from the
   * start of the minute `since` falls in: what the guard left out, recorded with its decisions.
   */
  async unprovenCounts(
    remote: RemoteName,
    versions: string[],
    since: number,
  ): Promise<Record<string, UnprovenCounts>> {
    const rows = await unprovenSince(this.ctx.database.db, startOfMinute(since));
    const out: Record<string, UnprovenCounts> = {};
    for (const v of versions) out[v] = { reports: 0, clients: 0 };
    for (const r of rows) {
      const c = r.remote === remote ? out[r.remote_version] : undefined;
      if (c) {
        c.reports = Number(r.loads) + Number(r.failures) + Number(r.render_errors);
        c.clients = Number(r.clients);
      }
    }
    return out;
  }

  /**
   * Web vitals of a canary and the active version of one remote from the start of the minute
   * `since` falls in (a version with none has no p75 and 0 samples): what the guard's speed limit
   * compares.
   */
  async canaryVitals(
    remote: RemoteName,
    versions: { canary: string; active: string },
    since: number,
  ): Promise<{ canary: VersionVitals; active: VersionVitals }> {
    const byKey = summarize(await vitalsSince(this.ctx.database.db, startOfMinute(since), remote));
    const of = (version: string) => byKey.get(`${remote}\n${version}`) ?? noVitals();
    return { canary: of(versions.canary), active: of(versions.active) };
  }

  /**
   * One remote's counted figures per version and time bucket (release health over time, read by
   * the releases module's history): version → one point per bucket, for versions with figures
   * and each of `versions` (all its points empty when it has none).
   */
  healthSeries(
    remote: RemoteName,
    buckets: Buckets,
    versions: readonly string[] = [],
  ): Promise<Map<string, HealthPoint[]>> {
    return healthSeries(this.ctx.database.db, remote, buckets, versions);
  }

  async events(filter: { remote?: string; version?: string; limit?: number }): Promise<ErrorEventsResponse> {
    const rows = await latestErrorEvents(this.ctx.database.db, { ...filter, limit: filter.limit ?? 20 });
    return {
      events: rows.map((r) => ({
        id: r.id,
        received_at: new Date(r.received_at).toISOString(),
        remote: r.remote,
        version: r.remote_version,
        phase: r.phase,
        message: r.message,
        counted: Number(r.counted) === 1 && Number(r.proven) === 1,
        event: JSON.parse(r.event) as StoredEvent,
      })),
    };
  }
}
