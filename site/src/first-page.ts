/**
 * What the page a URL opens with needs from its remote, so the browser gets it while the
 * shell's JavaScript is still arriving instead of after it has run (the longest chain of a cold
 * load on a slow network):
 * - written into the page: the live version's `mf-manifest.json` and the public API reads the
 *   page makes on its first render (a few KiB inline ride in the page's first round trip; as
 *   requests of their own each would open a connection on HTTP/1.1);
 * - preload hints for its remote entry, the exposed page's own files and its strings in the
 *   player's language (a remote names those chunks `strings-<language>`, decision 027).
 * A wrong or missing one costs nothing but a fetch: the shell and the API client fall back to
 * the network.
 */
import { firstScreenFile, STRINGS_CHUNK } from '@mchezo/contracts/boot';
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import { matchRoute, SITE_ROUTES } from '@mchezo/contracts/routes';
import { sha384Integrity } from './integrity.js';
import type { RemoteFiles } from './remote-files.js';

interface MfManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { name: string; assets: { js: { sync: string[]; async?: string[] }; css: { sync: string[] } } }[];
}

export interface Preload {
  href: string;
  as: 'fetch' | 'script' | 'style';
  /** A remote file's sha384: it loads with Subresource Integrity, so its preload must match. */
  integrity?: string;
}

export interface FirstPage {
  preloads: Preload[];
  /** JSON files by URL path, to write into the page. */
  files: Record<string, unknown>;
  /**
   * The page's first screen, when its version ships one (decision 011): static HTML painted
   * before any script runs. `page` is `remote/Expose`; `language`, the language of its text
   * when it has any (decision 026).
   */
  firstScreen?: FirstScreen;
}

export interface FirstScreen {
  page: string;
  html: string;
  language?: string;
}

/** Answers a public API read (a path of `PRELOADED_PAGES`' `data`) as the API would, or undefined. */
export type ReadPublic = (path: string) => Promise<unknown>;

export interface PreloadedPage {
  /** The site's route (`@mchezo/contracts/routes`): `:name` matches one path segment. */
  path: string;
  remote: string;
  expose: string;
  /** The public API reads the page makes on its first render. */
  data: readonly string[];
}

/**
 * The entry pages worth preparing: the routes with a first screen in the site's route table, the
 * pages a player opens the site at (a link, a bookmark, a reload). Pages behind sign-in are here
 * too: the HTML request cannot tell who is signed in, so their first screens draw only what every
 * player sees first (decision 026).
 */
export const PRELOADED_PAGES: readonly PreloadedPage[] = SITE_ROUTES.filter((r) => r.firstScreen).map(
  ({ path, remote, expose, publicReads }) => ({ path, remote, expose, data: publicReads ?? [] }),
);

/**
 * The entry page a URL (path and query) opens, if it is one worth preparing, with its route's
 * parameters: the path's, and the query parameters the route reads (`query` in the route table).
 */
