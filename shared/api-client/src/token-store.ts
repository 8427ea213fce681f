/**
 * Where the session's tokens live: local storage, under fixed keys (docs/product-rules.md#session).
 * Reads never throw: a browser with storage disabled behaves as signed out.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user',
} as const;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export const tokenStore = {
  getAccessToken: (): string | null => storage()?.getItem(STORAGE_KEYS.accessToken) ?? null,
  getRefreshToken: (): string | null => storage()?.getItem(STORAGE_KEYS.refreshToken) ?? null,
  setTokens(accessToken: string, refreshToken: string): void {
    storage()?.setItem(STORAGE_KEYS.accessToken, accessToken);
    storage()?.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  },
  clearTokens(): void {
    storage()?.removeItem(STORAGE_KEYS.accessToken);
    storage()?.removeItem(STORAGE_KEYS.refreshToken);
  },
};
