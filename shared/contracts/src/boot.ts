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

/**
 * The first page's first screen (decision 011): a remote may ship, per exposed page, a static
 * HTML fragment of what that page shows before its data and strings arrive
 * (`first-screen/<Expose>.html` in its version folder). The site server writes it into the
 * shell's `<main>` in place of `FIRST_SCREEN_SLOT`, wrapped in an element whose
 * `FIRST_SCREEN_ATTRIBUTE` names the page (`lobby/HomePage`); the shell shows the same HTML in
 * that page's slot until the page itself renders, so the browser paints it before any script runs.
 */
export const FIRST_SCREEN_SLOT = '<!--first-screen-->';
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
/**
 * Where a remote's version folder keeps the fragment of an exposed page: one per language when
 * it carries text (from the remote's own locale files, at build time), else one for all.
 */
export const firstScreenFile = (expose: string, language?: string) =>
  `first-screen/${expose}${language ? `.${language}` : ''}.html`;

/**
 * A remote's strings chunk for one language (decision 027): `static/js/async/strings-sw.1a2b3c.js`
 * holds its Swahili strings. The site preloads the player's; the release gates count one.
 */
export const STRINGS_CHUNK = /(?:^|\/)strings-([a-z]{2})\.[^/]+\.js$/;

/**
 * The cookie in which the shell keeps the player's language (its own choice or the one it
 * detected), so the site writes a first screen with text in that language. Without it the site
 * goes by the browser's `Accept-Language`, which is what the shell detects from too.
 */
export const LANGUAGE_COOKIE = 'lang';
