/**
 * One React, one router, one host context, one query client, one i18n instance across the shell
 * and the remotes (docs/decisions/003-shared-singletons-and-their-bytes.md), proven in the browser:
 * by the MF share scope, by what the network fetched, and by behaviour that only works when the
 * instances are shared.
 */

import { homeLoaded } from '../support/first-screen.ts';
import { createPlayer, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const SINGLETONS = [
  'react',
  'react-dom',
  'zustand',
  'i18next',
  '@mchezo/host/context',
  '@mchezo/host/router',
  '@mchezo/host/query',
  '@mchezo/i18n/react',
  '@mchezo/i18n/instance',
  '@mchezo/api-client/client',
];

interface ShareEntry {
  version: string;
  from: string;
  useIn: string[];
  loaded: boolean;
}

test('each singleton exists once, provided by the shell, and no remote fetches its own copy', async ({
  page,
  request,
}) => {
  await signIn(page, await createPlayer(request));
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/');
  await homeLoaded(page);
  // Two more remotes on the same page load, through the shell's own links.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Deposit' }).click();
  await expect(page.getByRole('tablist', { name: /deposit/i })).toBeVisible();
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  const scope = await page.evaluate(() => {
    const federation = (
      globalThis as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<string, Record<string, Record<string, Record<string, Record<string, unknown>>>>>;
        };
      }
    ).__FEDERATION__;
    const out: Record<string, ShareEntry[]> = {};
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
        out[pkg] = Object.entries(versions).map(([version, s]) => ({
          version,
          from: s.from as string,
          useIn: (s.useIn as string[]) ?? [],
          loaded: Boolean(s.loaded),
        }));
      }
    }
    return out;
  });

  for (const pkg of SINGLETONS) {
    const versions = scope[pkg];
    expect(versions, `${pkg} is in the share scope`).toBeDefined();
    expect(versions!.length, `${pkg} has exactly one provider`).toBe(1);
    expect(versions![0]!.from, `${pkg} comes from the shell`).toBe('shell');
  }
  // The remotes consumed the shell's React and router.
  expect(scope.react![0]!.useIn).toEqual(expect.arrayContaining(['shell', 'lobby', 'wallet', 'profile']));
  expect(scope['@mchezo/host/router']![0]!.useIn).toEqual(
    expect.arrayContaining(['shell', 'lobby', 'wallet', 'profile']),
  );
  expect(fetched.filter((p) => p.includes('independent-packages'))).toEqual([]);
  // Remote folders served only remote code: no React, router or MF runtime of their own.
  const remoteFiles = fetched.filter((p) => p.startsWith('/remotes/'));
  expect(remoteFiles.length).toBeGreaterThan(0);
  const instances = await page.evaluate(() =>
    (
      globalThis as unknown as { __FEDERATION__: { __INSTANCES__: { name: string }[] } }
    ).__FEDERATION__.__INSTANCES__.map((i) => i.name),
  );
  expect(instances.sort()).toEqual(['lobby', 'profile', 'shell', 'wallet']);
});

test('remotes share the router, the host context, the query client and the i18n instance', async ({
  page,
}) => {
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'Game categories' });
  await expect(tabs).toBeVisible();
  // i18n: the shell's language picker changes the remote's text (one i18next instance).
  await page.getByLabel('Language').selectOption('sw');
  await expect(page.getByRole('tablist', { name: 'Aina za michezo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ingia' })).toBeVisible();
  await page.getByLabel('Lugha').selectOption('en');
  // Query client: the games the lobby fetched render (a remote without the shell's
  // QueryClientProvider would throw "No QueryClient set").
  await expect(page.getByRole('heading', { name: 'Slots' })).toBeVisible();
  // Router: a link inside the remote navigates the shell's router (no full page load).
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  // A game card is a Link inside the lobby: the shell's router handles it (the guard then sends a
  // guest to /login), all within the same document.
  await page.getByRole('tabpanel').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/login$/);
  // Host context: the auth remote reads the shell's auth and config through useHost().
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('link', { name: 'Join Now' }).last().click();
  await expect(page).toHaveURL(/\/join$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});
