/**
 * The site's pages as specs open them, from the site's route table
 * (`shared/contracts/src/routes.ts`): a spec that means "every page of a kind" (every protected
 * page, every screen a guest lands on) takes its list from here, so a route added to the table is
 * checked there too. A spec about one page names that page itself.
 */
import type { Page } from '@playwright/test';
import type { FeatureName } from '../../shared/contracts/src/config.ts';
import { SITE_ROUTES, type SiteRoute } from '../../shared/contracts/src/routes.ts';
import { overrideConfig } from './fake-services.ts';

/** How a route with parameters is opened: a game the catalogue has. */
const EXAMPLES: Record<string, string> = {
  '/game/:title': '/game/Safari%20Gold?gameId=safari-gold',
};

/** A page of the site as a spec opens it. */
export interface SitePage {
  /** The route's path, its parameters filled in (`/game/Safari%20Gold?gameId=safari-gold`). */
  path: string;
  /** The feature flag the page shows "Unavailable" without. */
  feature?: FeatureName | undefined;
}

function pageOf(route: SiteRoute): SitePage {
  const path = route.path.includes(':') ? EXAMPLES[route.path] : route.path;
  if (!path) throw new Error(`e2e/support/routes.ts: no example path for ${route.path}; add one to EXAMPLES`);
  return { path, feature: route.feature };
}

/** The pages of the routes `where` picks, in the table's order. */
export function sitePages(where: (route: SiteRoute) => boolean): SitePage[] {
  return SITE_ROUTES.filter(where).map(pageOf);
}

/** Their paths. */
export function sitePaths(where: (route: SiteRoute) => boolean): string[] {
  return sitePages(where).map((page) => page.path);
}

/**
 * Turns the page's feature flag on for this tab when the server has it off, so the page itself
 * shows rather than "Unavailable" (in the boot data and `/config`, as `overrideConfig` does).
 */
export async function withItsFeature(page: Page, { feature }: SitePage): Promise<void> {
  if (!feature) return;
  const config = await page.request.get('/api/v1/config');
  const { data } = (await config.json()) as { data: { features: Record<string, boolean> } };
  // A flag the server does not name is on (config-defaults.ts).
  if (data.features[feature] !== false) return;
  await overrideConfig(page, (d) => {
    d.features[feature] = true;
  });
}
