/**
 * The site prepares exactly the entry pages of the site's route table (`firstScreen` in
 * `@mchezo/contracts/routes`): their remote's files preloaded, their public reads written in.
 */
import { SITE_ROUTES } from '@mchezo/contracts/routes';
import { describe, expect, it } from 'vitest';
import { PRELOADED_PAGES, preloadedPageFor } from '../src/first-page.js';

/** A URL path a route matches: each `:name` filled in. */
const urlOf = (path: string) => path.replace(/:\w+/g, 'Lucky%207');

describe("the site's entry pages and the site route table", () => {
  it('prepares every route with a first screen, with its public reads, and no other', () => {
    expect(PRELOADED_PAGES).toEqual(
      SITE_ROUTES.filter((r) => r.firstScreen).map((r) => ({
        path: r.path,
        remote: r.remote,
        expose: r.expose,
        data: r.publicReads ?? [],
      })),
    );
    for (const route of SITE_ROUTES)
      expect(preloadedPageFor(urlOf(route.path))?.page.expose, route.path).toBe(
        route.firstScreen ? route.expose : undefined,
      );
  });

  it("gives a route's parameters decoded, and prepares no shell page nor unknown path", () => {
    expect(preloadedPageFor('/game/Lucky%207/')?.params).toEqual({ title: 'Lucky 7' });
    // The query parameters the route reads, and no others.
    expect(preloadedPageFor('/game/Lucky%207?gameId=g%201&x=1')?.params).toEqual({
      title: 'Lucky 7',
      gameId: 'g 1',
    });
    expect(preloadedPageFor('/game/%E0%A4%A')?.params).toEqual({ title: '%E0%A4%A' });
    expect(preloadedPageFor('/terms')).toBeUndefined();
    expect(preloadedPageFor('/game/')).toBeUndefined();
  });
});
