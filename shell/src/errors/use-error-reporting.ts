import { useEffect } from 'react';
import { useAuthStore } from '../stores/auth.store.ts';
import { useConfigStore } from '../stores/config.store.ts';
import { setReportingUser, startErrorReporting } from './error-reporting.ts';

/** Starts error reporting once the configuration is known, and keeps the reported user current. */
export function useErrorReporting(): void {
  const config = useConfigStore((s) => s.config);
  const status = useConfigStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  useEffect(() => {
    if (status === 'ready') startErrorReporting(config);
  }, [config, status]);
  useEffect(() => setReportingUser(user), [user]);
}
