// Plain values (no zod) the browser can import without pulling in the schema library.
// The rules are in docs/decisions/019-age-and-identity.md.

/** The documents a player may identify with. */
export const DOCUMENT_TYPES = ['national_id', 'passport', 'alien_id'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The shape of each document's number, after trimming and upper-casing. */
export const DOCUMENT_NUMBER_PATTERNS: Record<DocumentType, RegExp> = {
  /** Kenyan national ID card: 7 or 8 digits. */
  national_id: /^\d{7,8}$/,
  /** Passport: one or two letters, then 6 to 8 digits (e.g. AK1234567). */
  passport: /^[A-Z]{1,2}\d{6,8}$/,
  /** Alien ID (foreign national certificate): 6 to 9 digits. */
  alien_id: /^\d{6,9}$/,
};

export const IDENTITY_STATUSES = ['none', 'pending', 'confirmed', 'rejected'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** Why a check did not confirm the identity (the screens translate the code). */
export const IDENTITY_REASONS = [
  'NOT_FOUND',
  'NAME_MISMATCH',
  'DETAILS_MISMATCH',
  'CHECK_UNAVAILABLE',
] as const;
export type IdentityReason = (typeof IDENTITY_REASONS)[number];

/** Gambling Control Act 2025: nobody under this age plays or pays in. */
export const MINIMUM_AGE = 18;
export const FULL_NAME_MIN = 3;
export const FULL_NAME_MAX = 100;

/** Error codes of the identity rules. */
export const IDENTITY_REQUIRED = 'IDENTITY_REQUIRED';
export const UNDER_AGE = 'UNDER_AGE';
export const UNDER_AGE_MESSAGE = 'You must be 18 or older to play';

/** The number as a screen may show it: its last 4 characters, the rest hidden (`****5678`). */
export const maskDocumentNumber = (number: string): string => `****${number.slice(-4)}`;

/** Normalises what a player typed: spaces and dashes out, letters upper-case. */
export const normaliseDocumentNumber = (number: string): string => number.replace(/[\s-]/g, '').toUpperCase();

/** True for a real calendar date written YYYY-MM-DD (2001-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Today's date (YYYY-MM-DD) in Kenya (Africa/Nairobi), where the age rule is applied. */
export const nairobiDate = (nowMs: number): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(nowMs);

/**
 * True when someone born on `dateOfBirth` is at least MINIMUM_AGE on `today` (both YYYY-MM-DD):
 * their 18th birthday counts (someone born on 29 February is 18 on 1 March in a common year).
 */
export function isOfAge(dateOfBirth: string, today: string): boolean {
  const year = Number(dateOfBirth.slice(0, 4)) + MINIMUM_AGE;
  return `${String(year).padStart(4, '0')}${dateOfBirth.slice(4)}` <= today;
}
