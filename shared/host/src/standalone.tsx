/**
 * A remote's standalone dev page (`src/standalone/main.tsx`), with what the shell provides on
 * the real site: Strict Mode, a query client, the browser router and a host (the fake one of
 * `testing.tsx`). The routes are the site's route table's (`@mchezo/contracts/routes`) for the
 * remote: each path mounts the page the remote exposes for it, so a route added to the table is
 * on the standalone page too. The caller starts i18n and mounts it:
 * `createRoot(…).render(<StandaloneApp remote="wallet" pages={{ DepositPage, … }} …/>)`.
 */
import type { RemoteExpose, RemoteNameValue } from '@mchezo/contracts/releases-constants';
import { SITE_ROUTES, type SiteRoute } from '@mchezo/contracts/routes';
import { QueryClient, QueryClientProvider } from '@mchezo/host/query';
import { BrowserRouter, Link, Route, Routes } from '@mchezo/host/router';
import { type ComponentType, StrictMode, useState } from 'react';
import { type FakeHostProps, FakeHostProvider } from './testing.tsx';

export interface StandaloneAppProps<R extends RemoteNameValue> extends Omit<FakeHostProps, 'children'> {
  /** The remote whose routes (the route table's) the page serves. */
  remote: R;
  /** Each page the remote exposes (REMOTE_EXPOSES), by its exposed name. */
  pages: Record<RemoteExpose<R>, ComponentType>;
  /** The page's query client; by default one with the library's defaults. */
  queryClient?: QueryClient;
}

/** Links to the remote's routes (a path with parameters is only named): at `/` when no route is, and on unknown paths. */
function RouteIndex({ routes }: { routes: readonly SiteRoute[] }) {
  return (
    <nav style={{ display: 'grid', gap: 12, padding: 16 }}>
      {routes.map(({ path }) =>
        path.includes(':') ? (
          <span key={path}>{path}</span>
        ) : (
          <Link key={path} to={path} style={{ color: 'var(--color-brand)', textDecoration: 'underline' }}>
            {path}
          </Link>
        ),
      )}
    </nav>
  );
}

/** The remote's routes of the site's route table inside the fake host. */
export function StandaloneApp<R extends RemoteNameValue>({
  remote,
  pages,
  queryClient,
  ...fakeHost
}: StandaloneAppProps<R>) {
  const [client] = useState(() => queryClient ?? new QueryClient());
  const routes = SITE_ROUTES.filter((route) => route.remote === remote);
  const index = <RouteIndex routes={routes} />;
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <BrowserRouter>
          <FakeHostProvider {...fakeHost}>
            <Routes>
              {routes.map(({ path, expose }) => {
                const Page: ComponentType = pages[expose as RemoteExpose<R>];
                return <Route key={path} path={path} element={<Page />} />;
              })}
              {routes.some(({ path }) => path === '/') ? null : <Route path="/" element={index} />}
              <Route path="*" element={index} />
            </Routes>
          </FakeHostProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
}
