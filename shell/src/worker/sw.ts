/**
 * The site's service worker, served at `/sw.js` (built by shell/pwa.plugin.ts; decision 025):
 * - pages: network first (the page carries the live config and release); without a network,
 *   the offline page in the player's language;
 * - the shell's hashed files: its entry files and the offline page precached at install, its
 *   lazily loaded chunks kept when first used; answered from there;
 * - remote version files: kept once fetched, answered from the cache only while the latest
 *   release manifest the worker has seen serves their version (release-cache.ts); every other
 *   version's files are dropped as soon as a fresh manifest says so;
 * - `/api/`: never cached. The live manifest passes through and is read on its way.
 * Only this origin's requests: a remote on another origin is left to the HTTP cache.
 */
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import { parseReleaseManifest } from '../federation/parse-release-manifest.ts';
import { manifestInPage, mayCache, requestKind, servedVersions, urlsToDrop } from './release-cache.ts';

/** The shell's entry files and the offline page, by path (written in by the build). */
declare const __PRECACHE__: string[];
/** Changes with any of those files: a new worker, a new precache. */
declare const __BUILD_ID__: string;

const worker = self as unknown as ServiceWorkerGlobalScope;
const SHELL_PREFIX = 'mchezo-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${__BUILD_ID__}`;
const REMOTES_CACHE = 'mchezo-remotes';
/** The latest manifest's served versions, kept: the browser stops an idle worker at any time. */
const STATE_CACHE = 'mchezo-release';
const SERVED_URL = '/sw-state/served-versions';
const OFFLINE_PAGE = '/offline.html';
const PRECACHE = __PRECACHE__;
const precached = new Set(PRECACHE);

let served: Promise<Set<string>> | undefined;
/** Manifests are applied in the order they arrive; a remote file waits for the ones under way. */
let applying: Promise<void> = Promise.resolve();

function servedNow(): Promise<Set<string>> {
  served ??= caches
    .open(STATE_CACHE)
    .then((cache) => cache.match(SERVED_URL))
    .then((res) => (res ? (res.json() as Promise<string[]>) : []))
    .then((list) => new Set(list))
    .catch(() => new Set<string>());
  return served;
}

/** Queued at once (before the manifest is even read), so no remote file slips in ahead of it. */
function apply(next: Promise<ReleaseManifest | null>): Promise<void> {
  applying = applying
    .then(() => next)
    .then(async (manifest) => {
      if (!manifest) return;
      const versions = new Set(servedVersions(manifest));
      served = Promise.resolve(versions);
      await (await caches.open(STATE_CACHE)).put(SERVED_URL, new Response(JSON.stringify([...versions])));
      const cache = await caches.open(REMOTES_CACHE);
      const urls = (await cache.keys()).map((request) => request.url);
      await Promise.all(urlsToDrop(urls, versions).map((url) => cache.delete(url)));
    })
    .catch(() => {});
  return applying;
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      // The page request starts while the worker boots, instead of after it.
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

async function page(event: FetchEvent): Promise<Response> {
  let response: Response;
  try {
    response = ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    return offline ?? Response.error();
  }
  if (response.ok && response.headers.get('content-type')?.startsWith('text/html')) {
    event.waitUntil(
      apply(
        response
          .clone()
          .text()
          .then(manifestInPage, () => null),
      ),
    );
  }
  return response;
}

async function liveManifest(event: FetchEvent): Promise<Response> {
  const response = await fetch(event.request);
  if (response.ok) {
    const read = response
      .clone()
      .json()
      .then(parseReleaseManifest)
      .catch(() => null);
    event.waitUntil(apply(read));
  }
  return response;
}

async function remoteFile(event: FetchEvent): Promise<Response> {
  await applying;
  const { pathname } = new URL(event.request.url);
  if (!mayCache(pathname, await servedNow())) return fetch(event.request);
  const cache = await caches.open(REMOTES_CACHE);
  const cached = await cache.match(event.request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    // Checked again: a fresh manifest may have dropped this version while the file came.
    event.waitUntil(
      applying.then(async () => {
        if (mayCache(pathname, await servedNow())) await cache.put(event.request, copy);
      }),
    );
  }
  return response;
}

/** Precached, or kept when first used (a lazily loaded chunk): hashed, so never stale. */
async function shellFile(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(event.request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

worker.addEventListener('fetch', (event) => {
  const kind = requestKind(event.request, worker.location.origin, precached);
  if (kind === 'page') event.respondWith(page(event));
  else if (kind === 'manifest') event.respondWith(liveManifest(event));
  else if (kind === 'remote-file') event.respondWith(remoteFile(event));
  else if (kind === 'shell-file') event.respondWith(shellFile(event));
});
