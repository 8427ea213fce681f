/**
 * What the page a URL opens with needs from its remote, so the browser gets it while the
 * shell's JavaScript is still arriving instead of after it has run (the longest chain of a cold
 * load on a slow network):
 * - written into the page: the live version's `mf-manifest.json` and the public API reads the
 *   page makes on its first render (a few KiB inline ride in the page's first round trip; as
 *   requests of their own each would open a connection on HTTP/1.1);
 * - preload hints for its remote entry and the exposed page's own files.
 * A wrong or missing one costs nothing but a fetch: the shell and the API client fall back to
 * the network.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { firstScreenFile } from '@mchezo/contracts/boot';
import type { ReleaseManifest } from '@mchezo/contracts/releases';

interface MfManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

export interface Preload {
  href: string;
  as: 'fetch' | 'script' | 'style';
}

export interface FirstPage {
  preloads: Preload[];
  /** JSON files by URL path, to write into the page. */
  files: Record<string, unknown>;
  /**
   * The page's first screen, when its version ships one (decision 011): static HTML painted
   * before any script runs. `page` is `remote/Expose`.
   */
  firstScreen?: { page: string; html: string };
}

/** Answers a public API read (a path of `PRELOADED_PAGES`' `data`) as the API would, or undefined. */
export type ReadPublic = (path: string) => Promise<unknown>;

/**
 * URL paths the shell serves a remote page at, for the few worth preparing: the remote, the
 * exposed page, and the public API reads the page makes on its first render.
 */
export const PRELOADED_PAGES: Record<string, { remote: string; expose: string; data: string[] }> = {
  '/': { remote: 'lobby', expose: 'HomePage', data: ['/api/v1/casino/games'] },
};

const NOTHING: FirstPage = { preloads: [], files: {} };
const cache = new Map<string, Promise<FirstPage>>();

async function prepare(
  siteDir: string,
  remote: string,
  version: string,
  entry: string,
  expose: string,
  data: string[],
): Promise<FirstPage> {
  // Only our own CDN layout: an entry elsewhere (another CDN, an override) gets no hint.
  const prefix = `/remotes/${remote}/${version}/`;
  if (entry !== `${prefix}mf-manifest.json`) return NOTHING;
  const manifest = JSON.parse(
    await readFile(join(siteDir, 'remotes', remote, version, 'mf-manifest.json'), 'utf8'),
  ) as MfManifest;
  const page = manifest.exposes.find((e) => e.name === expose);
  const remoteEntry = manifest.metaData.remoteEntry;
  // Optional: a version without one (or an unreadable one) paints when its script runs, as before.
  const firstScreenHtml = await readFile(
    join(siteDir, 'remotes', remote, version, firstScreenFile(expose)),
    'utf8',
  )
    .then((html) => html.trim())
    .catch(() => '');
  return {
    ...(firstScreenHtml && { firstScreen: { page: `${remote}/${expose}`, html: firstScreenHtml } }),
    files: { [entry]: manifest },
    preloads: [
      { href: `${prefix}${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`, as: 'script' },
      ...(page?.assets.css.sync ?? []).map((f) => ({ href: `${prefix}${f}`, as: 'style' as const })),
      ...(page?.assets.js.sync ?? []).map((f) => ({ href: `${prefix}${f}`, as: 'script' as const })),
      // Not written into the page (no `readPublic`, or it failed): at least asked for early.
      ...data.map((href) => ({ href, as: 'fetch' as const })),
    ],
  };
}

/** The page's data, read now (it changes; the rest is per version), inline instead of preloaded. */
async function withData(prepared: FirstPage, data: string[], readPublic: ReadPublic): Promise<FirstPage> {
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

export async function firstPage(
  siteDir: string,
  pathname: string,
  manifest: ReleaseManifest,
  readPublic?: ReadPublic,
): Promise<FirstPage> {
  const page = PRELOADED_PAGES[pathname];
  const release = page ? manifest.remotes[page.remote as keyof ReleaseManifest['remotes']] : undefined;
  // With a canary running, which version this player gets is the shell's call (its bucket):
  // a hint for the active version would be a wasted download for the canary's share.
  if (!page || !release?.enabled || release.canary) return NOTHING;
  const key = `${page.remote}@${release.version}/${page.expose}`;
  let prepared = cache.get(key);
  if (!prepared) {
    prepared = prepare(siteDir, page.remote, release.version, release.entry, page.expose, page.data).catch(
      () => NOTHING,
    );
    cache.set(key, prepared);
  }
  return readPublic ? withData(await prepared, page.data, readPublic) : prepared;
}
