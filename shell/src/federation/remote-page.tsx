import type { RemoteName } from '@mchezo/contracts/releases';
import { useHost } from '@mchezo/host/context';
import { stringsLoading } from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';
import { Spinner } from '@mchezo/ui/spinner';
import { type ComponentType, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { firstReadsSettled } from '../app/first-reads.ts';
import { ErrorBoundary } from '../errors/error-boundary.tsx';
import { UnavailablePage } from '../pages/unavailable-page.tsx';
import { sessionRestored } from '../stores/auth.store.ts';
import { firstScreenFor } from './first-screen.ts';
import { type ChosenRelease, lastGoodRelease, rememberGoodRelease } from './release-choice.ts';
import { currentChoice, loadRemotePage, type RemoteUnavailableError } from './remote-loader.ts';
import { measureVitalsOf } from './vitals-beacon.ts';

/** A version counts as good for this player once its page has stayed up this long. */
const GOOD_AFTER_MS = 2000;

type State =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType; release: ChosenRelease }
  | { status: 'unavailable'; error: RemoteUnavailableError };

/**
 * The version that worked for this player before, when it differs from the one that just
 * failed: a broken release then costs this player a fallback, not the page.
 */
async function fallbackFor(remote: RemoteName, failedVersion?: string): Promise<ChosenRelease | null> {
  const good = lastGoodRelease(remote);
  const failed = failedVersion ?? (await currentChoice(remote))?.version;
  return good && good.version !== failed ? good : null;
}

/**
 * One route's slot for a remote page: a spinner while it loads, the page when it arrives, and
 * the "Unavailable" page with a retry when the remote is off, down, slow, missing or throws.
 * A failing version falls back to the last version that worked for this player (reported).
 */
export function RemotePage({ remote, expose }: { remote: RemoteName; expose: string }) {
  const { t } = useTranslation('shell');
  const host = useHost();
  const [attempt, setAttempt] = useState(0);
  const [fallback, setFallback] = useState(false);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    // Already 'loading' on the first run: keep the same state object, so no extra render.
    setState((s) => (s.status === 'loading' ? s : { status: 'loading' }));
    loadRemotePage(remote, expose, { retry: attempt > 0, fallback }).then(
      async ({ Page, release }) => {
        // A page renders for a known player: after a reload, once the refresh has said whether
        // they are signed in (decision 034; at once on every later page).
        await sessionRestored();
        // The page's strings started loading with its code, and the player reads it waits on
        // with the shell (first-reads.ts): a first screen painted from the HTML stays until they
        // are in, or the page would swap it for spinners that then grow into place.
        if (firstScreenFor(remote, expose)) await Promise.all([stringsLoading(), firstReadsSettled()]);
        // A transition: the page's first render yields to the browser every few milliseconds
        // instead of holding a cheap phone's main thread for one long task.
        if (alive) startTransition(() => setState({ status: 'ready', Page, release }));
      },
      async (error: RemoteUnavailableError) => {
        if (!alive) return;
        if (error.reason === 'failed') {
          host.reportError(error.cause ?? error, {
            remote,
            expose,
            phase: 'load',
            ...(error.version ? { version: error.version } : {}),
            fallback: String(fallback),
          });
          if (!fallback && (await fallbackFor(remote))) {
            if (alive) setFallback(true);
            return;
          }
        }
        if (alive) setState({ status: 'unavailable', error });
      },
    );
    return () => {
      alive = false;
    };
  }, [remote, expose, attempt, fallback, host.reportError]);

  // After a request hung, only a new page load sends it again (RemoteUnavailableError.hung).
  const reloadPage = useCallback(() => location.reload(), []);
  const retry = useCallback(() => {
    setFallback(false);
    setAttempt((n) => n + 1);
  }, []);

  // One element per loaded page: when the host context changes (config, session) this slot
  // re-renders, but the page itself only does if it reads what changed.
  const LoadedPage = state.status === 'ready' ? state.Page : null;
  const page = useMemo(() => (LoadedPage ? <LoadedPage /> : null), [LoadedPage]);

  // The page view's web vitals go to the first remote version whose page it shows (decision 051).
  const shown = state.status === 'ready' ? state.release.version : null;
  useEffect(() => {
    if (shown) measureVitalsOf(remote, shown);
  }, [remote, shown]);

  if (state.status === 'loading') {
    const firstScreen = firstScreenFor(remote, expose);
    if (!firstScreen) return <Spinner label={t('remote.loading')} className="min-h-[50vh]" />;
    // What the browser painted from the HTML, kept until the page replaces it (decision 011),
    // under the attribute the HTML gave it (FIRST_SCREEN_ATTRIBUTE).
    return (
      <div aria-busy="true" data-first-screen={`${remote}/${expose}`}>
        <p role="status" className="sr-only">
          {t('remote.loading')}
        </p>
        {/* The site's own markup, from the page's published version folder, already in this page. */}
        <div dangerouslySetInnerHTML={{ __html: firstScreen }} />
      </div>
    );
  }
  if (state.status === 'unavailable') {
    return (
      <UnavailablePage
        reason={state.error.reason}
        onRetry={state.error.reason === 'disabled' ? undefined : state.error.hung ? reloadPage : retry}
      />
    );
  }
  const { release } = state;
  return (
    <ErrorBoundary
      key={`${attempt}:${release.version}`}
      onError={(error) => {
        host.reportError(error, { remote, expose, phase: 'render', version: release.version });
        void fallbackFor(remote, release.version).then((good) => good && !fallback && setFallback(true));
      }}
      fallback={<UnavailablePage reason="failed" onRetry={retry} />}
    >
      <RememberWhenGood remote={remote} release={release} />
      {page}
    </ErrorBoundary>
  );
}

/** Records the version as good for this player once its page has stayed up a moment. */
function RememberWhenGood({ remote, release }: { remote: RemoteName; release: ChosenRelease }) {
  useEffect(() => {
    const timer = setTimeout(() => rememberGoodRelease(remote, release), GOOD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [remote, release]);
  return null;
}
