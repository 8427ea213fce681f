import { z } from 'zod';
import { ByteBudgetFigures } from './errors.ts';
import {
  CANARY_PERCENT_MAX,
  CANARY_PERCENT_MIN,
  CANARY_RAMP_STEPS_MAX,
  CANARY_STEP_MINUTES_MAX,
  CANARY_STEP_MINUTES_MIN,
  DEPLOY_KEY_ACTIONS,
  REMOTE_EXPOSES,
  REMOTE_NAMES,
  UPLOAD_FILE_BYTES_MAX,
  UPLOAD_FILES_MAX,
  VERSION_PATTERN,
} from './releases-constants.ts';

export { REMOTE_EXPOSES, REMOTE_NAMES };
export const RemoteName = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof RemoteName>;

export const ReleaseVersion = z
  .string()
  .regex(VERSION_PATTERN, 'a version is a folder name: letters, digits, . _ + - (at most 64)');

export const CanaryRelease = z.object({
  /** The version a share of players gets instead of the active one. */
  version: z.string().min(1).max(64),
  entry: z.string().min(1).max(2048),
  /** Share of players (sticky buckets) who get the canary, 1–99. */
  percent: z.number().int().min(CANARY_PERCENT_MIN).max(CANARY_PERCENT_MAX),
});
export type CanaryRelease = z.infer<typeof CanaryRelease>;

export const RemoteRelease = z.object({
  /** Immutable version folder, e.g. `1.0.0-3f9c2a1b`. */
  version: z.string().min(1).max(64),
  /** URL of the version's `mf-manifest.json`, absolute or relative to the site origin. */
  entry: z.string().min(1).max(2048),
  enabled: z.boolean(),
  /** Optional canary: another version for `percent` % of players. */
  canary: CanaryRelease.optional(),
});
export type RemoteRelease = z.infer<typeof RemoteRelease>;

/** `GET /api/v1/releases/manifest`: what the shell registers at boot. */
/** Present when the manifest was served for a tester's signed override. */
export const ReleaseOverrideInfo = z.object({
  remote: RemoteName,
  version: z.string(),
  expires_at: z.string(),
});
export type ReleaseOverrideInfo = z.infer<typeof ReleaseOverrideInfo>;

export const ReleaseManifest = z.object({
  revision: z.number().int().nonnegative(),
  remotes: z.partialRecord(RemoteName, RemoteRelease),
  override: ReleaseOverrideInfo.optional(),
  /**
   * Served only: `sha384-…` of each live version's entry files (its `mf-manifest.json` and entry
   * script) by URL path, which browsers load them with (Subresource Integrity).
   */
  integrity: z.record(z.string().max(2048), z.string().max(128)).optional(),
});
export type ReleaseManifest = z.infer<typeof ReleaseManifest>;

// ---------------------------------------------------------------------------------------------
// Release control (release managers only).

/** A version file's path, whole (relative to its version folder, `/`-separated). */
export const VERSION_PATH_MAX = 512;
/** One segment of it (a file or folder name): well under every file system's 255. */
export const VERSION_PATH_SEGMENT_MAX = 128;
/** Letters, digits and `._-+~@`, not starting with a dot (so no `.`, `..` or hidden files). */
const PATH_SEGMENT = /^[A-Za-z0-9_@~+-][A-Za-z0-9._@~+-]*$/;

/**
 * The one rule for a file name in a version (upload, publish and both version stores): what is
 * wrong with `path`, or null. Checked at the edge, so no name a client sends reaches a file
 * system or an object lookup: no NUL or control character, no `\`, no absolute or empty
 * segment, no `..`, nothing a file system cannot hold, and not `__proto__`.
 */
export function versionPathProblem(path: string): string | null {
  if (path.length === 0 || path.length > VERSION_PATH_MAX) return `1 to ${VERSION_PATH_MAX} characters`;
  for (const segment of path.split('/')) {
    if (segment === '') return 'a relative path inside the version folder, with no empty segment';
    if (segment.length > VERSION_PATH_SEGMENT_MAX)
      return `at most ${VERSION_PATH_SEGMENT_MAX} characters between slashes`;
    if (!PATH_SEGMENT.test(segment)) return 'letters, digits and . _ - + ~ @ only, not starting with a dot';
    if (segment === '__proto__') return '__proto__ is not a file name';
  }
  return null;
}