export function preloadedPageFor(
  url: string,
): { page: PreloadedPage; params: Record<string, string> } | undefined {
  const [pathname = '/', search = ''] = url.split('?', 2);
  const match = matchRoute(pathname);
  const page = match && PRELOADED_PAGES.find((p) => p.path === match.route.path);
  if (!page) return undefined;
  const query = new URLSearchParams(search);
  const read = (match.route.query ?? []).flatMap((name) => {
    const value = query.get(name);
    return value === null ? [] : [[name, value] as const];
  });
  return { page, params: { ...match.params, ...Object.fromEntries(read) } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A first screen's `[[name]]`: the route's parameter as the page shows it (the game's title from
 * `/game/:title`, a query parameter the route reads), escaped: text from the URL, never markup.
 */
export function withRouteParams(html: string, params: Record<string, string>): string {
  return html.replace(/\[\[(\w+)\]\]/g, (_, name: string) => escapeHtml(params[name] ?? ''));
}

/** What a version's page needs whoever opens it, and its strings' chunk per language. */
interface Prepared extends FirstPage {
  strings: Record<string, Preload>;
}

const NOTHING: Prepared = { preloads: [], files: {}, strings: {} };
const cache = new Map<string, Promise<Prepared>>();

/** A fragment of the version folder, trimmed, or '' when it has none (or it cannot be read). */
async function readScreen(
  files: RemoteFiles,
  remote: string,
  version: string,
  file: string,
): Promise<string> {
  return ((await files.readText(remote, version, file)) ?? '').trim();
}

/**
 * The page's first screen in the first of `languages` its version ships it in, else its one
 * fragment without text. Optional: a version without one paints when its script runs, as before.
 */
async function firstScreen(
  files: RemoteFiles,
  remote: string,
  version: string,
  expose: string,
  languages: readonly string[],
): Promise<FirstScreen | undefined> {
  const page = `${remote}/${expose}`;
  for (const language of languages) {
    const html = await readScreen(files, remote, version, firstScreenFile(expose, language));
    if (html) return { page, html, language };
  }
  const html = await readScreen(files, remote, version, firstScreenFile(expose));
  return html ? { page, html } : undefined;
}

async function prepare(
  remoteFiles: RemoteFiles,
  remote: string,
  version: string,
  entry: string,
  expose: string,
  data: readonly string[],
): Promise<Prepared> {
  // Only our own CDN layout: an entry elsewhere (another CDN, an override) gets no hint.
  const prefix = `/remotes/${remote}/${version}/`;
  if (entry !== `${prefix}mf-manifest.json`) return NOTHING;
  const manifest = JSON.parse(
    (await remoteFiles.read(remote, version, 'mf-manifest.json'))?.toString('utf8') ?? '',
  ) as MfManifest;
  const page = manifest.exposes.find((e) => e.name === expose);
  const remoteEntry = manifest.metaData.remoteEntry;
  const hint = async (file: string, as: Preload['as']): Promise<Preload> => {
    const bytes = await remoteFiles.read(remote, version, file).catch(() => undefined);
    return { href: `${prefix}${file}`, as, ...(bytes && { integrity: sha384Integrity(bytes) }) };
  };
  const strings: Record<string, Preload> = {};
  for (const file of page?.assets.js.async ?? []) {
    const language = STRINGS_CHUNK.exec(file)?.[1];
    if (language) strings[language] = await hint(file, 'script');
  }
  return {
    files: { [entry]: manifest },
    strings,
    preloads: [
      ...(await Promise.all([
        hint(`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`, 'script'),
        ...(page?.assets.css.sync ?? []).map((file) => hint(file, 'style')),
        ...(page?.assets.js.sync ?? []).map((file) => hint(file, 'script')),
      ])),
      // Not written into the page (no `readPublic`, or it failed): at least asked for early.
      ...data.map((href) => ({ href, as: 'fetch' as const })),
    ],
  };
}

/** The page's data, read now (it changes; the rest is per version), inline instead of preloaded. */
async function withData(
  prepared: FirstPage,
  data: readonly string[],
  readPublic: ReadPublic,
): Promise<FirstPage> {
  const files = { ...prepared.files };
  await Promise.all(
    data.map(async (path) => {
      const body = await readPublic(path).catch(() => undefined);
      if (body !== undefined) files[path] = body;
    }),
  );
  const preloads = prepared.preloads.filter((p) => !(p.as === 'fetch' && p.href in files));
  return { ...prepared, preloads, files };
}

/**
 * What the page at `url` (its path and query) needs. `languages`: the player's, best first (the shell's cookie,
 * then `Accept-Language`): the first one the page's first screen ships in is written.
 */
export async function firstPage(
  remoteFiles: RemoteFiles,
  url: string,
  manifest: ReleaseManifest,
  readPublic?: ReadPublic,
  languages: readonly string[] = [],
): Promise<FirstPage> {
  const route = preloadedPageFor(url);
  const page = route?.page;
  const release = page ? manifest.remotes[page.remote as keyof ReleaseManifest['remotes']] : undefined;
  // With a canary running, which version this player gets is the shell's call (its bucket):
  // a hint for the active version would be a wasted download for the canary's share.
  if (!route || !page || !release?.enabled || release.canary) return { preloads: [], files: {} };
  const key = `${page.remote}@${release.version}/${page.expose}`;
  let prepared = cache.get(key);
  if (!prepared) {
    prepared = prepare(
      remoteFiles,
      page.remote,
      release.version,
      release.entry,
      page.expose,
      page.data,
    ).catch(() => NOTHING);
    cache.set(key, prepared);
  }
  const version = await prepared;
  const { strings, ...ready } = version;
  // Only for our own CDN layout, as the hints (a version elsewhere is not in this folder).
  const screen =
    version === NOTHING
      ? undefined
      : await firstScreen(remoteFiles, page.remote, release.version, page.expose, languages);
  // The strings the page asks for first: the first of the player's languages it ships, else
  // English, as the shell's language detection decides (shared/i18n/src/detect-language.ts).
  const language = languages.find((l) => l in strings) ?? 'en';
  const withStrings = strings[language]
    ? { ...ready, preloads: [...ready.preloads, strings[language]] }
    : ready;
  const result = screen
    ? { ...withStrings, firstScreen: { ...screen, html: withRouteParams(screen.html, route.params) } }
    : withStrings;
  return readPublic ? withData(result, page.data, readPublic) : result;
}
