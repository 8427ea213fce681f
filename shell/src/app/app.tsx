import { type QueryClient, QueryClientProvider } from '@mchezo/host/query';
import { BrowserRouter, Route, Routes } from '@mchezo/host/router';
import { i18n } from '@mchezo/i18n/instance';
import { useNamespace } from '@mchezo/i18n/namespace';
import { I18nextProvider, useTranslation } from '@mchezo/i18n/react';
import { useEffect } from 'react';
import { useErrorReporting } from '../errors/use-error-reporting.ts';
import { RemotePage } from '../federation/remote-page.tsx';
import { ShellHostProvider } from '../host/shell-host.tsx';
import { SHELL_NS, shellLoaders } from '../i18n/shell-namespace.ts';
import { Layout } from '../layout/layout.tsx';
import { LEGAL_ROUTES } from '../pages/legal/legal-routes.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { useAuthStore } from '../stores/auth.store.ts';
import { useConfigStore } from '../stores/config.store.ts';
import { showToast, ToasterSlot } from '../toasts/toasts.tsx';
import { startFirstReads } from './first-reads.ts';
import { AccessGuard, FeatureGate } from './guards.tsx';
import { useLockoutRedirect } from './lockout.ts';
import { createQueryClient } from './query-client.ts';
import { REMOTE_ROUTES } from './route-table.ts';

const queryClient: QueryClient = createQueryClient();

function useConfigFailureToast(): void {
  const { t } = useTranslation('shell');
  const status = useConfigStore((s) => s.status);
  useEffect(() => {
    if (status === 'failed') showToast('error', t('config.failed'));
  }, [status, t]);
}

/**
 * Hooks that only react to state (lockout, config failure, error reporting). Kept out of the
 * routes: their store subscriptions would otherwise re-render the whole layout and the open
 * page on every config or session change during boot.
 */
function ShellEffects() {
  useLockoutRedirect();
  useConfigFailureToast();
  useErrorReporting();
  return null;
}

function ShellRoutes() {
  useNamespace(SHELL_NS, shellLoaders);
  return (
    <Layout>
      <Routes>
        {REMOTE_ROUTES.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={
              <AccessGuard access={r.access}>
                <FeatureGate feature={r.feature}>
                  <RemotePage remote={r.remote} expose={r.expose} />
                </FeatureGate>
              </AccessGuard>
            }
          />
        ))}
        {LEGAL_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Layout>
  );
}

export function App() {
  useEffect(() => {
    void useAuthStore.getState().restore();
    useConfigStore.getState().load();
    // After ShellEffects (a child: its effects run first) listens for an ended session.
    startFirstReads(queryClient, location.pathname);
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ShellHostProvider>
            <ShellEffects />
            <ShellRoutes />
          </ShellHostProvider>
        </BrowserRouter>
        <ToasterSlot />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
