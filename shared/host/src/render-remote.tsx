/**
 * Renders a remote's page the way the shell would, but with a fake host: a router at `path`,
 * a fresh query client (no retries, so errors show at once) and the fake host's recorded toasts.
 */
import type { ErrorResponse } from '@mchezo/contracts/errors';
import { type ApiBody, type ApiRequest, type ApiRoute, checkFixture } from '@mchezo/contracts/testing';
import { QueryClient, QueryClientProvider } from '@mchezo/host/query';
import { MemoryRouter, Route, Routes } from '@mchezo/host/router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { onTestFinished } from 'vitest';
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

/**
 * What the fake API answers: a success body of the route's type, or an error body; or, saying
 * why in `unchecked`, an answer the API itself never gives (a gateway's bare 503).
 */
type Answer<T> =
  | { status?: 200 | 201 | 204; body?: T }
  | { status: number; body?: ErrorResponse }
  | { status: number; body?: unknown; unchecked: string };
type AnyAnswer = { status?: number; body?: unknown; unchecked?: string };

/** Answers by "METHOD /path" (path without /api/v1 and query; `/wallet/transactions/tx1`). */
export type StubRoutes = {
  [R in ApiRoute as ApiRequest<R>]?: Answer<ApiBody<R>> | (() => Answer<ApiBody<R>>);
};

/**
 * A fetch stub answering JSON per "METHOD /path". Every answer is checked against the API's
 * contract (`@mchezo/contracts/testing`), failing the test that made the stub: a fixed answer
 * when the stub is made, an answer from a function when it is given.
 */
export function stubApi(routes: StubRoutes) {
  const answers = routes as Record<string, AnyAnswer | (() => AnyAnswer)>;
  const check = (request: string, { status = 200, body = null, unchecked }: AnyAnswer) => {
    if (!unchecked) checkFixture(request, status, body);
  };
  for (const [request, answer] of Object.entries(answers)) {
    if (typeof answer !== 'function') check(request, answer);
  }
  const drift: unknown[] = [];
  onTestFinished(() => {
    if (drift.length > 0) throw drift[0];
  });
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
    const handler = answers[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ error: `no stub for ${method} ${path}` }), { status: 404 });
    const answer = typeof handler === 'function' ? handler() : handler;
    if (typeof handler === 'function') {
      try {
        check(`${method} ${path}`, answer);
      } catch (error) {
        drift.push(error);
        throw error;
      }
    }
    const { status = 200, body = null } = answer;
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}
