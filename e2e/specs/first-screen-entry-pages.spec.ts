/**
 * Each entry page paints its first screen from the HTML (decisions 011 and 026): the one its live
 * remote version ships, with its text in the player's language. The real page then replaces it
 * without a shift or a later largest paint. One test per page: each is one page's work.
 */
import type { APIRequestContext } from '@playwright/test';
import type { RemoteExpose } from '../../shared/contracts/src/releases-constants.ts';
import { SITE_ROUTES } from '../../shared/contracts/src/routes.ts';
import { htmlOnly } from '../support/first-screen.ts';
import { paintReported } from '../support/paint.ts';
import { playerForAll, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/** The first game of the lobby, as a card links to it. */
async function gamePath(request: APIRequestContext): Promise<{ path: string; title: string }> {
  const { games } = await (await request.get('/api/v1/casino/games')).json();
  const game = games[0] as { game_id: string; name: string };
  return {
    path: `/game/${encodeURIComponent(game.name)}?gameId=${encodeURIComponent(game.game_id)}`,
    title: game.name,
  };
}

/** The heading (or line) each entry page shows first, in English. */
const FIRST_TEXT: Partial<Record<RemoteExpose, string>> = {
  LoginPage: 'Welcome Back',
  JoinPage: 'Create Account',
  DepositPage: 'Deposit',
  WithdrawPage: 'Withdraw',
  ProfilePage: 'My Profile',
  GamePage: 'Loading {title}...',
};
// The profile's largest paint is the identity card's status line, the player's own state, which the
// first screen cannot draw (decision 026): a later largest paint. Its reads start with the page's
// code and the first screen stays until they are in (decision 030): no shift.
const LATER_PAINT: readonly RemoteExpose[] = ['ProfilePage'];

/**
 * Each entry page of the route table (`firstScreen`; the home's is first-screen.spec.ts's), its
 * first screen and the text it shows first.
 */
const ENTRY_PAGES = SITE_ROUTES.filter((route) => route.firstScreen && route.path !== '/').map((route) => {
  const text = FIRST_TEXT[route.expose];
  if (!text) throw new Error(`no first text for the entry page ${route.path}: add it to FIRST_TEXT`);
  return {
    path: route.path,
    /** A game page: its path is the catalogue's first game's. */
    game: route.path.includes(':'),
    screen: `${route.remote}/${route.expose}`,
    text,
    signedIn: route.access === 'protected',
    laterPaint: LATER_PAINT.includes(route.expose),
  };
});

/** Where a test of an entry page says it is: its path, or "a game page". */
const where = (entry: (typeof ENTRY_PAGES)[number]) => (entry.game ? 'a game page' : entry.path);

for (const entry of ENTRY_PAGES) {
  test(`without any script, ${where(entry)} shows its first screen (${entry.screen})`, async ({
    browser,
    request,
  }) => {
    const game = await gamePath(request);
    const path = entry.game ? game.path : entry.path;
    const { page, close } = await htmlOnly(browser, path);
    try {
      const screen = page.locator(`[data-first-screen="${entry.screen}"]`);
      await expect(screen, path).toBeVisible();
      await expect(
        // The heading, or the game's loading line (the button may say the same words).
        screen.getByText(entry.text.replace('{title}', game.title), { exact: true }).first(),
      ).toBeVisible();
    } finally {
      await close();
    }
  });
}

type Paint = {
  shifts: string[];
  lcp: { at: number; what: string }[];
  firstScreenLeft?: number;
  /** Records what the observers have but have not handed to their callbacks yet. */
  flush: () => void;
};

test.describe('the real page replaces its first screen without a shift or a later largest paint', () => {
  const player = playerForAll();
  for (const entry of ENTRY_PAGES) {
    test(where(entry), async ({ browser, request }) => {
      const game = await gamePath(request);
      const path = entry.game ? game.path : entry.path;
      const context = await browser.newContext();
      const page = await context.newPage();
      if (entry.signedIn) await signIn(page, player());
      await page.addInitScript(() => {
        const w = window as unknown as Paint;
        w.shifts = [];
        w.lcp = [];
        // Each shift in the page's slot, with what moved, so a failure names it. (The signed-in
        // header's own shift when the balance arrives is the header's, not the first screen's.)
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
        const onShifts = (entries: PerformanceEntryList) => {
          for (const e of entries as Shift[])
            if (e.sources.some((s) => s.node && document.getElementById('main')?.contains(s.node)))
              w.shifts.push(
                `${e.value.toFixed(4)}: ${e.sources.map((s) => (s.node as Element | null)?.outerHTML?.slice(0, 120) ?? s.node?.nodeName).join(' | ')}`,
              );
        };
        const shifts = new PerformanceObserver((list) => onShifts(list.getEntries()));
        shifts.observe({ type: 'layout-shift', buffered: true });
        // Each largest-paint candidate, with what it was while that is still known (the element is
        // null once it has left the page), so a failure names it.
        type Candidate = PerformanceEntry & { element: Element | null; size: number; url: string };
        const onCandidates = (entries: PerformanceEntryList) => {
          for (const e of entries as Candidate[])
            w.lcp.push({
              at: e.startTime,
              what: `${e.size}px² ${e.url || e.element?.outerHTML.slice(0, 120) || 'left the page'}`,
            });
        };
        const candidates = new PerformanceObserver((list) => onCandidates(list.getEntries()));
        candidates.observe({ type: 'largest-contentful-paint', buffered: true });
        w.flush = () => {
          onShifts(shifts.takeRecords());
          onCandidates(candidates.takeRecords());
        };
        // When the app took the first screen away: whatever paints after that is the real page's.
        let shown = false;
        new MutationObserver((_, observer) => {
          const present = document.querySelector('[data-first-screen]') !== null;
          shown ||= present;
          if (!shown || present) return;
          w.firstScreenLeft = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const identityReads: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/v1/identity') identityReads.push(r.url());
      });
      try {
        await page.goto(path);
        // The real page is in: no first screen left, and its own heading (or line) is shown.
        await expect(page.locator('[data-first-screen]'), path).toHaveCount(0);
        if (!entry.game)
          await expect(page.getByRole('heading', { level: 1, name: entry.text }), path).toBeVisible();
        // A late candidate (the page's own text) reported before reading.
        await paintReported(page);
        const paint = await page.evaluate(() => {
          const w = window as unknown as Paint;
          w.flush();
          return {
            shifts: w.shifts,
            lcp: w.lcp,
            firstScreenLeft: w.firstScreenLeft,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime as number,
          };
        });
        expect(paint.shifts, path).toEqual([]);
        // Pages behind sign-in check the identity: read once, by the shell with the page's code,
        // once the session is restored (decision 034), which on a busy machine may come after the
        // page's heading is drawn.
        await expect.poll(() => identityReads.length, { message: path }).toBe(entry.signedIn ? 1 : 0);
        // The largest paint came while the first screen was the page: the real page drew nothing
        // larger. (Not "at the first paint": on a loaded machine Chromium may paint the header
        // before the rest of the HTML is parsed, and the first screen a frame later.)
        expect(paint.lcp.length, path).toBeGreaterThan(0);
        expect(paint.firstScreenLeft, path).toBeGreaterThan(paint.fcp);
        if (!entry.laterPaint)
          expect(paint.lcp.at(-1)?.at, `${path}: ${JSON.stringify(paint.lcp)}`).toBeLessThan(
            paint.firstScreenLeft as number,
          );
      } finally {
        await context.close();
      }
    });
  }
});
