/**
 * The route guards: no staff session goes to sign-in; a screen is opened only by the roles its
 * route names, and the nav lists only those screens.
 */
import type { StaffMember, StaffRoleName } from '@mchezo/contracts/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store.ts';
import { staffRoutes } from './router.tsx';
import type { StaffRoute } from './routes.tsx';

const page = (text: string) => lazy(async () => ({ default: () => <h1>{text}</h1> }));
const ROUTES: StaffRoute[] = [
  { path: '', roles: 'any', nav: { ns: 'home', key: 'nav' }, page: page('Home screen') },
  {
    path: 'only-admin',
    roles: ['admin'],
    nav: { ns: 'common', key: 'roles.admin' },
    page: page('Admin screen'),
  },
  {
    path: 'money',
    roles: ['finance', 'admin'],
    nav: { ns: 'common', key: 'roles.finance' },
    page: page('Money screen'),
  },
  {
    path: 'money/rates',
    roles: ['finance'],
    nav: { ns: 'common', key: 'roles.support' },
    page: page('Rates screen'),
  },
];

function member(roles: StaffRoleName[]): StaffMember {
  return {
    user_id: 'u-1',
    phone: '+254700000001',
    full_name: 'Wanjiku',
    roles,
    two_factor: true,
    recovery_codes_left: 10,
    pending_grants: [],
  };
}

function signInAs(roles: StaffRoleName[]) {
  const m = member(roles);
  const session = {
    id: 's-1',
    user_id: 'u-1',
    second_factor: 'totp' as const,
    created_at: '2026-11-26T10:00:00Z',
    last_seen_at: '2026-11-26T10:00:00Z',
    idle_expires_at: '2026-11-26T10:15:00Z',
    expires_at: '2026-11-26T18:00:00Z',
    ended_at: null,
    ended_reason: null,
  };
  useSession.getState().signedIn({ token: 'stf_test', member: m, session });
  // /staff/me answers the same person.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ member: m, session }), { status: 200 })),
  );
}

function open(path: string) {
  const router = createMemoryRouter(staffRoutes(ROUTES), { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The links of the staff nav (the layout's last one: the phone's menu copy comes first). */
function navLinks(): HTMLElement[] {
  const nav = screen.getAllByRole('navigation', { name: 'Staff areas', hidden: true }).at(-1) as HTMLElement;
  return within(nav).getAllByRole('link', { hidden: true });
}

describe('route guards', () => {
  it('sends a visitor without a staff session to sign-in', async () => {
    const router = open('/only-admin');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('opens a screen for a role it names, and lists only the allowed screens in the nav', async () => {
    signInAs(['finance']);
    open('/money');
    expect(await screen.findByRole('heading', { name: 'Money screen' })).toBeTruthy();
    expect(navLinks().map((a) => a.textContent)).toEqual(['Home', 'Finance', 'Support']);
  });

  it('marks one nav entry current: a sub-page in the nav, not also the page above it', async () => {
    signInAs(['finance']);
    open('/money/rates');
    expect(await screen.findByRole('heading', { name: 'Rates screen' })).toBeTruthy();
    const current = navLinks().filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Support']);
  });

  it('refuses a screen to a person without one of its roles', async () => {
    signInAs(['finance']);
    open('/only-admin');
    expect(await screen.findByRole('heading', { name: 'Not for your roles' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin screen' })).toBeNull();
  });

  it('lets an administrator open the administrators’ screen', async () => {
    signInAs(['admin']);
    open('/only-admin');
    expect(await screen.findByRole('heading', { name: 'Admin screen' })).toBeTruthy();
  });
});
