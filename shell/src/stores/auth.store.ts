/**
 * The player's session (docs/product-rules.md#session), owned by the shell and offered to remotes
 * through the host. Tokens live in local storage via the api-client's token store; the user is
 * cached there too so a reload shows the signed-in header at once.
 */
import { api } from '@mchezo/api-client/client';
import { STORAGE_KEYS, tokenStore } from '@mchezo/api-client/token-store';
import type { LoginResponse, MeResponse, RegisterResponse, User } from '@mchezo/contracts/auth';
import type { HostAuth } from '@mchezo/host/types';
import { create } from 'zustand';
import { session } from './session-storage.ts';

/**
 * The stand-in stored for a player who must verify before getting a session
 * (docs/product-rules.md#session).
 */
export function tempPendingUser(phone: string): User {
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
  restore(): void;
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

export const useAuthStore = create<AuthState>((set, get) => ({
  user: null,
  isLoading: true,
  leaving: false,

  restore() {
    let user: User | null = null;
    try {
      const raw = localStorage.getItem(STORAGE_KEYS.user);
      user = raw ? parseStoredUser(JSON.parse(raw)) : null;
    } catch {
      storeUser(null);
      tokenStore.clearTokens();
    }
    if (user && !tokenStore.getAccessToken() && user.status !== 'pending_verification') user = null;
    set({ user, isLoading: false });
  },

  async login(phone, password) {
    const res = await api.post<LoginResponse>('/auth/login', { phone, password }, { auth: false });
    const needsVerification = res.needs_verification || res.user.status === 'pending_verification';
    if (needsVerification) {
      session.set('registrationPhone', res.user.phone);
      session.set('registrationPassword', password);
      session.set('registrationCountryCode', countryCodeOf(res.user.phone));
      tokenStore.clearTokens();
      const pending = tempPendingUser(res.user.phone);
      storeUser(pending);
      set({ user: pending });
      return { user: pending, needsVerification: true };
    }
    if (res.access_token && res.refresh_token) tokenStore.setTokens(res.access_token, res.refresh_token);
    session.remove('registrationPhone', 'registrationPassword', 'registrationCountryCode');
    storeUser(res.user);
    set({ user: res.user });
    return { user: res.user, needsVerification: false };
  },

  async register({ phone, password, fullName, countryCode }) {
    const body = fullName ? { phone, password, full_name: fullName } : { phone, password };
    const res = await api.post<RegisterResponse>('/auth/register', body, { auth: false });
    session.set('registrationPhone', res.user.phone);
    session.set('registrationPassword', password);
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
    await api.post('/auth/verify/confirm', { phone, code }, { auth: false });
  },

  verificationPhone() {
    return session.get('registrationPhone') ?? get().user?.phone ?? null;
  },

  async signInWithStoredCredentials() {
    const phone = session.get('registrationPhone');
    const password = session.get('registrationPassword');
    if (!phone || !password) return 'no-credentials';
    try {
      const { needsVerification } = await get().login(phone, password);
      if (needsVerification) return 'failed';
      session.remove('registrationPhone', 'registrationPassword', 'registrationCountryCode');
      return 'signed-in';
    } catch {
      return 'failed';
    }
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
    const hadToken = tokenStore.getAccessToken() !== null;
    const logoutCall = hadToken ? api.post('/auth/logout', {}).catch(() => null) : Promise.resolve(null);
    // A guard must not see a guest on a protected page and send them to /login on the way out.
    if (options?.reloadTo !== undefined) set({ leaving: true });
    get().clearSession();
    // Failure is ignored and counted as success (docs/product-rules.md#session).
    await logoutCall;
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
    session.remove(
      'registrationPhone',
      'registrationPassword',
      'registrationCountryCode',
      'redirectAfterVerification',
    );
    set({ user: null });
  },
}));
