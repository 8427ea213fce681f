/**
 * A fake host for a remote's own tests and its standalone dev page. It is not the shell's
 * implementation: auth is an in-memory user, toasts are recorded, navigation goes to the
 * router the caller renders.
 */

import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import { useNavigate } from '@mchezo/host/router';
import { type ReactNode, useMemo, useState } from 'react';
import { HostContext } from './context.tsx';
import type { AppConfig, Host, HostAuth, RemoteName, User } from './types.tsx';

export interface RecordedToast {
  kind: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

export const FAKE_USER: User = {
  id: 'fake-user',
  phone: '+254712345678',
  username: '254712345678',
  email: null,
  full_name: 'Wanjiku Kamau',
  roles: ['user'],
  role: 'user',
  status: 'active',
  created_at: '2026-01-15T09:00:00.000Z',
};

export interface FakeHostProps {
  children: ReactNode;
  user?: User | null;
  config?: Partial<AppConfig>;
  toasts?: RecordedToast[];
  /** Replaces parts of the fake auth (e.g. a login that fails). */
  auth?: Partial<HostAuth>;
  /** Receives what the page reports through `host.reportError`. */
  reports?: RecordedReport[];
  /** Parts the release manifest has switched off. */
  switchedOff?: readonly RemoteName[];
}

export interface RecordedReport {
  error: unknown;
  context?: Record<string, string>;
}

export function FakeHostProvider({
  children,
  user: initialUser = null,
  config,
  toasts = [],
  auth,
  reports = [],
  switchedOff = [],
}: FakeHostProps) {
  const navigate = useNavigate();
  const [user, setUser] = useState<User | null>(initialUser);
  const host = useMemo<Host>(() => {
    const merged: AppConfig = {
      ...DEFAULT_APP_CONFIG,
      ...config,
      features: { ...DEFAULT_APP_CONFIG.features, ...config?.features },
    };
    const record = (kind: RecordedToast['kind']) => (title: string, description?: string) => {
      toasts.push({ kind, title, ...(description === undefined ? {} : { description }) });
    };
    return {
      auth: {
        user,
        isLoading: false,
        isAuthenticated: user !== null,
        login: async (phone) => {
          const next = { ...FAKE_USER, phone };
          setUser(next);
          return { user: next, needsVerification: false };
        },
        register: async () => ({ codeSent: true }),
        requestVerification: async () => {},
        confirmVerification: async () => {},
        verificationPhone: () => user?.phone ?? null,
        signInWithStoredCredentials: async () => 'no-credentials',
        takeRedirectTarget: () => '/',
        takeLockoutMessage: () => null,
        logout: async (options) => {
          setUser(null);
          if (options?.reloadTo !== undefined) navigate(options.reloadTo);
        },
        refreshUser: async () => {},
        ...auth,
      },
      config: merged,
      configLoaded: true,
      isFeatureEnabled: (flag) => merged.features[flag] !== false,
      isRemoteEnabled: (remote) => !switchedOff.includes(remote),
      navigate: (to, options) => navigate(to, options),
      toast: { success: record('success'), error: record('error'), info: record('info') },
      support: { available: false, toggle: () => {} },
      reportError: (error, context) => {
        reports.push({ error, ...(context === undefined ? {} : { context }) });
      },
    };
  }, [user, config, toasts, navigate, auth, reports, switchedOff]);
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}
