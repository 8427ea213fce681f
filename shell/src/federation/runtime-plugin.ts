/**
 * Serves a remote manifest the page carries without a request, and bounds every network step
 * of the MF runtime. Without it a manifest server that never answers
 * makes the runtime wait forever, and a hanging remote entry script waits 20 s.
 */

import { takeBootFile } from '@mchezo/api-client/boot';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REQUEST_TIMEOUT_MS } from './timeouts.ts';

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
      return fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    },
    createScript() {
      return { timeout: REQUEST_TIMEOUT_MS };
    },
  };
}
