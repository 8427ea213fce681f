/**
 * Release health (docs/decisions/022-release-health.md): the browser's error reports arrive in
 * Sentry's envelope format at the platform's own tunnel, are scrubbed and stored with the remote
 * and version that raised them, and go on to a real Sentry when SENTRY_DSN is set; the shell's
 * load counts are added up per version and minute. Release managers read both as one figure per
 * version.
 */

import type {
  ErrorEventsResponse,
  LoadBeacon,
  ReleaseHealthResponse,
  VersionHealth,
} from '@mchezo/contracts/release-health';
import {
  REMOTE_NAMES,
  type ReleaseIntegrity,
  type ReleaseManifest,
  type RemoteName,
} from '@mchezo/contracts/releases';
import { scrub } from '@mchezo/contracts/scrub';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/crypto.js';
import { badRequest } from '../../lib/errors.js';
import { envelopeEndpoint, parseEnvelope, serializeEnvelope } from './envelope.js';
import {
  addLoadCounts,
  countErrorEventsSince,
  errorTotalsSince,
  insertErrorEvents,
  latestErrorEvents,
  loadTotalsSince,
} from './release-health.repository.js';

/** Events one envelope may carry (the browser SDK sends one). */
const EVENTS_PER_ENVELOPE = 10;
/** A stored event's JSON is cut to this; the message, tags and user are kept whole. */
const EVENT_JSON_MAX = 16 * 1024;
const MINUTE = 60_000;

type Json = Record<string, unknown>;

const isRemoteName = (v: string | null): v is RemoteName =>
  (REMOTE_NAMES as readonly (string | null)[]).includes(v);

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v.slice(0, 200) : null);

/** What the event says went wrong: its first exception, or its message. */
function messageOf(event: Json): string {
  const values = (event.exception as { values?: { type?: unknown; value?: unknown }[] } | undefined)?.values;
  const first = values?.[0];
  if (first) return [text(first.type), text(first.value)].filter(Boolean).join(': ') || 'Error';
  if (typeof event.message === 'string') return event.message.slice(0, 500);
  const formatted = (event.message as { formatted?: unknown } | undefined)?.formatted;
  return text(formatted) ?? 'Error';
}

function storedJson(event: Json): string {
  const json = JSON.stringify(event);
  if (json.length <= EVENT_JSON_MAX) return json;
  const { event_id, timestamp, level, tags, user, release, environment } = event;
  return JSON.stringify({ event_id, timestamp, level, tags, user, release, environment, truncated: true });
}

/** Loads, failed loads and render errors of one version over some window. */
export interface VersionCounts {
  loads: number;
  failures: number;
  render_errors: number;
}

/** (failed loads + render errors) / attempted loads, at most 1; null: no loads. */
export function errorRate(c: VersionCounts): number | null {
  const attempts = c.loads + c.failures;
  return attempts > 0 ? Math.min(1, (c.failures + c.render_errors) / attempts) : null;
}

export class ReleaseHealthService {
  constructor(
    private readonly ctx: AppContext,
    /** The live release manifest (the releases module's). */
    private readonly manifest: () => Promise<ReleaseManifest>,
    /** The live versions' integrity check (the releases module's). */
    private readonly integrity: () => Promise<ReleaseIntegrity>,
  ) {}

  /** Stores an envelope's events (scrubbed); forwards them to SENTRY_DSN when set. */
  async ingestEnvelope(body: Buffer): Promise<{ stored: number }> {
    const { clock, database, env, log } = this.ctx;
    const envelope = parseEnvelope(body);
    if (!envelope) throw badRequest('The body is not a Sentry envelope', 'INVALID_ENVELOPE');
    const events: Json[] = [];
    for (const item of envelope.items) {
      if (item.header.type !== 'event' || events.length >= EVENTS_PER_ENVELOPE) continue;
      try {
        const event: unknown = JSON.parse(item.payload.toString('utf8'));
        if (event && typeof event === 'object' && !Array.isArray(event)) events.push(scrub(event as Json));
      } catch {
        // An unreadable item is skipped; the others are kept.
      }
    }
    if (events.length === 0) return { stored: 0 };
    const now = clock.now();
    // A flood (a loop in some version, or someone posting on purpose) fills no disk: past the
    // per-minute cap, reports are dropped until the minute is over.
    if ((await countErrorEventsSince(database.db, now - MINUTE)) >= env.ERROR_EVENTS_PER_MINUTE) {
      log.warn({ cap: env.ERROR_EVENTS_PER_MINUTE }, 'error reports over the per-minute cap: dropped');
      return { stored: 0 };
    }
    await insertErrorEvents(
      database.db,
      events.map((event) => {
        const tags = (event.tags ?? {}) as Json;
        return {
          id: newId(),
          received_at: now,
          remote: text(tags.remote),
          remote_version: text(tags.version),
          phase: text(tags.phase),
          message: messageOf(event),
          event: storedJson(event),
        };
      }),
    );
    if (env.SENTRY_DSN) this.forward(env.SENTRY_DSN, events);
    return { stored: events.length };
  }

