/**
 * Fault injection for the federation tests: rewrite the release manifest the shell receives,
 * serve a fixture remote from disk, and provide servers that are down or never answer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { extname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { editBootData } from './boot-data.ts';

interface RemoteRelease {
  version: string;
  entry: string;
  enabled: boolean;
  canary?: { version: string; entry: string; percent: number };
}
interface ReleaseManifest {
  revision: number;
  remotes: Record<string, RemoteRelease>;
  /** URL path → sha384 of the live versions' entry files (Subresource Integrity). */
  integrity?: Record<string, string>;
}

export const MANIFEST_PATH = '/api/v1/releases/manifest';

/** The shell gets the real manifest, changed by `mutate`: in the page and from the API. */
export async function overrideManifest(page: Page, mutate: (m: ReleaseManifest) => void): Promise<void> {
  await editBootData(page, (boot) => {
    if (boot.release) mutate(boot.release as ReleaseManifest);
  });
  await page.route(`**${MANIFEST_PATH}`, async (route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as ReleaseManifest;
    mutate(manifest);
    await route.fulfill({ response, json: manifest, headers: { 'cache-control': 'no-store' } });
  });
}

/** Error reports the shell raised (`mchezo:error-report` events), read back from the page. */
export async function trackErrorReports(
  page: Page,
): Promise<() => Promise<{ message: string; context: Record<string, string> }[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __reports: unknown[] };
    w.__reports = [];
    window.addEventListener('mchezo:error-report', (e) => w.__reports.push((e as CustomEvent).detail));
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { __reports: { message: string; context: Record<string, string> }[] })
          .__reports,
    );
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** Serves a built fixture folder at `${origin}/fixtures/${name}/…` for this page only. */
export async function serveFixture(page: Page, name: string, dir: string): Promise<string> {
  if (!existsSync(join(dir, 'mf-manifest.json'))) throw new Error(`fixture ${name} is not built: ${dir}`);
  await page.route(`**/fixtures/${name}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace(`/fixtures/${name}/`, '');
    const file = join(dir, path);
    if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({
      status: 200,
      body: readFileSync(file),
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
    });
  });
  return `/fixtures/${name}/mf-manifest.json`;
}

/** A TCP server that accepts connections and never answers. */
export async function startHangingServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * Opens the home and waits until the shell has remembered the lobby version it rendered as this
 * player's last good one; answers what it stored (`{"version":…,"entry":…}`).
 */
export async function visitHomeAndRememberLobby(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page.getByRole('tablist', { name: 'Game categories' })).toBeVisible();
  const stored = () => page.evaluate(() => localStorage.getItem('mchezo:last-good-version:lobby'));
  await expect.poll(stored, { timeout: 10_000 }).not.toBeNull();
  return (await stored()) as string;
}
