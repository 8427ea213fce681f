/**
 * `Link: rel=preload` headers for the page a URL opens with: the live version's manifest, its
 * remote entry and the exposed page's own files. The browser then fetches the remote while the
 * shell's JavaScript is still arriving, instead of after it has run (the longest chain of a cold
 * load on a slow network). Only a hint: a wrong or missing link costs nothing but a fetch.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReleaseManifest } from '@mchezo/contracts/releases';

interface MfManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/** URL paths the shell serves a remote page at, for the few worth preloading. */
export const PRELOADED_PAGES: Record<string, { remote: string; expose: string }> = {
  '/': { remote: 'lobby', expose: 'HomePage' },
};

const cache = new Map<string, Promise<string[]>>();

async function linksFor(
  siteDir: string,
  remote: string,
  version: string,
  entry: string,
  expose: string,
): Promise<string[]> {
  // Only our own CDN layout: an entry elsewhere (another CDN, an override) gets no hint.
  const prefix = `/remotes/${remote}/${version}/`;
  if (entry !== `${prefix}mf-manifest.json`) return [];
  const manifest = JSON.parse(
    await readFile(join(siteDir, 'remotes', remote, version, 'mf-manifest.json'), 'utf8'),
  ) as MfManifest;
  const page = manifest.exposes.find((e) => e.name === expose);
  const remoteEntry = manifest.metaData.remoteEntry;
  return [
    `<${entry}>; rel=preload; as=fetch; crossorigin`,
    `<${prefix}${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}>; rel=preload; as=script`,
    ...(page?.assets.css.sync ?? []).map((f) => `<${prefix}${f}>; rel=preload; as=style`),
    ...(page?.assets.js.sync ?? []).map((f) => `<${prefix}${f}>; rel=preload; as=script`),
  ];
}

export async function preloadLinks(
  siteDir: string,
  pathname: string,
  manifest: ReleaseManifest,
): Promise<string[]> {
  const page = PRELOADED_PAGES[pathname];
  const release = page ? manifest.remotes[page.remote as keyof ReleaseManifest['remotes']] : undefined;
  // With a canary running, which version this player gets is the shell's call (its bucket):
  // a hint for the active version would be a wasted download for the canary's share.
  if (!page || !release?.enabled || release.canary) return [];
  const key = `${page.remote}@${release.version}/${page.expose}`;
  let links = cache.get(key);
  if (!links) {
    links = linksFor(siteDir, page.remote, release.version, release.entry, page.expose).catch(() => []);
    cache.set(key, links);
  }
  return links;
}
