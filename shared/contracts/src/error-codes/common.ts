/**
 * Codes any route may answer: the request's shape, sign-in, limits, and the server's own state
 * (docs/decisions/035-surviving-faults.md, 064-storage-and-timeouts.md).
 */
export const COMMON_ERRORS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  BODY_TOO_DEEP: 400,
  INVALID_CURSOR: 400,
  /** Fastify's own refusals of a request (FST_ERR_*), answered with these (api/src/lib/errors.ts). */
  MALFORMED_JSON: 400,
  EMPTY_BODY: 400,
  INVALID_CONTENT_LENGTH: 400,
  MALFORMED_URL: 400,
  BODY_TOO_LARGE: 413,
  URL_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_FULL: 503,
  DATABASE_TIMEOUT: 503,
  /** Readiness (GET /health/ready): the database does not answer in time. */
  NOT_READY: 503,
  /** GET /metrics without the operators' token (docs/decisions/044-metrics.md). */
  METRICS_TOKEN_REQUIRED: 401,
  /** The demo game provider's calls (adapters/games): a launch token unknown or expired. */
  INVALID_GAME_TOKEN: 401,
} as const;
