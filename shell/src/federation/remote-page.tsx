import type { RemoteName } from '@mchezo/contracts/releases';
import { useHost } from '@mchezo/host/context';
import { useTranslation } from '@mchezo/i18n/react';
import { Spinner } from '@mchezo/ui/spinner';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { ErrorBoundary } from '../errors/error-boundary.tsx';
import { UnavailablePage } from '../pages/unavailable-page.tsx';
import { loadRemotePage, type RemoteUnavailableError } from './remote-loader.ts';

type State =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType }
  | { status: 'unavailable'; error: RemoteUnavailableError };

/**
 * One route's slot for a remote page: a spinner while it loads, the page when it arrives, and
 * the "Unavailable" page with a retry when the remote is off, down, slow, missing or throws.
 */
export function RemotePage({ remote, expose }: { remote: RemoteName; expose: string }) {
  const { t } = useTranslation('shell');
  const host = useHost();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    loadRemotePage(remote, expose, { retry: attempt > 0 }).then(
      (Page) => alive && setState({ status: 'ready', Page }),
      (error: RemoteUnavailableError) => {
        if (!alive) return;
        if (error.reason === 'failed')
          host.reportError(error.cause ?? error, { remote, expose, phase: 'load' });
        setState({ status: 'unavailable', error });
      },
    );
    return () => {
      alive = false;
    };
  }, [remote, expose, attempt, host.reportError]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'loading') return <Spinner label={t('remote.loading')} className="min-h-[50vh]" />;
  if (state.status === 'unavailable') {
    return (
      <UnavailablePage
        reason={state.error.reason}
        onRetry={state.error.reason === 'disabled' ? undefined : retry}
      />
    );
  }
  return (
    <ErrorBoundary
      key={attempt}
      onError={(error) => host.reportError(error, { remote, expose, phase: 'render' })}
      fallback={<UnavailablePage reason="failed" onRetry={retry} />}
    >
      <state.Page />
    </ErrorBoundary>
  );
}
