/**
 * The environment variables the releases module reads (its config slice, lib/api-module.ts):
 * env.ts composes them into the whole environment; the module's services get only these.
 */
import { z } from 'zod';
import { basisPoints, byteBudgets, type ConfigOf, int, optionalString } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';

export const ReleasesConfig = z.object({
  // Shared with other modules: a tester's override may name a dev server's entry in development
  // (overrides.service.ts), JWT_SECRET signs testers' override tokens, SITE_DIR is the built site,
  // JOB_LEASE_TTL_MS the canary guard's lease.
  ...PlatformConfig.pick({ NODE_ENV: true, JWT_SECRET: true, SITE_DIR: true, JOB_LEASE_TTL_MS: true }).shape,
  /**
   * Gone: start-up never activates a build (docs/decisions/059-canary-floors-and-start-up.md).
   * A value asking for activation is refused, so nobody believes a start deployed something.
   */
  RELEASES_ACTIVATE_LATEST: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || ['', 'false', '0', 'no', 'off'].includes(v),
      'is gone: start-up never activates a build; activate it on the staff site (Releases) or with npm run release',
    ),
  /**
   * How often the live versions' files are checked against their recorded hashes (and once at
   * start); 0: only at start and on request (docs/decisions/021-release-decisions-survive-restarts.md).
   */
  RELEASES_INTEGRITY_INTERVAL_SECONDS: int(300, 0, 86_400),
  /**
   * Where published versions' files are kept and served from (docs/decisions/049-version-store.md):
   * `folder` (default) a folder in SITE_DIR's layout (RELEASES_STORE_DIR, default SITE_DIR/remotes);
   * `database` the database's release_files table, which every API instance reaches.
   */
  RELEASES_STORE: z.enum(['folder', 'database']).default('folder'),
  /** The folder store's root (`<remote>/<version>/…` inside); default SITE_DIR/remotes. */
  RELEASES_STORE_DIR: optionalString,
  /**
   * Built version folders start-up publishes into the store (`<remote>/<version>/…`, newest build
   * of each remote, decision 021); default SITE_DIR/remotes. With the folder store at its default
   * these are the store's own folders.
   */
  RELEASES_BUILDS_DIR: optionalString,
  /** An uploaded version's largest file and its total (bytes, decoded); larger is refused (413). */
  RELEASES_UPLOAD_MAX_FILE_BYTES: int(8 * 1024 * 1024, 1, 16 * 1024 * 1024),
  RELEASES_UPLOAD_MAX_BYTES: int(32 * 1024 * 1024, 1, 256 * 1024 * 1024),
  /**
   * How often the canary guard judges guarded canaries (docs/decisions/023-canary-guard.md); one
   * instance at a time does, by a lease in the database. 0: off (plans wait).
   */
  CANARY_GUARD_INTERVAL_MS: int(15_000, 0, 3_600_000).refine(
    (v) => v === 0 || v >= 100,
    'must be 0 (off) or at least 100',
  ),
  /**
   * The canary floors of a remote no release manager has set (docs/decisions/059-canary-floors-and-start-up.md):
   * every guarded canary's steps last at least CANARY_FLOOR_STEP_SECONDS, it has CANARY_FLOOR_MIN_STEPS
   * steps before promotion, each step needs CANARY_FLOOR_MIN_LOADS loads from CANARY_FLOOR_MIN_BROWSERS
   * distinct browsers, and it tolerates at most CANARY_FLOOR_MAX_ERROR_RATE_INCREASE (basis points or
   * a percentage) more errors than the active version. Production's defaults; tests set lower.
   */
  CANARY_FLOOR_STEP_SECONDS: int(600, 3, 86_400),
  CANARY_FLOOR_MIN_STEPS: int(3, 1, 11),
  CANARY_FLOOR_MIN_LOADS: int(200, 1, 1_000_000),
  CANARY_FLOOR_MIN_BROWSERS: int(50, 1, 1_000_000),
  CANARY_FLOOR_MAX_ERROR_RATE_INCREASE: basisPoints(500),
  /**
   * Each remote's byte budget on its pages' critical path (docs/decisions/048-byte-budgets.md):
   * `lobby:26000,wallet:28000`; a remote not named keeps its default (today's builds plus about 25%).
   * Activation or a canary of a version over it is refused unless a release manager overrides.
   */
  REMOTE_BYTE_BUDGETS: byteBudgets({ lobby: 26_000, auth: 20_000, wallet: 28_000, profile: 27_000 }),
});

/** The slice as the module gets it: the secret resolved at start-up (src/startup.ts). */
export type ReleasesConfig = ConfigOf<typeof ReleasesConfig>;
