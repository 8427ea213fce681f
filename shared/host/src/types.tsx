/**
 * The shell <-> remote contract. The shell implements `Host`; a remote only reads it through
 * the hooks in `context.tsx`. Nothing here holds state: it is types and a context object.
 */
import type { User } from '@mchezo/contracts/auth';
import type { AppConfig, FeatureName } from '@mchezo/contracts/config';
import type { RemoteNameValue as RemoteName } from '@mchezo/contracts/releases-constants';

export type FeatureFlag = FeatureName;

export type { AppConfig, RemoteName, User };

export interface LoginResult {
  user: User;
  needsVerification: boolean;
}

export interface RegisterInput {
  phone: string;
  password: string;
  fullName?: string;
  countryCode: string;
}

export interface HostAuth {
  /** The signed-in (or pending) player, or null for a guest. */
  user: User | null;
  /** True until the stored session has been restored at start-up. */
  isLoading: boolean;
  /** A user exists and either a token exists or the status is pending_verification. */
  isAuthenticated: boolean;
  login(phone: string, password: string): Promise<LoginResult>;
  /**
   * Registers, then requests a code. Rejects only when the registration itself fails;
   * `codeSent: false` means the account exists but the code request failed (offer a resend).
   */
  register(input: RegisterInput): Promise<{ codeSent: boolean }>;
  requestVerification(phone: string): Promise<void>;
  confirmVerification(phone: string, code: string): Promise<void>;
  /**
   * The phone a code was (or should be) sent to: the one kept from registration or a pending
   * login, else the signed-in user's; null when nobody is known.
   */
  verificationPhone(): string | null;
  /**
   * After a verification: whether it signed the player in. No password is kept: the code went
   * with the verification ticket from registration or a pending login, which the server exchanged
   * for a session (docs/decisions/062-verification-tickets.md). 'no-credentials' when no ticket
   * was kept (another tab, a reload). `confirmVerification` rejects with the server's
   * VERIFICATION_EXPIRED when the ticket was spent or expired: the player signs in again.
   */
  signInWithStoredCredentials(): Promise<'signed-in' | 'no-credentials' | 'failed'>;
  /** Where to go after sign-in or verification: the page a guard sent the player away from, else '/'. */
  takeRedirectTarget(): string;
  /**
   * The message stored by a lockout (docs/product-rules.md#lockout), returned once and then
   * cleared.
   */
  takeLockoutMessage(): string | null;
  /**
   * Ends the session (the server call's failure is ignored, docs/product-rules.md#session). With
   * `reloadTo`, the page then reloads at that path, so nothing of the player stays in memory (the
   * header's Logout reloads the current page; the profile's Sign out goes to the guest home).
   */
  logout(options?: { reloadTo?: string }): Promise<void>;
  /** Re-reads the user from the server (after a verification, say). */
  refreshUser(): Promise<void>;
}

export interface HostToast {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
  info(title: string, description?: string): void;
}

export interface HostSupport {
  /** False when live chat is off or the widget is not configured. */
  available: boolean;
  toggle(): void;
}

export interface Host {
  auth: HostAuth;
  config: AppConfig;
  /** False while the config call is in flight (defaults apply meanwhile). */
  configLoaded: boolean;
  /** A missing flag counts as enabled (docs/product-rules.md#feature-flags). */
  isFeatureEnabled(flag: FeatureFlag): boolean;
  /**
   * Whether the release manifest has another part switched on (a release manager can switch a
   * remote off without rebuilding anything): a page hides what leads there, e.g. the home's
   * deposit promo while the wallet is off. Unknown (manifest still loading) counts as on.
   */
  isRemoteEnabled(remote: RemoteName): boolean;
  navigate(to: string, options?: { replace?: boolean }): void;
  toast: HostToast;
  support: HostSupport;
  /** Reports an error to the shell's error reporting (with the remote's name as context). */
  reportError(error: unknown, context?: Record<string, string>): void;
}
