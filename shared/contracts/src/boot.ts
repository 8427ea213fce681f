import type { AppConfig } from './config.ts';
import type { ReleaseManifest } from './releases.ts';

/**
 * What the site server writes into index.html, inside
 * `<script type="application/json" id="mchezo-boot">`, so the first screen waits for no round
 * trip to learn it (on slow 4G each is about 150 ms, and these were in the chain that paints
 * the home page). A shell served without it (a plain CDN, the dev server) fetches each as before.
 */
export const BOOT_ELEMENT_ID = 'mchezo-boot';

export interface BootData {
  /** `GET /config`'s data. */
  config?: AppConfig;
  /** `GET /releases/manifest` (without a tester's override). */
  release?: ReleaseManifest;
  /** JSON files the first page's remote would fetch (its `mf-manifest.json`), by URL path. */
  files?: Record<string, unknown>;
}
