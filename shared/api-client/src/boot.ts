/**
 * The boot data the site server wrote into index.html (`@mchezo/contracts/boot`), read once.
 * Absent or unreadable counts as empty, and then everything is fetched as usual.
 */
import { BOOT_ELEMENT_ID, type BootData } from '@mchezo/contracts/boot';

export function readBootData(doc: Pick<Document, 'getElementById'> | undefined): BootData {
  const text = doc?.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as BootData) : {};
  } catch {
    return {};
  }
}

export const bootData: BootData = readBootData(globalThis.document);

const taken = new Set<string>();

/**
 * A file the page carries (a remote's manifest, the first page's public data), by URL: absolute
 * on this origin or a path. Each is given once: a later read or a retry goes to the network.
 */
export function takeBootFile(url: string, data: BootData = bootData): unknown {
  const files = data.files;
  if (!files || typeof location === 'undefined') return undefined;
  const { origin, pathname, search } = new URL(url, location.href);
  if (origin !== location.origin || search || taken.has(pathname) || !Object.hasOwn(files, pathname))
    return undefined;
  taken.add(pathname);
  return files[pathname];
}
