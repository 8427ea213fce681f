// Plain values (no zod) the browser can import without pulling in the schema library.

/** Countries selectable for phone entry; Kenya is the default. */
export const PHONE_COUNTRIES = [
  { code: 'KE', phone_code: '+254', currency: 'KES', symbol: 'KSh', national_digits: 9 },
  { code: 'UG', phone_code: '+256', currency: 'UGX', symbol: 'USh', national_digits: 9 },
  { code: 'TZ', phone_code: '+255', currency: 'TZS', symbol: 'TSh', national_digits: 9 },
  { code: 'RW', phone_code: '+250', currency: 'RWF', symbol: 'FRw', national_digits: 9 },
] as const;
export const DEFAULT_PHONE_CODE = '+254';

/**
 * A typed phone in E.164 form, unchecked: keep digits and plus; a number typed with its plus is
 * kept as it is, otherwise leading zeros are stripped and the country code is prefixed.
 */
export function toE164(input: string, countryCode: string = DEFAULT_PHONE_CODE): string {
  const cleaned = input.replace(/[^\d+]/g, '');
  if (cleaned.startsWith('+')) return `+${cleaned.slice(1).replace(/\+/g, '')}`;
  const national = cleaned.replace(/\+/g, '').replace(/^0+/, '');
  const prefix = countryCode.startsWith('+') ? countryCode : `+${countryCode}`;
  return `${prefix}${national}`;
}

/**
 * `toE164`, then checked: the E.164 phone (`+2547…`), or null when it is not a phone of a
 * supported country.
 */
export function normalizePhone(input: string, countryCode: string = DEFAULT_PHONE_CODE): string | null {
  const e164 = toE164(input, countryCode);
  const country = PHONE_COUNTRIES.find((c) => e164.startsWith(c.phone_code));
  if (!country) return null;
  const national = e164.slice(country.phone_code.length);
  return new RegExp(`^[1-9]\\d{${country.national_digits - 1}}$`).test(national) ? e164 : null;
}

/**
 * An E.164 number as people read it: "+254 700 000 000" for the East African numbers of
 * PHONE_COUNTRIES (+2xx and 9 digits); any other number as it is.
 */
export function formatPhoneForDisplay(e164: string): string {
  const m = /^(\+2\d{2})(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return m ? `${m[1]} ${m[2]} ${m[3]} ${m[4]}` : e164;
}

/** A WhatsApp chat link for an E.164 number. */
export const whatsappLink = (e164: string): string => `https://wa.me/${e164.replace(/\D/g, '')}`;

export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
