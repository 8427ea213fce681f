/** What release health refuses (api/src/modules/release-health, docs/decisions/022-release-health.md). */
export const RELEASE_HEALTH_ERRORS = {
  /** The tunnel's body is not a Sentry envelope. */
  INVALID_ENVELOPE: 400,
} as const;
