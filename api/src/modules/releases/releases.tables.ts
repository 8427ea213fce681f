/**
 * Release control's tables: published versions, manifest revisions, testers' overrides and guarded
 * canaries' plans (./migrations/). Part of `DB` in db/schema.ts; row types never leave the server.
 */
export interface ReleasesTables {
  release_versions: ReleaseVersionsTable;
  release_revisions: ReleaseRevisionsTable;
  release_overrides: ReleaseOverridesTable;
  canary_plans: CanaryPlansTable;
  canary_decisions: CanaryDecisionsTable;
  release_deploy_keys: ReleaseDeployKeysTable;
  release_deploy_key_uses: ReleaseDeployKeyUsesTable;
  release_files: ReleaseFilesTable;
  canary_floors: CanaryFloorsTable;
}

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
  /** JSON `{ bytes, page, pages }` measured at publish (critical-path.ts); null: before 0022, or unmeasurable. */
  critical_path: string | null;
  /** When a release manager retired it (0038): its files left the version store; null: kept. */
  retired_at: number | null;
  /** The release manager's phone. */
  retired_by: string | null;
  retire_reason: string | null;
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
  /** The speed limit (0028): milliseconds the canary's p75 may exceed the active's; null: not limited. */
  max_lcp_increase_ms: number | null;
  max_inp_increase_ms: number | null;
  min_vitals_samples: number;
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

/** One of the canary guard's decisions with its figures (0029). */
export interface CanaryDecisionsTable {
  id: string;
  plan_id: string;
  remote: string;
  version: string;
  at: number;
  step: number;
  percent: number;
  verdict: 'wait' | 'advance' | 'promote' | 'abort';
  next_percent: number | null;
  /** JSON `GuardFigures` (@mchezo/contracts/release-history). */
  figures: string;
  text: string;
  revision: number | null;
}

/** A team's CI credential (docs/decisions/046-deploy-keys.md); the token is kept as its SHA-256 only. */
export interface ReleaseDeployKeysTable {
  id: string;
  name: string;
  remote: string;
  /** Comma-separated actions: publish, canary. */
  actions: string;
  max_canary_percent: number | null;
  token_hash: string;
  /** The release manager's phone. */
  created_by: string;
  created_at: number;
  expires_at: number;
  revoked_by: string | null;
  revoked_at: number | null;
  revoke_reason: string | null;
  last_used_at: number | null;
}

export interface ReleaseDeployKeyUsesTable {
  id: string;
  key_id: string;
  action: string;
  remote: string;
  version: string;
  at: number;
}

/** A published version's file in the database store (docs/decisions/049-version-store.md). */
export interface ReleaseFilesTable {
  remote: string;
  version: string;
  /** Relative to the version folder, `/`-separated. */
  path: string;
  /** `sha384-…` of `content`, as stored. */
  sha384: string;
  size: number;
  content: Buffer;
}

/** A remote's canary floors as a release manager set them (docs/decisions/059-canary-floors-and-start-up.md). */
export interface CanaryFloorsTable {
  id: string;
  remote: string;
  step_ms: number;
  min_steps: number;
  min_loads: number;
  min_browsers: number;
  max_increase_bp: number;
  set_by: string;
  set_at: number;
  reason: string;
}
