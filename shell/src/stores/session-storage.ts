/**
 * The session-storage keys (docs/product-rules.md#session), read and written in one place. No
 * password among them: between registration (or a pending login) and the code the page keeps the
 * server's short-lived verification ticket (docs/decisions/062-verification-tickets.md).
 */
const SESSION_KEYS = {
  registrationPhone: 'registrationPhone',
  registrationCountryCode: 'registrationCountryCode',
  verificationTicket: 'verificationTicket',
  redirectAfterVerification: 'redirectAfterVerification',
  lockoutMessage: 'lockoutMessage',
} as const;

type SessionKey = keyof typeof SESSION_KEYS;

/** What an earlier version kept here: removed at start (docs/decisions/062-verification-tickets.md). */
const RETIRED_KEYS = ['registrationPassword'] as const;

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
  /** Removes what earlier versions kept that this one never should (a password). */
  forgetRetired(): void {
    for (const key of RETIRED_KEYS) {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // As above.
      }
    }
  },
};
