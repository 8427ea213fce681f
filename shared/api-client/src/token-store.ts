/**
 * Where the session lives in the browser (docs/decisions/034-session-cookies.md):
 * - the access token (15 minutes) in this page's memory only, never in a storage that another
 *   script could read later;
 * - the refresh token in an HttpOnly cookie the browser sends to `POST /auth/refresh` alone: no
 *   script on the site sees it, this one included;
 * - the signed-in user's profile (not a secret) in local storage under `user`, so a reload can
 *   draw the header at once; whether the player is still signed in is the refresh's answer.
 */
export const STORAGE_KEYS = {
  user: 'user',
} as const;

/** Where earlier versions kept the tokens: removed at start, so nothing is left readable. */
const LEGACY_TOKEN_KEYS = ['access_token', 'refresh_token'];

let accessToken: string | null = null;

export const tokenStore = {
  getAccessToken: (): string | null => accessToken,
  setAccessToken(token: string): void {
    accessToken = token;
  },
  clearTokens(): void {
    accessToken = null;
  },
};

/** Drops the tokens an earlier version left in local storage. Never throws. */
export function forgetStoredTokens(): void {
  try {
    for (const key of LEGACY_TOKEN_KEYS) globalThis.localStorage?.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept there either.
  }
}
