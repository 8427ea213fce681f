/**
 * A remote's standalone dev page (`src/standalone/main.tsx`), with what the shell provides on
 * the real site: Strict Mode, a query client, the browser router and a host (the fake one of
 * `testing.tsx`). The caller starts i18n and mounts it: `createRoot(…).render(<StandaloneApp …>)`.
 */
import { QueryClient, QueryClientProvider } from '@mchezo/host/query';
import { BrowserRouter, Routes } from '@mchezo/host/router';
import { StrictMode, useState } from 'react';
import { type FakeHostProps, FakeHostProvider } from './testing.tsx';

export interface StandaloneAppProps extends FakeHostProps {
  /** The page's query client; by default one with the library's defaults. */
  queryClient?: QueryClient;
}

/** The remote's routes (`<Route>` children) inside the fake host. */
export function StandaloneApp({ queryClient, children, ...fakeHost }: StandaloneAppProps) {
  const [client] = useState(() => queryClient ?? new QueryClient());
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <BrowserRouter>
          <FakeHostProvider {...fakeHost}>
            <Routes>{children}</Routes>
          </FakeHostProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
}