  /** Sends the scrubbed events on to the real Sentry; never holds up or fails the browser's request. */
  private forward(dsn: string, events: Json[]): void {
    const body = serializeEnvelope(
      { dsn, sent_at: new Date(this.ctx.clock.now()).toISOString() },
      events.map((payload) => ({ type: 'event', payload })),
    );
    fetch(envelopeEndpoint(dsn), {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body,
      signal: AbortSignal.timeout(5000),
    })
      .then((res) => {
        if (!res.ok) this.ctx.log.warn({ status: res.status }, 'Sentry refused forwarded error reports');
      })
      .catch((err: unknown) =>
        this.ctx.log.warn(
          { err: { message: (err as Error).message } },
          'error reports not forwarded to Sentry',
        ),
      );
  }

  async recordLoads(beacon: LoadBeacon): Promise<void> {
    const minute = Math.floor(this.ctx.clock.now() / MINUTE) * MINUTE;
    const rows = beacon.loads
      .filter((l) => l.ok + l.failed > 0)
      .map((l) => ({ remote: l.remote, remote_version: l.version, minute, loads: l.ok, failures: l.failed }));
    if (rows.length > 0) await addLoadCounts(this.ctx.database.db, rows);
  }

  /** Loads, failures and errors per version over the last `minutes`; the live versions always listed. */
  async health(minutes: number): Promise<ReleaseHealthResponse> {
    const { database, clock } = this.ctx;
    const since = Math.floor((clock.now() - minutes * MINUTE) / MINUTE) * MINUTE;
    const [loads, errors, manifest] = await Promise.all([
      loadTotalsSince(database.db, since),
      errorTotalsSince(database.db, since),
      this.manifest(),
    ]);
    const byKey = new Map<string, VersionHealth>();
    const entry = (remote: RemoteName, version: string): VersionHealth => {
      const key = `${remote}\n${version}`;
      const known = byKey.get(key);
      if (known) return known;
      const live = manifest.remotes[remote];
      const role =
        live?.version === version ? 'active' : live?.canary?.version === version ? 'canary' : 'other';
      const row: VersionHealth = {
        remote,
        version,
        role,
        loads: 0,
        failures: 0,
        render_errors: 0,
        errors: 0,
        error_rate: null,
      };
      byKey.set(key, row);
      return row;
    };
    for (const remote of REMOTE_NAMES) {
      const live = manifest.remotes[remote];
      if (!live) continue;
      entry(remote, live.version);
      if (live.canary) entry(remote, live.canary.version);
    }
    for (const l of loads) {
      if (!isRemoteName(l.remote)) continue;
      const row = entry(l.remote, l.remote_version);
      row.loads = Number(l.loads);
      row.failures = Number(l.failures);
    }
    for (const e of errors) {
      if (!isRemoteName(e.remote) || !e.remote_version) continue;
      const row = entry(e.remote, e.remote_version);
      row.errors = Number(e.errors);
      row.render_errors = Number(e.render_errors);
    }
    const versions = [...byKey.values()];
    for (const v of versions) v.error_rate = errorRate(v);
    const order = { active: 0, canary: 1, other: 2 } as const;
    versions.sort((a, b) => a.remote.localeCompare(b.remote) || order[a.role] - order[b.role]);
    return { window_minutes: minutes, versions, integrity: await this.integrity() };
  }

  /**
   * Some versions of one remote since `since`: errors from that moment, loads from the start of
   * its minute (they are counted per minute); a version with nothing is all zeros.
   */
  async versionCounts(
    remote: RemoteName,
    versions: string[],
    since: number,
  ): Promise<Record<string, VersionCounts>> {
    const db = this.ctx.database.db;
    const [loads, errors] = await Promise.all([
      loadTotalsSince(db, Math.floor(since / MINUTE) * MINUTE),
      errorTotalsSince(db, since),
    ]);
    const out: Record<string, VersionCounts> = {};
    for (const v of versions) out[v] = { loads: 0, failures: 0, render_errors: 0 };
    for (const l of loads) {
      const c = l.remote === remote ? out[l.remote_version] : undefined;
      if (c) Object.assign(c, { loads: Number(l.loads), failures: Number(l.failures) });
    }
    for (const e of errors) {
      const c = e.remote === remote && e.remote_version ? out[e.remote_version] : undefined;
      if (c) c.render_errors = Number(e.render_errors);
    }
    return out;
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
        event: JSON.parse(r.event) as Json,
      })),
    };
  }
}
