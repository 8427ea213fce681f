import { type ErrorCode, statusOf } from '@mchezo/contracts/error-codes';
import type { ErrorResponse, LockoutReason, Refusal } from '@mchezo/contracts/errors';
import { DEFAULT_LOCKOUT_MESSAGE } from '@mchezo/contracts/errors';

/** An expected failure with its HTTP status and `{ error, … }` body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Omit<ErrorResponse, 'error'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ErrorResponse {
    return { error: this.message, ...this.extra };
  }
}

/**
 * An expected refusal by its code: the status is the code's own (shared/contracts/src/error-codes.ts),
 * so one code never answers with two statuses. A 401 names its code as its `reason` too, as every
 * 401 does: the clients' sign-out reads it (shared/api-client/src/errors.ts).
 */
export const refuse = (
  code: ErrorCode,
  message: string,
  extra: Omit<ErrorResponse, 'error' | 'code'> = {},
  headers: Record<string, string> = {},
) => {
  const status = statusOf(code);
  return new AppError(
    status,
    message,
    { ...(status === 401 ? { reason: code } : {}), ...extra, code },
    headers,
  );
};

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, message, { code });
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') =>
  new AppError(401, message, { code, reason: code });
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, message, { code });
export const notFound = (message: string) => new AppError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, message, { code });
export const unprocessable = (message: string, code = 'BUSINESS_RULE') =>
  new AppError(422, message, { code });

export function lockedOut(reason: LockoutReason, message = DEFAULT_LOCKOUT_MESSAGE): AppError {
  return new AppError(401, message, { code: reason, locked_out: true, reason, message });
}

export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    `Too many attempts. Try again in ${seconds} seconds.`,
    { code: 'RATE_LIMITED', retry_after_seconds: seconds },
    { 'retry-after': String(seconds) },
  );
}

/**
 * 503 with Retry-After: the API cannot serve right now (its database is away, or this instance
 * is stopping) and a repeat shortly will do (docs/decisions/035-surviving-faults.md).
 */
export function serviceUnavailable(
  message = 'The service is briefly unavailable. Try again in a moment.',
  code = 'SERVICE_UNAVAILABLE',
  retryAfterSeconds = 2,
): AppError {
  return new AppError(503, message, { code }, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * A request failing only rules its schema marks as refusals (`refusal()` in
 * @mchezo/contracts/errors: a business rule, a code clients know) is answered with the first
 * one's status and code, as if a service had refused it; any other issue makes it a plain 400.
 * `issues` are fastify-type-provider-zod's: each zod issue's own fields are in its `params`.
 */
export function schemaRefusal(issues: { message?: string; params?: unknown }[]): AppError | null {
  const refusals = issues.map((i) => (i.params as { params?: { refusal?: Refusal } }).params?.refusal);
  const first = refusals[0];
  if (!first || refusals.some((r) => !r)) return null;
  return new AppError(first.status, issues[0]?.message ?? 'Refused', { code: first.code });
}

/** Fastify's refusals of a request (FST_ERR_*), by our code; a framework code never reaches a client. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_CONTENT_LENGTH',
  FST_ERR_BAD_URL: 'MALFORMED_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
};

/**
 * A 4xx the framework raised, as our refusal: its code mapped (FRAMEWORK_CODES), `messages` by
 * our code where the framework's would say too much or too little; any other 4xx is a
 * BAD_REQUEST. Undefined for what is no client's fault (a 5xx).
 */
export function frameworkRefusal(
  error: { code?: string; statusCode?: number; message: string },
  messages: Partial<Record<ErrorCode, string>> = {},
): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  const code =
    (error.code && FRAMEWORK_CODES[error.code]) ||
    (error instanceof SyntaxError ? 'MALFORMED_JSON' : undefined);
  if (!code) return refuse('BAD_REQUEST', error.message);
  return refuse(code, messages[code] ?? error.message);
}