/** The rule for a version's paths together: each as above, and no file is also another's folder. */
export function versionPathsProblem(paths: Iterable<string>): string | null {
  const all = new Set(paths);
  for (const path of all) {
    const problem = versionPathProblem(path);
    if (problem) return `${JSON.stringify(path.slice(0, 80))}: ${problem}`;
    for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1))
      if (all.has(path.slice(0, i))) return `${path.slice(0, i)} is both a file and the folder of ${path}`;
  }
  return null;
}

/** A version file's path (`versionPathProblem`). */
export const VersionFilePath = z.string().superRefine((path, ctx) => {
  const problem = versionPathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A record keyed by a version's paths: each key by the rule, and no file also a folder. */
const byVersionPath = <T extends z.ZodType>(value: T) =>
  z.record(VersionFilePath, value).superRefine((m, ctx) => {
    const problem = versionPathsProblem(Object.keys(m));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** `file → sha384-<base64>` for every file of a version folder, paths relative to it. */
export const IntegrityMap = byVersionPath(z.string().regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'sha384-<base64>'))
  .refine((m) => Object.keys(m).length > 0, 'at least one file')
  .refine((m) => Object.hasOwn(m, 'mf-manifest.json'), 'must include mf-manifest.json');
export type IntegrityMap = z.infer<typeof IntegrityMap>;

const reason = z.string().trim().min(1, 'say why (reason)').max(500);
/** The revision the change was made from: refused with 409 when the manifest has moved on. */
const baseRevision = z.number().int().nonnegative();

export const RemoteParams = z.object({ remote: RemoteName });

export const PublishVersionRequest = z.object({
  version: ReleaseVersion,
  /** Defaults to `/remotes/<remote>/<version>/mf-manifest.json`. */
  entry: z.string().min(1).max(2048).optional(),
  integrity: IntegrityMap,
  reason: reason.optional(),
});
export type PublishVersionRequest = z.infer<typeof PublishVersionRequest>;

export const VersionParams = z.object({ remote: RemoteName, version: ReleaseVersion });

/**
 * `PUT /releases/remotes/:remote/versions/:version` (docs/decisions/049-version-store.md): a built
 * version folder uploaded whole, in one JSON body: every file's sha384 (`integrity`, as a publish
 * of a folder already in the store declares) and its bytes in base64 (`files`), the same paths.
 * The platform checks each file against its hash, then stores and lists the version; the same
 * files again change nothing, other files under the same version are refused (409).
 */
export const UploadVersionRequest = z.object({
  integrity: IntegrityMap,
  files: byVersionPath(
    z
      .string()
      .max(Math.ceil(UPLOAD_FILE_BYTES_MAX / 3) * 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
  ).refine((m) => Object.keys(m).length <= UPLOAD_FILES_MAX, `at most ${UPLOAD_FILES_MAX} files`),
  reason: reason.optional(),
});
export type UploadVersionRequest = z.infer<typeof UploadVersionRequest>;

/** A version whose files no longer match their recorded hashes: since when, and what is wrong. */
export const IntegrityFailure = z.object({ since: z.string(), problem: z.string() });

/**
 * A version's bytes on its pages' critical path, measured by the platform from its folder at
 * publish (docs/decisions/048-byte-budgets.md): per exposed page, the brotli bytes of what the page
 * loads before it renders; `bytes` is the largest page's.
 */
export const CriticalPath = z.object({
  bytes: z.number().int().nonnegative(),
  page: z.string().nullable(),
  pages: z.record(z.string(), z.number().int().nonnegative()),
});
export type CriticalPath = z.infer<typeof CriticalPath>;

export const PublishedVersion = z.object({
  remote: RemoteName,
  version: z.string(),
  entry: z.string(),
  files: z.number().int().nonnegative(),
  published_by: z.string(),
  published_at: z.string(),
  reason: z.string().nullable(),
  /** Set while the integrity check finds its files changed or missing: not offered to browsers. */
  integrity_failure: IntegrityFailure.nullable(),
  /** null: published before sizes were kept, or its folder has no readable mf-manifest.json. */
  critical_path: CriticalPath.nullable(),
  /**
   * Set once a release manager retired it (docs/decisions/058-retiring-versions.md): its files are
   * gone from the version store and it never goes in front of players again; who, when and why.
   */
  retired_at: z.string().nullable(),
  retired_by: z.string().nullable(),
  retire_reason: z.string().nullable(),
});
export type PublishedVersion = z.infer<typeof PublishedVersion>;

/**
 * `POST /releases/remotes/:remote/versions/:version/retire`: removes a version that is neither
 * live nor a canary nor under a tester's override from the version store, for good (the row and
 * its history stay). Not a manifest change: no base revision.
 */
export const RetireVersionRequest = z.strictObject({ reason });
export type RetireVersionRequest = z.infer<typeof RetireVersionRequest>;

/** Publish's answer: the version, and its size against the active version's and the budget. */
export const PublishVersionResponse = PublishedVersion.extend({ byte_budget: ByteBudgetFigures });
export type PublishVersionResponse = z.infer<typeof PublishVersionResponse>;

/**
 * A release manager's override of the byte budget on activate or canary (never a deploy key's):
 * the revision records who and why.
 */
export const OverrideBudget = z.strictObject({ reason });
export type OverrideBudget = z.infer<typeof OverrideBudget>;

export const ActivateRequest = z.object({
  version: ReleaseVersion,
  base_revision: baseRevision,
  reason,
  override_budget: OverrideBudget.optional(),
});
export const ToggleRequest = z.object({ base_revision: baseRevision, reason });
/** `step_minutes` as plans and floors take it: whole seconds, 0.5 is 30 s. */
const stepMinutes = z
  .number()
  .min(CANARY_STEP_MINUTES_MIN)
  .max(CANARY_STEP_MINUTES_MAX)
  .refine((m) => Math.abs(m * 60 - Math.round(m * 60)) < 1e-6, 'a whole number of seconds (0.5 is 30 s)');

const canaryPercent = z.number().int().min(CANARY_PERCENT_MIN).max(CANARY_PERCENT_MAX);

/**
 * A canary that guards itself (docs/decisions/023-canary-guard.md): after each step of
 * `step_minutes` it moves to the next percentage of `ramp`, then promotes, while the canary's error
 * rate over the step is at most `max_error_rate_increase` above the active version's, judged once
 * the canary has `min_loads` loads; worse than that, it aborts at once.
 */
export const CanaryPlanRequest = z.strictObject({
  /** The percentages after the canary's own, each higher than the one before; then promote. */
  ramp: z.array(canaryPercent).max(CANARY_RAMP_STEPS_MAX).default([]),
  /** Whole seconds: 0.5 is 30 s. */
  step_minutes: stepMinutes,
  /** How much higher the canary's error rate may be than the active's: 0.05 is 5 points. */
  max_error_rate_increase: z.number().min(0).max(1).default(0.05),
  /** Canary loads (attempted) in a step before the guard judges it. */
  min_loads: z.number().int().min(1).max(1_000_000).default(20),
  /**
   * The speed limit (docs/decisions/051-web-vitals-per-version.md): how many milliseconds the
   * canary's p75 LCP or INP over the step may exceed the active version's; absent, not limited.
   */
  max_lcp_p75_increase_ms: z.number().int().min(0).max(60_000).optional(),
  max_inp_p75_increase_ms: z.number().int().min(0).max(60_000).optional(),
  /** Page views of a limited metric each side needs in a step before the speed limit judges it (the step waits). */
  min_vitals_samples: z.number().int().min(1).max(1_000_000).default(20),
});
export type CanaryPlanRequest = z.infer<typeof CanaryPlanRequest>;

/**
 * A remote's canary floors (docs/decisions/059-canary-floors-and-start-up.md), set by a release
 * manager: every guarded canary of the remote (a deploy key's or a person's) has steps at least
 * this long, this many steps before it is promoted, this many loads from this many distinct
 * browsers in each step, and tolerates an error-rate increase of at most this much.
 */
const canaryFloorFields = {
  step_minutes: stepMinutes,
  min_steps: z
    .number()
    .int()
    .min(1)
    .max(CANARY_RAMP_STEPS_MAX + 1),
  min_loads: z.number().int().min(1).max(1_000_000),
  min_browsers: z.number().int().min(1).max(1_000_000),
  max_error_rate_increase: z.number().min(0).max(1),
};
export const CanaryFloorRequest = z.strictObject({ ...canaryFloorFields, reason });
export type CanaryFloorRequest = z.infer<typeof CanaryFloorRequest>;
export const CanaryFloor = z.object({
  remote: RemoteName,
  ...canaryFloorFields,
  /** Null for the defaults (CANARY_FLOOR_*): no release manager has set this remote's floors. */
  set_by: z.string().nullable(),
  set_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type CanaryFloor = z.infer<typeof CanaryFloor>;
export const CanaryFloorsResponse = z.object({
  /** Each remote's floors in force. */
  floors: z.array(CanaryFloor),
  /** Every change, newest first: who, when, why. */
  history: z.array(CanaryFloor),
});
export type CanaryFloorsResponse = z.infer<typeof CanaryFloorsResponse>;

export const CanaryRequest = z
  .object({
    version: ReleaseVersion,
    percent: canaryPercent,
    base_revision: baseRevision,
    reason,
    plan: CanaryPlanRequest.optional(),
    override_budget: OverrideBudget.optional(),
  })
  .superRefine((req, ctx) => {
    const steps = [req.percent, ...(req.plan?.ramp ?? [])];
    steps.forEach((p, i) => {
      const before = steps[i - 1];
      if (i > 0 && before !== undefined && p <= before)
        ctx.addIssue({
          code: 'custom',
          path: ['plan', 'ramp', i - 1],
          message: `each step must be higher than the one before (${p}% after ${before}%)`,
        });
    });
  });
export const RollbackRequest = z.object({
  /** The earlier revision whose manifest (or, for one remote, whose entry for it) becomes current again. */
  revision: z.number().int().positive(),
  base_revision: baseRevision,
  reason,
});
export type ActivateRequest = z.infer<typeof ActivateRequest>;
export type ToggleRequest = z.infer<typeof ToggleRequest>;
export type CanaryRequest = z.infer<typeof CanaryRequest>;
export type RollbackRequest = z.infer<typeof RollbackRequest>;

export const RevisionEntry = z.object({
  revision: z.number().int().nonnegative(),
  author: z.string(),
  reason: z.string(),
  /** What changed, e.g. `activate wallet 1.0.0-abc`. */
  action: z.string(),
  created_at: z.string(),
  manifest: ReleaseManifest,
});
export type RevisionEntry = z.infer<typeof RevisionEntry>;

export const HistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
/** An override issued to testers, as the history keeps it. */
export const OverrideEntry = z.object({
  id: z.string(),
  remote: RemoteName,
  /** A published version, or `dev` for a local dev server (development only). */
  version: z.string(),
  entry: z.string(),
  reason: z.string(),
  issued_by: z.string(),
  issued_at: z.string(),
  expires_at: z.string(),
});
export type OverrideEntry = z.infer<typeof OverrideEntry>;

/** The newest revisions and the newest overrides issued, `limit` of each, newest first. */
export const HistoryResponse = z.object({
  revisions: z.array(RevisionEntry),
  overrides: z.array(OverrideEntry),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

/** A canary's guard plan as it stands (docs/decisions/023-canary-guard.md). */
export const CanaryPlan = z.object({
  id: z.string(),
  remote: RemoteName,
  /** The canary version it guards. */
  version: z.string(),
  /** Each step's percentage, the canary's first; after the last step the canary is promoted. */
  steps: z.array(z.number().int()),
  /** The step the canary is at (an index into `steps`). */
  step: z.number().int().nonnegative(),
  step_minutes: z.number(),
  max_error_rate_increase: z.number(),
  min_loads: z.number().int(),
  /** The speed limit: null, not limited. */
  max_lcp_p75_increase_ms: z.number().int().nullable(),
  max_inp_p75_increase_ms: z.number().int().nullable(),
  min_vitals_samples: z.number().int(),
  /** `ended`: a person changed the remote (promote, abort, a roll back, a new canary…). */
  status: z.enum(['running', 'promoted', 'aborted', 'ended']),
  step_started_at: z.string(),
  /** When the step may move on (once the canary has its loads and is not worse). */
  step_due_at: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  /** The guard's latest reading of the step: its figures and what it waits for. */
  last_check: z.string().nullable(),
  last_check_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Why it ended: the guard's figures, or who changed the remote and how. */
  end_reason: z.string().nullable(),
});
export type CanaryPlan = z.infer<typeof CanaryPlan>;

export const RemoteStatus = z.object({
  name: RemoteName,
  active: z.string().nullable(),
  enabled: z.boolean(),
  canary: CanaryRelease.nullable(),
  /** The remote's latest guard plan (running or ended), or null when it never had one. */
  plan: CanaryPlan.nullable(),
  versions: z.array(PublishedVersion),
});
export const RemotesResponse = z.object({
  revision: z.number().int().nonnegative(),
  remotes: z.array(RemoteStatus),
});
export type RemotesResponse = z.infer<typeof RemotesResponse>;

/** What every manifest change answers: the new revision. */
export const RevisionResponse = RevisionEntry;

/**
 * `POST /releases/overrides` (release managers): a signed, expiring token that points one
 * remote at another published version for whoever opens the site with it (testers). In a
 * development server only, `dev_entry` may name a local dev server instead.
 */
export const OverrideRequest = z.strictObject({
  remote: RemoteName,
  version: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/)
    .optional(),
  dev_entry: z.string().url().max(500).optional(),
  minutes: z.number().int().min(1).max(480),
  /** Kept with the override in the history, like every release change's. */
  reason,
});
export type OverrideRequest = z.infer<typeof OverrideRequest>;

export const OverrideResponse = z.object({ token: z.string(), expires_at: z.string() });
export type OverrideResponse = z.infer<typeof OverrideResponse>;

/** `GET /releases/manifest?override=<token>`: an invalid or expired token is ignored. */
export const ManifestQuery = z.object({ override: z.string().max(4000).optional() });

/**
 * `GET /releases/integrity`, `POST /releases/integrity/check` and `GET /releases/health`'s
 * `integrity`: the live versions' files against their recorded hashes (checked at start and on a
 * schedule). A failing version is left out of the manifest browsers get until its files match.
 */
export const ReleaseIntegrity = z.object({
  ok: z.boolean(),
  /** When this server last checked; null: not yet. */
  checked_at: z.string().nullable(),
  /** 0: only at start and on request. */
  interval_seconds: z.number().int().nonnegative(),
  failing: z.array(IntegrityFailure.extend({ remote: RemoteName, version: z.string() })),
});
export type ReleaseIntegrity = z.infer<typeof ReleaseIntegrity>;

// ---------------------------------------------------------------------------------------------
// Deploy keys (docs/decisions/046-deploy-keys.md): created, listed and revoked by release managers.

export const DeployKeyAction = z.enum(DEPLOY_KEY_ACTIONS);
export type DeployKeyAction = z.infer<typeof DeployKeyAction>;

export const DeployKeyParams = z.object({ id: z.string().min(1).max(64) });

export const CreateDeployKeyRequest = z.strictObject({
  /** Shown in the release history as who did what: letters, digits, . _ - (e.g. `wallet-ci`). */
  name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/, 'a name of 3–64 letters, digits, . _ - (e.g. wallet-ci)'),
  remote: RemoteName,
  actions: z
    .array(DeployKeyAction)
    .min(1, 'at least one action (publish, canary)')
    .refine((a) => new Set(a).size === a.length, 'each action once'),
  /** The highest percentage the key's canary (and each step of its guard's ramp) may reach. */
  max_canary_percent: canaryPercent.optional(),
  /** ISO date-time, in the future and at most DEPLOY_KEY_MAX_DAYS ahead. */
  expires_at: z.iso.datetime({ offset: true }),
});
export type CreateDeployKeyRequest = z.infer<typeof CreateDeployKeyRequest>;

export const RevokeDeployKeyRequest = z.strictObject({ reason });
export type RevokeDeployKeyRequest = z.infer<typeof RevokeDeployKeyRequest>;

/** One use of a key, as the key's list shows it (the revision or the published version names it too). */
export const DeployKeyUse = z.object({
  action: DeployKeyAction,
  version: z.string(),
  at: z.string(),
});

/** A deploy key as listed: never its token. */
export const DeployKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The actor the release history shows for the key's publishes and canaries. */
  actor: z.string(),
  remote: RemoteName,
  actions: z.array(DeployKeyAction),
  max_canary_percent: z.number().int().nullable(),
  status: z.enum(['active', 'revoked', 'expired']),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_by: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** The newest uses first. */
  uses: z.array(DeployKeyUse),
});
export type DeployKey = z.infer<typeof DeployKey>;

/** `POST /releases/deploy-keys`: the key and its token, shown this once (only its SHA-256 is kept). */
export const CreatedDeployKey = DeployKey.extend({ token: z.string() });
export type CreatedDeployKey = z.infer<typeof CreatedDeployKey>;

export const DeployKeysResponse = z.object({ keys: z.array(DeployKey) });
export type DeployKeysResponse = z.infer<typeof DeployKeysResponse>;
