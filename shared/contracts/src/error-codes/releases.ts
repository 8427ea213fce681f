/**
 * What the releases module refuses (api/src/modules/releases): versions and their store
 * (docs/decisions/049-version-store.md, 058-retiring-versions.md), manifest changes and their
 * compatibility check, byte budgets (048), canary plans and floors (023, 059), testers'
 * overrides, deploy keys (046) and the health history's ranges (057).
 */
export const RELEASES_ERRORS = {
  // Publishing and uploading a version.
  VERSION_EXISTS: 409,
  VERSION_CONTENT_DIFFERS: 409,
  VERSION_FOLDER_MISSING: 422,
  NO_CDN_FOLDER: 422,
  UPLOAD_PATHS_DIFFER: 400,
  INVALID_VERSION_PATH: 400,
  VERSION_TOO_LARGE: 413,
  INTEGRITY_MISMATCH: 422,
  INVALID_MF_MANIFEST: 422,
  INCOMPLETE_VERSION: 422,
  // Retiring one, and what a retired version may no longer do.
  VERSION_ACTIVE: 409,
  VERSION_CANARY: 409,
  VERSION_OVERRIDDEN: 409,
  ALREADY_RETIRED: 409,
  VERSION_RETIRED: 409,
  // Manifest changes.
  STALE_REVISION: 409,
  NO_CHANGE: 422,
  NO_CANARY: 422,
  NOT_AT_REVISION: 422,
  INCOMPATIBLE: 422,
  OVER_BYTE_BUDGET: 422,
  // Guarded canaries.
  STALE_PLAN: 409,
  CANARY_PLAN_BELOW_FLOOR: 422,
  // Testers' overrides.
  OVERRIDE_NOT_ALLOWED: 422,
  OVERRIDE_TARGET_REQUIRED: 422,
  // Deploy keys: managing them, and a key's own use.
  DEPLOY_KEY_NAME_TAKEN: 409,
  DEPLOY_KEY_EXPIRY: 422,
  DEPLOY_KEY_MAX_PERCENT: 422,
  DEPLOY_KEY_ALREADY_REVOKED: 409,
  DEPLOY_KEY_UNKNOWN: 401,
  DEPLOY_KEY_REVOKED: 403,
  DEPLOY_KEY_EXPIRED: 403,
  DEPLOY_KEY_SCOPE: 403,
  // The health history's range.
  TOO_MANY_BUCKETS: 400,
} as const;
