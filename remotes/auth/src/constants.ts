/**
 * The auth screens' numbers (spec §9). The contract has some of them too, but in a file that
 * imports zod, which the browser must not download.
 */
export const CODE_LENGTH = 6;
/** A complete code: exactly CODE_LENGTH digits. */
export const COMPLETE_CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);
export const RESEND_COOLDOWN_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 8;
/** A pending login shows the login page this long before going to /verify (spec §4). */
export const VERIFY_REDIRECT_DELAY_MS = 100;
/** After a verification that could not sign the player in, the page reloads after this (spec §4). */
export const RELOAD_DELAY_MS = 1000;
