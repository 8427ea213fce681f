/**
 * The site page's Content-Security-Policy (decision 016), built from what the page is made of:
 * - the shell's index.html (the build's own output): its inline starter script and its inline
 *   stylesheet are allowed by their sha256, computed from the template, never from the composed
 *   page, so nothing a request adds to the page (boot data, a first screen) can allow a script;
 * - the shell's stylesheet, when the page carries it inline (decision 029), by its hash;
 * - the boot data is `<script type="application/json">`: a data block, never run, no allowance;
 * - the first screen's `<style>` element and style attributes (a remote version's fragment,
 *   decisions 011 and 039) by hash;
 * - the origins the page loads from: its own, the remotes' (the release manifest's entries),
 *   the support-chat widget (config), the API's public base (thumbnails, the game frame). Error
 *   reports go to the API's own tunnel, so no error-report host is named.
 *
 * Pure (node:crypto and types only): the e2e support imports it to recompute the policy of a page
 * whose boot data a spec has rewritten, exactly as the server would for that configuration.
 */
import { createHash } from 'node:crypto';
import type { AppConfig } from '@mchezo/contracts/config';
import type { ReleaseManifest } from '@mchezo/contracts/releases';

export interface SitePolicyInput {
  /** The shell's index.html as built (not the composed page). */
  template: string;
  /** The shell's own stylesheet when the page carries it inline (decision 029). */
  stylesheet?: string;
  /** The first screen written into the page, if any (a remote version's static HTML). */
  firstScreenHtml?: string;
  /** The release manifest the page boots with: its entries' origins serve the remotes' files. */
  release?: ReleaseManifest;
  /** The public config the page boots with: error-report DSN and support-chat widget. */
  config?: AppConfig;
  /** PUBLIC_BASE_URL: thumbnails and the game frame are absolute URLs on it. */
  publicBaseUrl: string;
  /** A development server: remotes may come from a local dev server (a tester's dev_entry). */
  development?: boolean;
}

export const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * An empty `<style>` element: the auth remote's code field (input-otp) adds one and fills it
 * through CSSOM (`insertRule`), which no policy restricts. Empty, it carries no markup styles,
 * and text written into it later is checked again (and refused).
 */
export const EMPTY_STYLE = sha256('');

/** Local dev servers a development build may point a remote at (overrides.service's rule). */
const DEV_SERVERS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** The origin of an absolute http(s) URL; undefined for a relative one (it is the page's own). */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

const JS_TYPES = /^(|text\/javascript|application\/javascript|module)$/i;

/** sha256 of each inline script the browser would run, and of each inline `<style>`. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs) || !JS_TYPES.test(type)) continue;
    scripts.push(sha256(m[2] ?? ''));
  }
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1] ?? ''));
  return { scripts, styles };
}

/** sha256 of each `style="…"` attribute value (allowed with 'unsafe-hashes': those values only). */
export function styleAttributeHashes(html: string): string[] {
  const decode = (v: string) =>
    v.replace(/&(#\d+|#x[0-9a-f]+|quot|amp|lt|gt|apos);/gi, (e, code: string) => {
      const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
      if (code[0] !== '#') return named[code.toLowerCase()] ?? e;
      return String.fromCodePoint(
        code[1] === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)),
      );
    });
  return [...html.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) =>
    sha256(decode(m[1] ?? m[2] ?? '')),
  );
}

const templateHashes = new Map<string, ReturnType<typeof inlineHashes>>();
function hashesOfTemplate(template: string) {
  let hashes = templateHashes.get(template);
  if (!hashes) {
    hashes = inlineHashes(template);
    if (templateHashes.size >= 4) templateHashes.clear();
    templateHashes.set(template, hashes);
  }
  return hashes;
}

/** The remotes' origins: every entry (active and canary) of the release manifest. */
export function remoteOrigins(release: ReleaseManifest | undefined): string[] {
  const entries = Object.values(release?.remotes ?? {}).flatMap((r) => (r ? [r.entry, r.canary?.entry] : []));
  return entries.map(originOf).filter((o): o is string => Boolean(o));
}

const list = (...sources: (string | undefined | false)[]) => [
  ...new Set(sources.filter((s): s is string => Boolean(s))),
];

export function sitePolicy(input: SitePolicyInput): string {
  const { scripts, styles } = hashesOfTemplate(input.template);
  const attributes = input.firstScreenHtml ? [...new Set(styleAttributeHashes(input.firstScreenHtml))] : [];
  const firstScreenStyles = input.firstScreenHtml ? inlineHashes(input.firstScreenHtml).styles : [];
  const remotes = [...remoteOrigins(input.release), ...(input.development ? DEV_SERVERS : [])];
  const api = originOf(input.publicBaseUrl);
  const chat = originOf(input.config?.support_chat?.widget_url);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', list("'self'", ...remotes, chat, ...scripts)],
    [
      'style-src',
      list(
        "'self'",
        ...remotes,
        ...styles,
        ...firstScreenStyles,
        input.stylesheet !== undefined && sha256(input.stylesheet),
        EMPTY_STYLE,
        attributes.length > 0 && "'unsafe-hashes'",
        ...attributes,
      ),
    ],
    ['img-src', list("'self'", 'data:', api, ...remotes, chat)],
    ['font-src', list("'self'", ...remotes)],
    ['connect-src', list("'self'", api, ...remotes, chat)],
    ['frame-src', list("'self'", api, chat)],
    // The site's own service worker (/sw.js, decision 025) and its web app manifest.
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The offline page (shell/src/offline, decision 025): one file the service worker shows with no
 * network, so nothing but its own inline script and style, by hash, and nothing to reach.
 */
export function offlinePagePolicy(html: string): string {
  const { scripts, styles } = inlineHashes(html);
  return [
    "default-src 'none'",
    `script-src ${scripts.join(' ') || "'none'"}`,
    `style-src ${styles.join(' ') || "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The service worker's own policy (it applies to what the worker fetches): this origin only, as
 * the worker handles only this origin's requests.
 */
export const WORKER_POLICY = "default-src 'none'; connect-src 'self'";
