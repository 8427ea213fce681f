/** The session-storage keys (docs/product-rules.md#session), read and written in one place. */
const SESSION_KEYS = {
  registrationPhone: 'registrationPhone',
  registrationCountryCode: 'registrationCountryCode',
  registrationPassword: 'registrationPassword',
  redirectAfterVerification: 'redirectAfterVerification',
  lockoutMessage: 'lockoutMessage',
} as const;

type SessionKey = keyof typeof SESSION_KEYS;

export const session = {
  get(key: SessionKey): string | null {
    try {
      return sessionStorage.getItem(SESSION_KEYS[key]);
    } catch {
      return null;
    }
  },
  set(key: SessionKey, value: string): void {
    try {
      sessionStorage.setItem(SESSION_KEYS[key], value);
    } catch {
      // Private mode with storage off: the flow still works within this page.
    }
  },
  remove(...keys: SessionKey[]): void {
    for (const key of keys) {
      try {
        sessionStorage.removeItem(SESSION_KEYS[key]);
      } catch {
        // As above.
      }
    }
  },
};
