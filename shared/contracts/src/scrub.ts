/**
 * Removes secrets from an error report before it leaves the phone: personal data such as the user
 * id and phone may go, but never passwords, one-time codes, tokens or Authorization headers
 * (docs/product-rules.md#error-reporting-and-privacy). Works on any JSON-like value: keys that name
 * a secret are redacted wherever they appear, and strings are cleaned of bearer tokens, JWTs and
 * secret query params.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /pass(word)?|pwd|otp|code|token|secret|authorization|cookie|pin\b|launch/i;
/** Keys that look secret by name but are not (kept for debugging). */
const SAFE_KEY = /^(status_?code|error_?code|code_?length|country_?code|currency_?code|language_?code)$/i;

const JWT = /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}\b/g;
const BEARER = /\bBearer\s+[\w.~+/=-]+/gi;
const SECRET_PARAM = /([?&#](?:[^=&#]*(?:token|code|otp|password|launch|secret)[^=&#]*)=)[^&#\s]*/gi;

export function scrubString(value: string): string {
  return value
    .replace(BEARER, `Bearer ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SECRET_PARAM, `$1${REDACTED}`);
}

export function scrub<T>(value: T, depth = 0): T {
  if (depth > 12) return value;
  if (typeof value === 'string') return scrubString(value) as T;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) && !SAFE_KEY.test(key) ? REDACTED : scrub(v, depth + 1);
    }
    return out as T;
  }
  return value;
}
