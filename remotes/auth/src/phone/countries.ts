/**
 * Countries selectable for phone entry (decisions.md): Kenya is the default.
 *
 * The contract holds the same list (`@mchezo/contracts/auth`), but in a file that imports zod,
 * which the browser must not download; `normalize-phone.test.ts` checks the two agree.
 */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, also used to name the country in the player's language. */
  code: 'KE' | 'UG' | 'TZ' | 'RW';
  /** The dialling prefix with its plus, as the country select shows it. */
  phoneCode: string;
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { code: 'KE', phoneCode: '+254' },
  { code: 'UG', phoneCode: '+256' },
  { code: 'TZ', phoneCode: '+255' },
  { code: 'RW', phoneCode: '+250' },
];

export const DEFAULT_PHONE_CODE = '+254';

/** The example shown in the phone hint: a Kenyan mobile without the leading zero (decisions.md). */
export const PHONE_EXAMPLE = '712345678';
