import { createContext, useContext } from 'react';
import type { FeatureFlag, Host, HostAuth, HostToast } from './types.tsx';

/**
 * One context object for the whole page. `@mchezo/host/` is an MF singleton, so the shell's
 * provider and a remote's `useHost()` see the same object.
 */
export const HostContext = createContext<Host | null>(null);
HostContext.displayName = 'HostContext';

export function useHost(): Host {
  const host = useContext(HostContext);
  if (!host)
    throw new Error(
      'useHost() needs a <HostContext.Provider>: render the remote inside the shell or a fake host',
    );
  return host;
}

export const useAuth = (): HostAuth => useHost().auth;
export const useToast = (): HostToast => useHost().toast;
export const useFeature = (flag: FeatureFlag): boolean => useHost().isFeatureEnabled(flag);
