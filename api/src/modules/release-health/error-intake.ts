/**
 * The browser's error reports (docs/decisions/022-release-health.md, 031): Sentry envelopes at the
 * platform's own tunnel, scrubbed and stored with the remote and version that raised them, and
 * sent on to a real Sentry when SENTRY_DSN is set. A report is counted only with a valid load
 * ticket for its version (load-ticket.service.ts); a render error counts towards the figures through the
 * load counter, whatever is stored. What is stored is bounded a minute per sender (browser, or
 * hashed address without a ticket), per counted version, and in all for the uncounted, so a
 * flood from one source never crowds out another's report.
 */
import { REMOTE_NAMES, type RemoteName } from '@mchezo/contracts/releases';
import { scrub } from '@mchezo/contracts/scrub';
import type { AppContext } from '../../context.js';
import { newId, sha256 } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { nestedDeeperThan } from '../../lib/json-depth.js';
import { countInWindow } from '../../lib/window-counter.js';
import { EVENT_MAX_DEPTH, envelopeEndpoint, parseEnvelope, serializeEnvelope } from './envelope.js';
import { insertErrorEvents } from './error-events.repository.js';
import type { LoadCounter } from './load-counter.js';
import { refusalOf, type TicketSigner } from './load-ticket.service.js';
import type { ReleaseHealthConfig } from './release-health.config.js';

/** Events one envelope may carry (the browser SDK sends one). */
const EVENTS_PER_ENVELOPE = 10;
/** A stored event's JSON is cut to this; the message, tags and user are kept whole. */
const EVENT_JSON_MAX = 16 * 1024;
const MINUTE = 60_000;
/** The `rate_limits` keys of the stored reports' bounds (pruned with release health). */
export const ERROR_BOUNDS = 'error-reports:';

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

/** The envelope's events, scrubbed; an item that is not a JSON object, or nested too deep, is skipped. */
function eventsOf(body: Buffer): Json[] {
  const envelope = parseEnvelope(body);
  if (!envelope) throw refuse('INVALID_ENVELOPE', 'The body is not a Sentry envelope');
  const events: Json[] = [];
  for (const item of envelope.items) {
    if (item.header.type !== 'event' || events.length >= EVENTS_PER_ENVELOPE) continue;
    const raw = item.payload.toString('utf8');
    if (nestedDeeperThan(raw, EVENT_MAX_DEPTH)) continue;
    try {
      const event: unknown = JSON.parse(raw);
      if (event && typeof event === 'object' && !Array.isArray(event)) events.push(scrub(event as Json));
    } catch {
      // An unreadable item is skipped; the others are kept.
    }
  }
  return events;
}

interface Tagged {
  event: Json;
  remote: string | null;
  version: string | null;
  phase: string | null;
  counted: boolean;
}

export class ErrorIntake {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: ReleaseHealthConfig,
    private readonly tickets: TicketSigner,
    private readonly counter: LoadCounter,
  ) {}

  /** Stores an envelope's events (scrubbed) within the bounds; forwards those to SENTRY_DSN when set. */
  async ingest(
    body: Buffer,
    sender: { cookie: string | undefined; ip: string },
  ): Promise<{ stored: number }> {
    const events = eventsOf(body);
    if (events.length === 0) return { stored: 0 };
    const now = this.ctx.clock.now();
    const check = this.tickets.check(sender.cookie, now);
    const tagged: Tagged[] = events.map((event) => {
      const tags = (event.tags ?? {}) as Json;
      const remote = text(tags.remote);
      const version = text(tags.version);
      // The shell's own errors name no remote: a valid ticket is enough for them.
      const counted =
        check.ok && (remote === null || (isRemoteName(remote) && !refusalOf(check, remote, version ?? '')));
      return { event, remote, version, phase: text(tags.phase), counted };
    });
    await this.counter.record(
      check,
      tagged.flatMap((t) =>
        t.phase === 'render' && isRemoteName(t.remote) && t.version
          ? [{ remote: t.remote, version: t.version, outcome: 'render' as const, n: 1 }]
          : [],
      ),
    );
    const client = check.ok ? check.ticket.client : `ip:${sha256(sender.ip).slice(0, 24)}`;
    const kept = await this.withinBounds(client, tagged, now);
    if (kept.length === 0) return { stored: 0 };
    await insertErrorEvents(
      this.ctx.database.db,
      kept.map((t) => ({
        id: newId(),
        received_at: now,
        remote: t.remote,
        remote_version: t.version,
        phase: t.phase,
        message: messageOf(t.event),
        event: storedJson(t.event),
        client,
        counted: t.counted ? 1 : 0,
      })),
    );
    if (this.config.SENTRY_DSN)
      this.forward(
        this.config.SENTRY_DSN,
        kept.map((t) => t.event),
      );
    return { stored: kept.length };
  }

  /**
   * The events that fit this minute's bounds: ERROR_EVENTS_PER_CLIENT_PER_MINUTE per sender;
   * counted ones ERROR_EVENTS_PER_VERSION_PER_MINUTE per version; uncounted ones
   * ERROR_EVENTS_UNCOUNTED_PER_MINUTE in all. Counted in `rate_limits` (one upsert each, the same
   * count on every instance); the rest are dropped.
   */
  private async withinBounds(client: string, tagged: Tagged[], now: number): Promise<Tagged[]> {
    const { database } = this.ctx;
    const env = this.config;
    const within = async (key: string, cap: number) =>
      (await countInWindow(database.db, `${ERROR_BOUNDS}${key}`, MINUTE, now)).count <= cap;
    const kept: Tagged[] = [];
    for (const t of tagged) {
      if (!(await within(`sender:${client}`, env.ERROR_EVENTS_PER_CLIENT_PER_MINUTE))) break;
      const fits = t.counted
        ? await within(`version:${t.remote}@${t.version}`, env.ERROR_EVENTS_PER_VERSION_PER_MINUTE)
        : await within('uncounted', env.ERROR_EVENTS_UNCOUNTED_PER_MINUTE);
      if (fits) kept.push(t);
    }
    if (kept.length < tagged.length)
      this.ctx.log.debug(
        { dropped: tagged.length - kept.length },
        'error reports over a per-minute bound: dropped',
      );
    return kept;
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
}
