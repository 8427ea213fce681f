import { useTranslation } from '@mchezo/i18n/react';
import { Spinner } from '@mchezo/ui/spinner';
import { type ComponentType, lazy, type ReactElement, Suspense, useState } from 'react';
import { ErrorBoundary } from '../../errors/error-boundary.tsx';
import { reportError } from '../../errors/report-error.ts';
import { UnavailablePage } from '../unavailable-page.tsx';

type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * A legal page, fetched only on its route: the text is long and rarely read, and the home
 * route's bytes are budgeted. A chunk that fails to download (a dropped connection) shows the
 * "Unavailable" page with a retry instead of breaking the whole site.
 */
export function LazyLegalPage({ name, load }: { name: string; load: PageLoader }) {
  const { t } = useTranslation('shell');
  // A rejected React.lazy stays rejected, so a retry needs a new one.
  const [Page, setPage] = useState(() => lazy(load));
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setPage(() => lazy(load));
    setAttempt((n) => n + 1);
  };
  return (
    <ErrorBoundary
      key={attempt}
      onError={(error) => reportError(error, { page: name, phase: 'load' })}
      fallback={<UnavailablePage reason="failed" onRetry={retry} />}
    >
      <Suspense fallback={<Spinner label={t('remote.loading')} className="min-h-[50vh]" />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The footer's legal links (docs/product-rules.md#legal-pages), for the shell's route table. Each
 * element has its own key: from one legal page to another React would otherwise keep the first
 * page's lazy component.
 */
export const LEGAL_ROUTES: { path: string; element: ReactElement }[] = [
  {
    path: '/terms',
    element: <LazyLegalPage key="terms" name="terms" load={() => import('./terms-page.tsx')} />,
  },
  {
    path: '/privacy',
    element: <LazyLegalPage key="privacy" name="privacy" load={() => import('./privacy-page.tsx')} />,
  },
  {
    path: '/responsible-gaming',
    element: (
      <LazyLegalPage
        key="responsible-gaming"
        name="responsible-gaming"
        load={() => import('./responsible-gaming-page.tsx')}
      />
    ),
  },
];
