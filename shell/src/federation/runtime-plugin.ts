/**
 * Serves a remote manifest the page carries without a request, checks the entry files against
 * the hashes the release manifest gives (Subresource Integrity), and bounds every network step
 * of the MF runtime. Without it a manifest server that never answers
 * makes the runtime wait forever, and a hanging remote entry script waits 20 s.
 */

import { takeBootFile } from '@mchezo/api-client/boot';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REQUEST_TIMEOUT_MS } from './timeouts.ts';

/** URL → sha384 of the remote entry files the release manifest vouches for (docs/decisions/024). */
const expected = new Map<string, string>();

/** Takes the served manifest's `integrity` (URL path → hash) for the entry files loaded next. */
export function expectIntegrity(integrity: Record<string, string> | undefined): void {
  for (const [path, hash] of Object.entries(integrity ?? {}))
    expected.set(new URL(path, location.href).href, hash);
}

export function boundedLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'mchezo-bounded-loading',
    fetch(url, init) {
      // The first page's remote manifest may have come inside index.html.
      const inline = takeBootFile(url);
      if (inline !== undefined) {
        const headers = { 'Content-Type': 'application/json' };
        return Promise.resolve(new Response(JSON.stringify(inline), { headers }));
      }
      const integrity = expected.get(new URL(url, location.href).href);
      return fetch(url, {
        ...init,
        ...(integrity ? { integrity } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    },
    beforePreloadRemote({ preloadOps }) {
      // The runtime would run a page's chunks itself, ahead of the entry and without their
      // hashes; left to the remote's own chunk loader, each is checked (docs/decisions/024).
      preloadOps.length = 0;
    },
    createScript({ url }) {
      const integrity = expected.get(new URL(url, location.href).href);
      if (!integrity) return { timeout: REQUEST_TIMEOUT_MS };
      // A changed file is refused by the browser: the load fails, the slot falls back (decision 002).
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      return { script, timeout: REQUEST_TIMEOUT_MS };
    },
  };
}
