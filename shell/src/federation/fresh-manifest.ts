/**
 * The release manifest a tab goes by, kept fresh on navigation
 * (docs/decisions/045-fresh-manifest-on-navigation.md): a navigation to a remote's route uses a
 * manifest read no longer than MANIFEST_FRESH_MS ago. An older one is revalidated first (a
 * conditional GET: 304 when nothing changed), waited for at most MANIFEST_REVALIDATE_WAIT_MS;
 * a revalidation that fails or is late leaves the manifest the tab has. Nothing polls: no
 * navigation, no request, and at most one request per MANIFEST_FRESH_MS however many navigations.
 */
import type { ReleaseManifest } from '@mchezo/contracts/releases';

/** The oldest manifest a navigation to a remote's route goes by (stated in docs/releases.md, "What players get"). */
export const MANIFEST_FRESH_MS = 30_000;
/** How long a navigation waits for the revalidation before going on with the manifest it has. */
export const MANIFEST_REVALIDATE_WAIT_MS = 1500;

export interface LoadedManifest {
  manifest: ReleaseManifest;
  source: 'network' | 'last-good';
}

export interface ManifestSlot {
  /** The manifest as the tab has it now. */
  current(): Promise<LoadedManifest>;
  /** For a navigation: the manifest, revalidated first when older than the bound. */
  fresh(): Promise<LoadedManifest>;
  /** After a failed first load, the next read asks again. */
  retryIfFailed(): void;
  /** Calls `listener` with each manifest a revalidation brings; answers how to stop. */
  subscribe(listener: (loaded: LoadedManifest) => void): () => void;
}

export function createManifestSlot({
  load,
  revalidate,
  now = () => Date.now(),
}: {
  /** The first read (the page's own copy, the network, or the last good one). */
  load: () => Promise<LoadedManifest>;
  /** A read from the server only: rejects when it does not answer with a manifest. */
  revalidate: () => Promise<ReleaseManifest>;
  now?: () => number;
}): ManifestSlot {
  let promise = load();
  /** When the manifest was last asked for (answered or not): the bound counts from there. */
  let askedAt = now();
  let pending: Promise<void> | null = null;
  const listeners = new Set<(loaded: LoadedManifest) => void>();

  function startRevalidation(): Promise<void> {
    const before = promise;
    return revalidate().then(
      async (manifest) => {
        const had = await before.catch(() => null);
        // Never step back: a revision older than the one the tab has is not the current choice.
        if (promise !== before || (had && manifest.revision < had.manifest.revision)) return;
        const loaded: LoadedManifest = { manifest, source: 'network' };
        promise = Promise.resolve(loaded);
        if (manifest.revision !== had?.manifest.revision) for (const listener of listeners) listener(loaded);
      },
      () => {
        // The API is down or slow: the tab keeps the manifest it has.
      },
    );
  }

  return {
    current: () => promise,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retryIfFailed() {
      promise = promise.catch(() => load());
      askedAt = now();
    },
    async fresh() {
      if (!pending && now() - askedAt >= MANIFEST_FRESH_MS) {
        askedAt = now();
        pending = startRevalidation().finally(() => {
          pending = null;
        });
      }
      if (pending) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, MANIFEST_REVALIDATE_WAIT_MS);
        });
        await Promise.race([pending, late]).finally(() => clearTimeout(timer));
      }
      return promise;
    },
  };
}
