/**
 * The player's session (docs/product-rules.md#session), owned by the shell and offered to remotes
 * through the host. The access token lives in the api-client's memory and the refresh token in
 * an HttpOnly cookie (docs/decisions/034-session-cookies.md); the user is cached in local storage
 * so a reload can draw the signed-in header at once, but whether the player is signed in is what
 * `POST /auth/refresh` answers at start.
 */
import { api, refreshSession } from '@mchezo/api-client/client';
import { ApiError, type LockoutDetail } from '@mchezo/api-client/errors';
import { forgetStoredTokens, STORAGE_KEYS, tokenStore } from '@mchezo/api-client/token-store';
import type {
  LoginResponse,
  MeResponse,
  RegisterResponse,
  User,
  VerifyConfirmResponse,
} from '@mchezo/contracts/auth';
import type { HostAuth } from '@mchezo/host/types';
import { create } from 'zustand';
import { session } from './session-storage.ts';

/**
 * The stand-in stored for a player who must verify before getting a session
 * (docs/product-rules.md#session).
 */
function tempPendingUser(phone: string): User {
  return {
    id: 'temp-id',
    phone,
    username: phone.replace(/^\+/, ''),
    email: null,
    full_name: null,
    roles: ['user'],
    role: 'user',
    status: 'pending_verification',
    created_at: new Date().toISOString(),
  };
}

/** The host contract's auth actions, plus what only the shell needs. */
interface AuthState extends Omit<HostAuth, 'isAuthenticated'> {
  /** Learns whether the player is signed in (once per page; later calls get the same answer). */
  restore(): Promise<void>;
  /** A session that ended before this page could use it (found at start): lockout.ts handles it. */
  endedAtStart: LockoutDetail | null;
  /** True from a logout with a reload until the page goes: guards render nothing meanwhile. */
  leaving: boolean;
  /** Ends the session locally (lockout): no server call, the server already refused it. */
  clearSession(): void;
}

function storeUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // Storage disabled: the session lasts for this page only.
  }
}

/** The cached user is ours, but storage can be edited: keep only a well-formed one. */
function parseStoredUser(value: unknown): User {
  const u = value as Partial<User> | null;
  const ok =
    u !== null &&
    typeof u === 'object' &&
    typeof u.id === 'string' &&
    typeof u.phone === 'string' &&
    Array.isArray(u.roles) &&
    (u.status === 'active' || u.status === 'pending_verification' || u.status === 'suspended');
  if (!ok) throw new Error('Stored user is malformed');
  return u as User;
}

export function isAuthenticated(user: User | null): boolean {
  return user !== null && (tokenStore.getAccessToken() !== null || user.status === 'pending_verification');
}

/**
 * The leading "+digits" country code of an E.164 phone, e.g. "+254"
 * (docs/product-rules.md#session).
 */
function countryCodeOf(phone: string): string {
  return /^\+\d{1,3}/.exec(phone)?.[0] ?? '+254';
}

/** Other tabs of the site hear a logout here and sign out too (where BroadcastChannel exists). */
const SESSION_CHANNEL = 'mchezo-session';
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;

let restoring: Promise<void> | null = null;

/** The kept values of a pending verification (phone, country code, ticket). */
const PENDING_KEYS = ['registrationPhone', 'verificationTicket', 'registrationCountryCode'] as const;

/**
 * What the last verification of this page did (docs/decisions/062-verification-tickets.md): it
 * signed in (the ticket came with the code), or no ticket was kept (another tab, a reload).
 */
let lastVerification: 'signed-in' | 'no-credentials' | null = null;

/** The ticket's refusal: spent, expired or another account's (the player signs in again). */
function isExpiredVerification(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.body as { code?: unknown } | null)?.code === 'VERIFICATION_EXPIRED'
  );
}

/** Settles once the start-up refresh has answered: the signed-in state is known from then on. */
export function sessionRestored(): Promise<void> {
  return restoring ?? Promise.resolve();
}

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? parseStoredUser(JSON.parse(raw)) : null;
  } catch {
    storeUser(null);
    return null;
  }
}

function keepTicket(ticket: string | null): void {
  if (ticket) session.set('verificationTicket', ticket);
  else session.remove('verificationTicket');
}

