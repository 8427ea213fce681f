/**
 * Bounds every network step of the MF runtime. Without it a manifest server that never answers
 * makes the runtime wait forever, and a hanging remote entry script waits 20 s.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REQUEST_TIMEOUT_MS } from './timeouts.ts';

export function boundedLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'mchezo-bounded-loading',
    fetch(url, init) {
      return fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    },
    createScript() {
      return { timeout: REQUEST_TIMEOUT_MS };
    },
  };
}
