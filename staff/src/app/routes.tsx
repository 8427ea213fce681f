/**
 * THE ROUTE TABLE of the staff site: one line per screen. Each area's engineer adds their lines
 * (and nothing else in this file): the path under /staff/, the roles that may open it ('any' for
 * every signed-in staff member), the nav label (`ns` is the area's i18n namespace, its JSON in
 * src/i18n/locales/{en,sw}/<ns>.json) for a screen in the nav, and the page, loaded lazily.
 * The nav shows a screen only to people holding one of its roles; the route guard refuses the
 * others (app/guards.tsx).
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface StaffRoute {
  /** Under /staff/, without a leading slash; '' is the home screen. */
  path: string;
  roles: readonly StaffRoleName[] | 'any';
  /** In the nav when given: `t(key, { ns })`. Detail screens (with :params) leave it out. */
  nav?: { ns: string; key: string };
  page: LazyExoticComponent<ComponentType>;
}

export const ROUTES: StaffRoute[] = [
  {
    path: '',
    roles: 'any',
    nav: { ns: 'home', key: 'nav' },
    // Home lists the other screens: it is handed this table rather than importing it.
    page: lazy(async () => {
      const { HomePage } = await import('../pages/home/home-page.tsx');
      return { default: () => <HomePage routes={ROUTES} /> };
    }),
  },
  {
    path: 'admin',
    roles: ['admin'],
    nav: { ns: 'admin', key: 'nav' },
    page: lazy(() => import('../pages/admin/people-page.tsx')),
  },
  {
    path: 'admin/people/:userId',
    roles: ['admin'],
    page: lazy(() => import('../pages/admin/person-page.tsx')),
  },
  {
    path: 'audit',
    roles: ['admin'],
    nav: { ns: 'audit', key: 'nav' },
    page: lazy(() => import('../pages/audit/audit-page.tsx')),
  },
  {
    path: 'releases',
    roles: ['release_manager'],
    nav: { ns: 'releases', key: 'navLabel' },
    page: lazy(() => import('../pages/releases/releases-page.tsx')),
  },
  {
    path: 'releases/history',
    roles: ['release_manager'],
    page: lazy(() => import('../pages/releases/history-page.tsx')),
  },
  {
    path: 'releases/deploy-keys',
    roles: ['release_manager'],
    page: lazy(() => import('../pages/releases/deploy-keys-page.tsx')),
  },
  {
    path: 'releases/:remote/health',
    roles: ['release_manager'],
    page: lazy(() => import('../pages/releases/health-page.tsx')),
  },
  {
    path: 'players',
    roles: ['support', 'compliance'],
    nav: { ns: 'players', key: 'nav' },
    page: lazy(() => import('../pages/players/players-search-page.tsx')),
  },
  {
    path: 'players/:userId',
    roles: ['support', 'compliance'],
    page: lazy(() => import('../pages/players/player-page.tsx')),
  },
  {
    path: 'finance/review',
    roles: ['finance'],
    nav: { ns: 'finance', key: 'navReview' },
    page: lazy(() => import('../pages/finance/review-page.tsx')),
  },
  {
    path: 'finance/adjustments',
    roles: ['finance'],
    nav: { ns: 'finance', key: 'navAdjustments' },
    page: lazy(() => import('../pages/finance/adjustments-page.tsx')),
  },
  {
    path: 'finance',
    roles: ['finance'],
    nav: { ns: 'finance', key: 'nav' },
    page: lazy(() => import('../pages/finance/finance-page.tsx')),
  },
  {
    path: 'finance/tax-rates',
    roles: ['finance'],
    nav: { ns: 'finance', key: 'rates.nav' },
    page: lazy(() => import('../pages/finance/tax-rates-page.tsx')),
  },
  {
    path: 'compliance',
    roles: ['compliance'],
    nav: { ns: 'compliance', key: 'nav' },
    page: lazy(() => import('../pages/compliance/alerts-page.tsx')),
  },
  {
    path: 'compliance/cases',
    roles: ['compliance'],
    page: lazy(() => import('../pages/compliance/cases-page.tsx')),
  },
  {
    path: 'compliance/cases/:id',
    roles: ['compliance'],
    page: lazy(() => import('../pages/compliance/case-page.tsx')),
  },
  {
    path: 'compliance/identity',
    roles: ['compliance'],
    page: lazy(() => import('../pages/compliance/identity-page.tsx')),
  },
  {
    path: 'compliance/self-exclusions',
    roles: ['compliance'],
    page: lazy(() => import('../pages/compliance/register-page.tsx')),
  },
  {
    path: 'compliance/feed',
    roles: ['compliance'],
    page: lazy(() => import('../pages/compliance/feed-page.tsx')),
  },
];

/** Whether a person with `roles` may open `route`. */
export function allows(route: Pick<StaffRoute, 'roles'>, roles: readonly StaffRoleName[]): boolean {
  return route.roles === 'any' || route.roles.some((r) => roles.includes(r));
}
