/**
 * Release health (docs/decisions/022-release-health.md): what the shell reports of each remote
 * version it loads, and the figures release managers see per version. Only reports that carry
 * the load ticket the server gave the page are counted (docs/decisions/031-release-health-tickets.md).
 */
import { z } from 'zod';
import { JsonValue } from './json.ts';
import { ReleaseIntegrity, ReleaseVersion, RemoteName } from './releases.ts';
import { VITAL_MAX } from './web-vitals.ts';

/** The most versions one beacon may count (a page loads each remote at most once or twice). */
export const LOAD_BEACON_MAX_ENTRIES = 20;
/** The most loads one entry may count: a page never loads a remote this often. */
export const LOAD_BEACON_MAX_COUNT = 1000;

const Count = z.number().int().min(0).max(LOAD_BEACON_MAX_COUNT);

/** `POST /api/v1/releases/health/loads` (public, sent by `navigator.sendBeacon`). */
export const LoadBeacon = z.strictObject({
  loads: z
    .array(z.strictObject({ remote: RemoteName, version: ReleaseVersion, ok: Count, failed: Count }))
    .min(1)
    .max(LOAD_BEACON_MAX_ENTRIES),
});
export type LoadBeacon = z.infer<typeof LoadBeacon>;

/**
 * `GET /api/v1/releases/health/challenge` (public): the proof of work the page's browser must do
 * (docs/decisions/060-health-counts-people.md): a nonce such that sha256(`challenge:nonce`)
 * starts with `bits` zero bits; the challenge is the ticket's client id. Null: the request
 * carries no valid ticket (nothing to prove).
 */
export const LoadChallenge = z.object({
  challenge: z.string().nullable(),
  bits: z.number().int(),
});
export type LoadChallenge = z.infer<typeof LoadChallenge>;

/** `POST /api/v1/releases/health/proof` (public): the nonce the page found. */
export const LoadProof = z.strictObject({ nonce: z.string().regex(/^[0-9a-z]{1,32}$/) });
export type LoadProof = z.infer<typeof LoadProof>;

/** Web vitals' names and bounds (docs/decisions/051-web-vitals-per-version.md): ./web-vitals.ts. */
export { VITAL_MAX, VITAL_METRICS, type VitalMetric } from './web-vitals.ts';

/**
 * `POST /api/v1/releases/health/vitals` (public, sent by `navigator.sendBeacon` when the page is
 * hidden or left): one page view's vitals, of the remote version that rendered the page. Counted
 * only with the page's load ticket naming that version, once per ticket.
 */
export const VitalsBeacon = z
  .strictObject({
    remote: RemoteName,
    version: ReleaseVersion,
    lcp: z.number().int().min(0).max(VITAL_MAX.lcp).optional(),
    inp: z.number().int().min(0).max(VITAL_MAX.inp).optional(),
    cls: z.number().int().min(0).max(VITAL_MAX.cls).optional(),
  })
  .refine((b) => b.lcp !== undefined || b.inp !== undefined || b.cls !== undefined, 'no vitals');
export type VitalsBeacon = z.infer<typeof VitalsBeacon>;

/** One metric's 75th percentile over a window (rounded down to its bucket) and how many page views it is of. */
export const VitalSummary = z.object({
  /** Milliseconds (LCP, INP) or thousandths (CLS); null: no samples. */
  p75: z.number().int().nullable(),
  samples: z.number().int(),
});
export type VitalSummary = z.infer<typeof VitalSummary>;
export const VersionVitals = z.object({ lcp: VitalSummary, inp: VitalSummary, cls: VitalSummary });
export type VersionVitals = z.infer<typeof VersionVitals>;

/** POST /errors/envelope (the Sentry SDK's tunnel): how many of the envelope's reports were stored. */
export const EnvelopeResponse = z.object({ stored: z.number().int() });
export type EnvelopeResponse = z.infer<typeof EnvelopeResponse>;

export const HEALTH_WINDOW_MINUTES_DEFAULT = 60;

/** `GET /api/v1/releases/health?minutes=` (release managers). */
export const ReleaseHealthQuery = z.strictObject({
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
});

/**
 * Why a report was not counted: no ticket cookie, a ticket not signed by this server, one past
 * its time, one already used for that version, one not naming that version, one sent without
 * the browser (client cookie) it was given to, or from a browser that has not proved a page load
 * (docs/decisions/060-health-counts-people.md).
 */
export const UNCOUNTED_REASONS = [
  'no_ticket',
  'invalid_ticket',
  'expired',
  'replayed',
  'version_not_in_ticket',
  'client_mismatch',
  'unproven',
] as const;
export const UncountedReason = z.enum(UNCOUNTED_REASONS);
export type UncountedReason = z.infer<typeof UncountedReason>;

export const VersionHealth = z.object({
  remote: RemoteName,
  version: z.string(),
  /** What the live manifest does with this version now. */
  role: z.enum(['active', 'canary', 'other']),
  loads: z.number().int(),
  failures: z.number().int(),
  /** Error reports the version raised while rendering. */
  render_errors: z.number().int(),
  /** Every error report the version raised (with a valid ticket: counted reports only). */
  errors: z.number().int(),
  /** Distinct browsers (client cookies) whose loads were counted: proven ones only. */
  clients: z.number().int(),
  /** (failed loads + render errors) / attempted loads; null: no loads yet. */
  error_rate: z.number().nullable(),
  /** Real players' speed on the pages this version rendered (counted beacons only). */
  vitals: VersionVitals,
});
export type VersionHealth = z.infer<typeof VersionHealth>;

/** Reports of one remote kept apart for one reason: visible, never counted. */
export const UncountedLoads = z.object({
  remote: RemoteName,
  reason: UncountedReason,
  loads: z.number().int(),
  failures: z.number().int(),
  render_errors: z.number().int(),
});
export type UncountedLoads = z.infer<typeof UncountedLoads>;

export const ReleaseHealthResponse = z.object({
  window_minutes: z.number().int(),
  versions: z.array(VersionHealth),
  /** What arrived without a valid ticket for its version, per remote and reason. */
  uncounted: z.array(UncountedLoads),
  /** The live versions' files against their recorded hashes (docs/decisions/021-release-decisions-survive-restarts.md). */
  integrity: ReleaseIntegrity,
});
export type ReleaseHealthResponse = z.infer<typeof ReleaseHealthResponse>;

/** `GET /api/v1/errors/events?remote=&version=` (release managers): the latest stored reports. */
export const ErrorEventsQuery = z.strictObject({
  remote: RemoteName.optional(),
  version: ReleaseVersion.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const ErrorEventSummary = z.object({
  id: z.string(),
  received_at: z.string(),
  remote: z.string().nullable(),
  version: z.string().nullable(),
  phase: z.string().nullable(),
  message: z.string(),
  /** Sent with a valid load ticket for its version by the browser it was given to. */
  counted: z.boolean(),
  /** The stored event (Sentry's JSON): scrubbed of secrets; the player's id and phone kept. */
  event: z.record(z.string(), JsonValue),
});
export const ErrorEventsResponse = z.object({ events: z.array(ErrorEventSummary) });
export type ErrorEventsResponse = z.infer<typeof ErrorEventsResponse>;
