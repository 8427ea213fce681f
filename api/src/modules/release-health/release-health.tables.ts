/**
 * Release health's tables: the browser's error reports, counted loads and what went uncounted, and
 * each load ticket's uses (./migrations/). Part of `DB` in db/schema.ts.
 */
export interface ReleaseHealthTables {
  error_events: ErrorEventsTable;
  remote_load_counts: RemoteLoadCountsTable;
  uncounted_loads: UncountedLoadsTable;
  load_ticket_uses: LoadTicketUsesTable;
  web_vitals: WebVitalsTable;
  load_client_proofs: LoadClientProofsTable;
}

export interface ErrorEventsTable {
  id: string;
  received_at: number;
  /** The remote and version the report names (its tags); null: the shell or unknown. */
  remote: string | null;
  remote_version: string | null;
  /** `render`, `load`, … as the shell tags it; null: untagged. */
  phase: string | null;
  message: string;
  /** The event as received, scrubbed of secrets, as JSON. */
  event: string;
  /** Who sent it: the client id (valid ticket), `ip:<hash>` otherwise; null: stored before tickets. */
  client: string | null;
  /** 1: sent with a valid load ticket for its version by the browser it was given to. */
  counted: number;
}

/** Counted loads (valid tickets only) of one version, minute and client. */
interface RemoteLoadCountsTable {
  remote: string;
  remote_version: string;
  /** Start of the minute, ms since the epoch. */
  minute: number;
  /** The browser's client id (its signed cookie). */
  client: string;
  loads: number;
  failures: number;
  render_errors: number;
}

/** What arrived without a valid ticket: per minute, remote and reason (never per version). */
interface UncountedLoadsTable {
  minute: number;
  remote: string;
  reason: string;
  loads: number;
  failures: number;
  render_errors: number;
}

/** Counted page views of one version, minute and metric whose value fell in one bucket (0027). */
interface WebVitalsTable {
  remote: string;
  remote_version: string;
  minute: number;
  metric: string;
  /** The bucket's lower bound (vitals.ts, `bucketOf`). */
  bucket: number;
  samples: number;
}

/** A ticket's uses: one row per version and outcome (`ok`, `failed`, `render`, `vitals`). */
interface LoadTicketUsesTable {
  ticket: string;
  remote: string;
  remote_version: string;
  outcome: string;
  expires_at: number;
}

/** Client ids that proved a page load (0041, load-proof.ts): only their figures count. */
interface LoadClientProofsTable {
  client: string;
  proven_at: number;
  /** The client id's own expiry. */
  expires_at: number;
}
