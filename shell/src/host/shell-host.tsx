/**
 * The shell's implementation of the host contract: auth and config stores, navigation,
 * toasts, support chat and error reporting, handed to every remote through HostContext.
 */
import type { FeatureName } from '@mchezo/contracts/config';
import { HostContext } from '@mchezo/host/context';
import { useNavigate } from '@mchezo/host/router';
import type { Host } from '@mchezo/host/types';
import { type ReactNode, useMemo } from 'react';
import { reportError } from '../errors/report-error.ts';
import { useSwitchedOffRemotes } from '../federation/use-remote-enabled.ts';
import { isAuthenticated, useAuthStore } from '../stores/auth.store.ts';
import { isFeatureEnabled, useConfigStore } from '../stores/config.store.ts';
import { useSupportChat } from '../support/use-support-chat.ts';
import { showToast } from '../toasts/toasts.tsx';

const hostToast: Host['toast'] = {
  success: (title, description) => void showToast('success', title, description),
  error: (title, description) => void showToast('error', title, description),
  info: (title, description) => void showToast('info', title, description),
};

export function ShellHostProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const auth = useAuthStore();
  const config = useConfigStore((s) => s.config);
  const configStatus = useConfigStore((s) => s.status);
  const { available: chatAvailable, toggle: toggleChat } = useSupportChat();
  const switchedOff = useSwitchedOffRemotes();
  const support = useMemo(
    () => ({ available: chatAvailable, toggle: toggleChat }),
    [chatAvailable, toggleChat],
  );

  const host = useMemo<Host>(
    () => ({
      auth: {
        user: auth.user,
        isLoading: auth.isLoading,
        isAuthenticated: isAuthenticated(auth.user),
        login: auth.login,
        register: auth.register,
        requestVerification: auth.requestVerification,
        confirmVerification: auth.confirmVerification,
        verificationPhone: auth.verificationPhone,
        signInWithStoredCredentials: auth.signInWithStoredCredentials,
        takeRedirectTarget: auth.takeRedirectTarget,
        takeLockoutMessage: auth.takeLockoutMessage,
        logout: auth.logout,
        refreshUser: auth.refreshUser,
      },
      config,
      configLoaded: configStatus !== 'loading',
      isFeatureEnabled: (flag: FeatureName) => isFeatureEnabled(config, flag),
      isRemoteEnabled: (remote) => !switchedOff.has(remote),
      navigate: (to, options) => navigate(to, options),
      toast: hostToast,
      support,
      reportError,
    }),
    [auth, config, configStatus, navigate, support, switchedOff],
  );
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}
