import { DEFAULT_PHONE_CODE } from './countries.ts';

/** The phone field keeps only digits, spaces and plus (spec §5). */
export function sanitizePhoneInput(value: string): string {
  return value.replace(/[^\d\s+]/g, '');
}

/**
 * Spec §5: strip everything except digits and plus; a number typed with its plus is kept as
 * it is, otherwise leading zeros are stripped and the chosen country code is prefixed (with a
 * plus added when missing). The server checks the result and answers 400 when it is not a phone.
 */
export function normalizePhone(input: string, countryCode: string = DEFAULT_PHONE_CODE): string {
  const cleaned = input.replace(/[^\d+]/g, '');
  if (cleaned.startsWith('+')) return `+${cleaned.slice(1).replace(/\+/g, '')}`;
  const national = cleaned.replace(/\+/g, '').replace(/^0+/, '');
  const digits = countryCode.replace(/[^\d]/g, '');
  return `+${digits}${national}`;
}
