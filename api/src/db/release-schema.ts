/**
 * Row types of release control and release health (the releases and release-health modules).
 * They never leave the server.
 */
export interface ReleaseVersionsTable {
  remote: string;
  version: string;
  entry: string;
  /** JSON `{ [file]: "sha384-…" }`. */
  integrity: string;
  /** Who published: a user's phone, or a process such as "npm start". */
  published_by: string;
  reason: string | null;
  published_at: number;
  /** When the files were first seen differing from `integrity` (the check on a schedule); null: intact. */
  integrity_failed_at: number | null;
  /** What the failing check found (missing or changed files). */
  integrity_problem: string | null;
}

export interface ReleaseOverridesTable {
  id: string;
  remote: string;
  version: string;
  entry: string;
  reason: string;
  /** The release manager's phone. */
  issued_by: string;
  issued_at: number;
  expires_at: number;
}

export interface ReleaseRevisionsTable {
  revision: number;
  /** JSON of the manifest as served. */
  manifest: string;
  author: string;
  reason: string;
  action: string;
  created_at: number;
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
export interface RemoteLoadCountsTable {
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
export interface UncountedLoadsTable {
  minute: number;
  remote: string;
  reason: string;
  loads: number;
  failures: number;
  render_errors: number;
}

/** A ticket's uses: one row per version and outcome (`ok`, `failed`, `render`). */
export interface LoadTicketUsesTable {
  ticket: string;
  remote: string;
  remote_version: string;
  outcome: string;
  expires_at: number;
}

export interface CanaryPlansTable {
  id: string;
  remote: string;
  version: string;
  /** JSON array of percentages. */
  steps: string;
  step: number;
  step_ms: number;
  max_increase_bp: number;
  min_loads: number;
  status: 'running' | 'promoted' | 'aborted' | 'ended';
  step_started_at: number;
  /** JSON: version → loads counted in the step's first minute before it started. */
  baseline: string;
  created_by: string;
  created_at: number;
  last_check: string | null;
  last_check_at: number | null;
  ended_at: number | null;
  end_reason: string | null;
}

export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}
