/** Renders the staff site's routes at `path` for a component test, with a fresh query client. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { staffRoutes } from '../app/router.tsx';
import type { StaffRoute } from '../app/routes.tsx';

const HOME: StaffRoute = {
  path: '',
  roles: 'any',
  page: lazy(async () => ({ default: () => <h1>Home screen</h1> })),
};

export function renderAt(path: string, routes: StaffRoute[] = [HOME]) {
  const router = createMemoryRouter(staffRoutes(routes), { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  auth: string | null;
}

/** A fake API: `answer` gives each call's status and body; every call is recorded. */
export function fakeApi(answer: (call: Call) => [number, unknown] | Promise<[number, unknown]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: Call = {
        method: init.method ?? 'GET',
        path: String(url).replace(/^\/api\/v1/, ''),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.Authorization ?? null,
      };
      calls.push(call);
      const [status, body] = await answer(call);
      return new Response(body === null ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

export const member = {
  user_id: 'u-1',
  phone: '+254700000001',
  full_name: 'Wanjiku Mwangi',
  roles: ['support'],
  two_factor: true,
  recovery_codes_left: 10,
  pending_grants: [],
};

export const session = {
  id: 's-1',
  user_id: 'u-1',
  second_factor: 'totp',
  created_at: '2026-11-26T10:00:00Z',
  last_seen_at: '2026-11-26T10:00:00Z',
  idle_expires_at: '2026-11-26T10:15:00Z',
  expires_at: '2026-11-26T18:00:00Z',
  ended_at: null,
  ended_reason: null,
};
