/**
 * Renders a remote's page the way the shell would, but with a fake host: a router at `path`,
 * a fresh query client (no retries, so errors show at once) and the fake host's recorded toasts.
 */
import { QueryClient, QueryClientProvider } from '@mchezo/host/query';
import { MemoryRouter, Route, Routes } from '@mchezo/host/router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type FakeHostProps, FakeHostProvider, type RecordedReport, type RecordedToast } from './testing.tsx';

export interface RenderRemoteOptions extends Omit<FakeHostProps, 'children' | 'toasts' | 'reports'> {
  /** The URL to start at, e.g. `/game/Lucky?gameId=g1`. */
  url?: string;
  /** The route pattern the page is mounted on, e.g. `/game/:title`. */
  route?: string;
}

export function renderRemote(
  page: ReactElement,
  { url = '/', route = '*', ...host }: RenderRemoteOptions = {},
) {
  const toasts: RecordedToast[] = [];
  const reports: RecordedReport[] = [];
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <FakeHostProvider {...host} toasts={toasts} reports={reports}>
          <Routes>
            <Route path={route} element={page} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </FakeHostProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, toasts, reports, queryClient };
}

/** A fetch stub answering JSON per "METHOD /path" (path without /api/v1 and query). */
export function stubApi(
  routes: Record<string, { status?: number; body?: unknown } | (() => { status?: number; body?: unknown })>,
) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    calls.push({
      method,
      path: path + url.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const handler = routes[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ error: `no stub for ${method} ${path}` }), { status: 404 });
    const { status = 200, body = null } = typeof handler === 'function' ? handler() : handler;
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}
