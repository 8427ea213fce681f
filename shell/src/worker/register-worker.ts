import { whenIdle } from '../errors/when-idle.ts';

/** Built by shell/pwa.plugin.ts at the site's root, so its scope is the whole site. */
export const WORKER_URL = '/sw.js';

/**
 * Registers the service worker (decision 025) once the page has loaded and the browser is idle:
 * the worker and its precache never compete with the first load. Production builds only (a dev
 * server's files are not the build's); a browser without service workers simply has none.
 */
export function registerServiceWorker(production = import.meta.env.PROD): void {
  if (!production || !('serviceWorker' in navigator)) return;
  const register = () =>
    whenIdle(() => {
      // A refused registration (private mode, storage off) leaves the site as it was.
      navigator.serviceWorker.register(WORKER_URL).catch(() => {});
    });
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