export const useAuthStore = create<AuthState>((set, get) => ({
  user: null,
  isLoading: true,
  leaving: false,
  endedAtStart: null,

  restore() {
    restoring ??= (async () => {
      forgetStoredTokens();
      session.forgetRetired();
      channel?.addEventListener('message', (event) => {
        if (event.data === 'signed-out') get().clearSession();
      });
      const cached = readStoredUser();
      // Nobody signed in on this browser (or only a player still to verify, who has no session):
      // nothing to ask.
      if (!cached || cached.status === 'pending_verification') {
        set({ user: cached, isLoading: false });
        return;
      }
      set({ user: cached, isLoading: true });
      const answer = await refreshSession();
      if (answer.ok) {
        storeUser(answer.user);
        set({ user: answer.user, isLoading: false });
        return;
      }
      // No answer (offline, a server error): signed out for this page only; the next load asks again.
      if (answer.status === 401) storeUser(null);
      // Kept before the guards see a guest, so they send the player where lockout.ts will.
      if (answer.lockout) session.set('lockoutMessage', answer.lockout.message);
      set({ user: null, isLoading: false, endedAtStart: answer.lockout });
    })();
    return restoring;
  },

  async login(phone, password) {
    const res = await api.post<LoginResponse>('/auth/login', { phone, password }, { auth: false });
    const needsVerification = res.needs_verification || res.user.status === 'pending_verification';
    if (needsVerification) {
      session.set('registrationPhone', res.user.phone);
      keepTicket(res.verification_ticket);
      session.set('registrationCountryCode', countryCodeOf(res.user.phone));
      tokenStore.clearTokens();
      const pending = tempPendingUser(res.user.phone);
      storeUser(pending);
      set({ user: pending });
      return { user: pending, needsVerification: true };
    }
    // The refresh token came as an HttpOnly cookie with this answer; the access token stays here.
    if (res.access_token) tokenStore.setAccessToken(res.access_token);
    session.remove(...PENDING_KEYS);
    storeUser(res.user);
    set({ user: res.user });
    return { user: res.user, needsVerification: false };
  },

  async register({ phone, password, fullName, countryCode }) {
    const body = fullName ? { phone, password, full_name: fullName } : { phone, password };
    const res = await api.post<RegisterResponse>('/auth/register', body, { auth: false });
    session.set('registrationPhone', res.user.phone);
    keepTicket(res.verification_ticket);
    session.set('registrationCountryCode', countryCode);
    // The account exists now: a failed code request must not read as a failed registration
    // (a retry would then say "already registered"). The page offers a resend instead.
    try {
      await get().requestVerification(res.user.phone);
      return { codeSent: true };
    } catch {
      return { codeSent: false };
    }
  },

  async requestVerification(phone) {
    await api.post('/auth/verify/request', { phone }, { auth: false });
  },

  async confirmVerification(phone, code) {
    const ticket = session.get('verificationTicket');
    lastVerification = null;
    let res: VerifyConfirmResponse;
    try {
      res = await api.post<VerifyConfirmResponse>(
        '/auth/verify/confirm',
        ticket ? { phone, code, ticket } : { phone, code },
        { auth: false },
      );
    } catch (error) {
      // A dead ticket never works again: forgotten, so the page's next try is a plain sign-in.
      if (isExpiredVerification(error)) session.remove('verificationTicket');
      throw error;
    }
    if (!res.access_token) {
      lastVerification = 'no-credentials';
      return;
    }
    // The code with the ticket started the session: the refresh token came in its cookie.
    tokenStore.setAccessToken(res.access_token);
    session.remove(...PENDING_KEYS);
    storeUser(res.user);
    set({ user: res.user });
    lastVerification = 'signed-in';
  },

  verificationPhone() {
    return session.get('registrationPhone') ?? get().user?.phone ?? null;
  },

  // The host contract's name (remotes call it after confirmVerification): the session, if any,
  // came with the verification itself, since no password is kept to sign in with
  // (docs/decisions/062-verification-tickets.md).
  async signInWithStoredCredentials() {
    const outcome = lastVerification;
    lastVerification = null;
    if (outcome === 'signed-in' && get().user?.status === 'active') return 'signed-in';
    return outcome === 'no-credentials' ? 'no-credentials' : 'failed';
  },

  takeRedirectTarget() {
    const target = session.get('redirectAfterVerification');
    session.remove('redirectAfterVerification');
    // Only a path on this site: never an open redirect.
    return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
  },

  takeLockoutMessage() {
    const message = session.get('lockoutMessage');
    session.remove('lockoutMessage');
    return message;
  },

  async logout(options) {
    // A guard must not see a guest on a protected page and send them to /login on the way out.
    if (options?.reloadTo !== undefined) set({ leaving: true });
    // The server ends the session and clears the refresh cookie, which no script here can reach:
    // a page still asking whether the player is signed in gets its answer (and token) first.
    await sessionRestored();
    const hadToken = tokenStore.getAccessToken() !== null;
    const logoutCall = hadToken ? api.post('/auth/logout', {}).catch(() => null) : Promise.resolve(null);
    get().clearSession();
    channel?.postMessage('signed-out');
    // Failure is ignored and counted as success (docs/product-rules.md#session).
    await logoutCall;
    // A refresh on the way (an expired token) may have brought a new one: it is for an ended session.
    tokenStore.clearTokens();
    if (options?.reloadTo !== undefined) window.location.assign(options.reloadTo);
  },

  async refreshUser() {
    const { user } = await api.get<MeResponse>('/auth/me');
    storeUser(user);
    set({ user });
  },

  clearSession() {
    tokenStore.clearTokens();
    storeUser(null);
    session.remove(...PENDING_KEYS, 'redirectAfterVerification');
    set({ user: null });
  },
}));
