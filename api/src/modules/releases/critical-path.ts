/**
 * Byte budgets (docs/decisions/048-byte-budgets.md). A version's critical path is measured by the
 * platform from its folder, never taken from the uploader: per exposed page, the brotli bytes (what
 * the site serves a phone, scripts/precompress.mjs: quality 11) of what a page of that remote loads
 * before it renders (site/src/first-page.ts): its `mf-manifest.json`, its remote entry, the
 * expose's sync CSS and JS, and one language's strings chunk (the largest: the budget holds for
 * every player). The version's figure is its largest page's.
 */
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { STRINGS_CHUNK } from '@mchezo/contracts/boot';
import type { ByteBudgetFigures } from '@mchezo/contracts/errors';
import type { CriticalPath, RemoteName } from '@mchezo/contracts/releases';
import { refuse } from '../../lib/errors.js';

interface MfManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: {
    name: string;
    assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[] } };
  }[];
}

/** One file of a version, by its path in the version (undefined: missing, or outside it). */
export type ReadVersionFile = (file: string) => Promise<Buffer | undefined>;

/** Brotli bytes of a file of the version; 0 for one outside it or missing (the compatibility check's business). */
async function brotliBytes(read: ReadVersionFile, file: string): Promise<number> {
  const raw = await read(file.replace(/^\.?\//, '')).catch(() => undefined);
  if (!raw) return 0;
  return brotliCompressSync(raw, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
  }).length;
}

/** The version's critical path (its files from the version store), or null when it has no readable `mf-manifest.json`. */
export async function measureCriticalPath(read: ReadVersionFile): Promise<CriticalPath | null> {
  let manifest: MfManifest;
  try {
    manifest = JSON.parse((await read('mf-manifest.json'))?.toString('utf8') ?? '') as MfManifest;
  } catch {
    return null;
  }
  const sizes = new Map<string, Promise<number>>();
  const size = (file: string) => {
    let bytes = sizes.get(file);
    if (!bytes) {
      bytes = brotliBytes(read, file);
      sizes.set(file, bytes);
    }
    return bytes;
  };
  const entry = manifest.metaData?.remoteEntry;
  const shell = [
    'mf-manifest.json',
    ...(entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : []),
  ];
  const pages: Record<string, number> = {};
  for (const expose of manifest.exposes ?? []) {
    const assets = expose.assets ?? {};
    const strings = await Promise.all(
      (assets.js?.async ?? []).filter((f) => STRINGS_CHUNK.test(f)).map((f) => size(f)),
    );
    const files = [...new Set([...shell, ...(assets.css?.sync ?? []), ...(assets.js?.sync ?? [])])];
    const bytes = await Promise.all(files.map(size));
    pages[expose.name] = bytes.reduce((a, b) => a + b, 0) + Math.max(0, ...strings);
  }
  if (!Object.keys(pages).length) return { bytes: await size('mf-manifest.json'), page: null, pages };
  const [page, bytes] = Object.entries(pages).reduce((a, b) => (b[1] > a[1] ? b : a));
  return { bytes, page, pages };
}

/** `41.2 KB` (1 KB = 1000 bytes, as budgets are written). */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The version's figures against its remote's budget and the active version's. */
export function budgetFigures(
  remote: RemoteName,
  version: string,
  path: CriticalPath | null,
  budget: number,
  active: { version: string; path: CriticalPath | null } | null,
): ByteBudgetFigures {
  const bytes = path?.bytes ?? null;
  const activeBytes = active?.path?.bytes ?? null;
  let than = '';
  if (active) {
    const delta = bytes !== null && activeBytes !== null ? bytes - activeBytes : null;
    const sign = delta !== null && delta >= 0 ? '+' : '-';
    than = ` (active ${active.version}: ${activeBytes === null ? 'not measured' : kb(activeBytes)}${delta === null ? '' : `, ${sign}${kb(Math.abs(delta))}`})`;
  }
  const over = bytes !== null && bytes > budget;
  const size =
    bytes === null ? 'not measured (no readable mf-manifest.json)' : `${kb(bytes)} on the critical path`;
  return {
    remote,
    version,
    bytes,
    page: path?.page ?? null,
    budget,
    active: active ? { version: active.version, bytes: activeBytes } : null,
    over,
    summary: `${remote} ${version}: ${size}${than}, budget ${kb(budget)}${over ? ' — OVER BUDGET' : ''}`,
  };
}

/** 422 OVER_BYTE_BUDGET with the figures. */
export const overBudget = (figures: ByteBudgetFigures) =>
  refuse(
    'OVER_BYTE_BUDGET',
    `${figures.summary}. A release manager can override with a reason (override_budget).`,
    { byte_budget: figures },
  );
