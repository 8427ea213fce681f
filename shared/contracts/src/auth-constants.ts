// Plain values (no zod) the browser can import without pulling in the schema library.

/** Countries selectable for phone entry (decisions.md); Kenya is the default. */
export const PHONE_COUNTRIES = [
  { code: 'KE', phone_code: '+254', currency: 'KES', symbol: 'KSh', national_digits: 9 },
  { code: 'UG', phone_code: '+256', currency: 'UGX', symbol: 'USh', national_digits: 9 },
  { code: 'TZ', phone_code: '+255', currency: 'TZS', symbol: 'TSh', national_digits: 9 },
  { code: 'RW', phone_code: '+250', currency: 'RWF', symbol: 'FRw', national_digits: 9 },
] as const;
export const DEFAULT_PHONE_CODE = '+254';

/**
 * Spec §5 phone normalisation: keep digits and plus; a leading plus is kept as is,
 * otherwise leading zeros are stripped and the country code is prefixed.
 * Returns E.164 (`+2547…`) or null when the result is not a phone of a supported country.
 */
export function normalizePhone(input: string, countryCode: string = DEFAULT_PHONE_CODE): string | null {
  const cleaned = input.replace(/[^\d+]/g, '');
  let e164: string;
  if (cleaned.startsWith('+')) {
    e164 = `+${cleaned.slice(1).replace(/\+/g, '')}`;
  } else {
    const national = cleaned.replace(/\+/g, '').replace(/^0+/, '');
    const prefix = countryCode.startsWith('+') ? countryCode : `+${countryCode}`;
    e164 = `${prefix}${national}`;
  }
  const country = PHONE_COUNTRIES.find((c) => e164.startsWith(c.phone_code));
  if (!country) return null;
  const national = e164.slice(country.phone_code.length);
  return new RegExp(`^[1-9]\\d{${country.national_digits - 1}}$`).test(national) ? e164 : null;
}

export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
