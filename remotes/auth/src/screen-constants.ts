/**
 * The auth screens' own numbers and examples. The account rules (code length, resend cooldown,
 * password minimum, phone countries and normalisation) are the contract's:
 * `@mchezo/contracts/auth-constants`.
 */
import { OTP_LENGTH } from '@mchezo/contracts/auth-constants';

/** A code the screens send: exactly OTP_LENGTH digits. */
export const COMPLETE_CODE = new RegExp(`^\\d{${OTP_LENGTH}}$`);
/** A pending login shows the login page this long before going to /verify. */
export const VERIFY_REDIRECT_DELAY_MS = 100;
/** After a verification that could not sign the player in, the page reloads after this. */
export const RELOAD_DELAY_MS = 1000;
/** The example in the phone hint: a Kenyan mobile without the leading zero. */
export const PHONE_EXAMPLE = '712345678';
