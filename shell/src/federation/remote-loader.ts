/**
 * Turns "remote X, exposed module Y" into a React component, or a reason it cannot.
 * The shell calls this for each route's page; nothing is loaded before a route needs it.
 */
import type { ReleaseManifest, RemoteName } from '@mchezo/contracts/releases';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { useAuthStore } from '../stores/auth.store.ts';
import { createManifestSlot } from './fresh-manifest.ts';
import { countLoad } from './load-beacon.ts';
import { type ChosenRelease, chooseRelease, lastGoodRelease } from './release-choice.ts';
import { loadReleaseManifest, revalidateReleaseManifest } from './release-manifest.ts';
import { boundedLoadingPlugin, expectIntegrity } from './runtime-plugin.ts';
import { REMOTE_DEADLINE_MS, withDeadline } from './timeouts.ts';

export type UnavailableReason = 'disabled' | 'not-deployed' | 'failed';

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  constructor(
    readonly remote: RemoteName,
    readonly reason: UnavailableReason,
    message: string,
    options?: { cause?: unknown; version?: string | undefined },
  ) {
    super(message, options);
    this.version = options?.version;
    this.hung = timedOut(options?.cause);
  }
  /** The version that failed to load, when one was tried. */
  readonly version: string | undefined;
  /**
   * A request got no answer in time. The browser still has it in flight, and a script element
   * with the same URL joins that request instead of sending another: only a page reload really
   * fetches again (docs/decisions/002-every-remote-slot-fails-soft.md).
   */
  readonly hung: boolean;
}

/** Whether an error, or one it was caused by, is a timeout (ours, the MF runtime's or a chunk's). */
function timedOut(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (error.name === 'TimeoutError' || /timed out|timeout/i.test(error.message)) return true;
  return timedOut(error.cause, depth + 1);
}

registerPlugins([boundedLoadingPlugin()]);

// Started when this module is first imported (at boot), in parallel with the first render;
// revalidated when a navigation finds it older than the bound (fresh-manifest.ts).
const manifests = createManifestSlot({ load: loadReleaseManifest, revalidate: revalidateReleaseManifest });
const registered = new Map<RemoteName, string>();
const components = new Map<string, ComponentType>();

export function releaseManifest() {
  return manifests.current();
}

/** Each newer manifest a navigation brings (the nav's switched-off items follow it). */
export const onReleaseManifestChange = manifests.subscribe;

export async function isRemoteEnabled(remote: RemoteName): Promise<boolean> {
  const { manifest } = await manifests.current();
  return manifest.remotes[remote]?.enabled === true;
}

export interface LoadedPage {
  Page: ComponentType;
  release: ChosenRelease;
}

/**
 * The version of each remote this page uses, chosen once per manifest revision: signing in
 * mid-visit (which changes the bucket's key) does not switch a page already shown; the next
 * page load, or the next navigation after a new revision was read, does.
 */
const chosen = new Map<RemoteName, { revision: number; release: ChosenRelease | null }>();
/**
 * What one `loadRemotePage` call did: the version it went for (named in its failure), and whether
 * it fetched it itself (only then is the load counted for release health).
 */
interface Attempt {
  release?: ChosenRelease;
  fetched?: boolean;
}

/** Pages being loaded now, by `remote@version/expose`. */
const loading = new Map<string, Promise<LoadedPage>>();

function choiceFor(manifest: ReleaseManifest, remote: RemoteName): ChosenRelease | null {
  const pinned = chosen.get(remote);
  if (pinned?.revision === manifest.revision) return pinned.release;
  // The player's bucket: the profile cached at the last sign-in names them while the start-up
  // refresh confirms the session (decision 034), so the first page is chosen as before.
  const { user } = useAuthStore.getState();
  const release = chooseRelease(manifest, remote, user?.id ?? null);
  chosen.set(remote, { revision: manifest.revision, release });
  return release;
}

async function load(
  remote: RemoteName,
  expose: string,
  force: boolean,
  fallback: boolean,
  attempt: Attempt,
): Promise<LoadedPage> {
  // A navigation goes by the current release: switched off, rolled back or a canary aborted
  // since this tab read its manifest. A page already on screen keeps the version it has.
  const { manifest } = await manifests.fresh();
  const listed = manifest.remotes[remote];
  if (!listed)
    throw new RemoteUnavailableError(remote, 'not-deployed', `${remote} is not in the release manifest`);
  if (!listed.enabled) throw new RemoteUnavailableError(remote, 'disabled', `${remote} is switched off`);
  const release = fallback ? lastGoodRelease(remote) : choiceFor(manifest, remote);
  if (!release)
    throw new RemoteUnavailableError(remote, 'failed', `${remote} has no version that worked before`);

  const key = `${remote}@${release.version}/${expose}`;
  const cached = components.get(key);
  if (cached && !force) return { Page: cached, release };
  attempt.release = release;
  // The same page already on its way (the first page's early start, then its route): one load,
  // counted once, by the call that started it.
  const pending = loading.get(key);
  if (pending && !force) return pending;
  attempt.fetched = true;
  const page = fetchPage(remote, expose, key, release, manifest, force);
  loading.set(key, page);
  page.then(
    () => loading.delete(key),
    () => loading.delete(key),
  );
  return page;
}

/** Registers the chosen version's entry and loads the exposed page from it. */
async function fetchPage(
  remote: RemoteName,
  expose: string,
  key: string,
  release: ChosenRelease,
  manifest: ReleaseManifest,
  force: boolean,
): Promise<LoadedPage> {
  const entry = new URL(release.entry, location.href).href;
  expectIntegrity(manifest.integrity);
  if (force || registered.get(remote) !== entry) {
    // `force` drops the runtime's cache of a failed entry (or of another version of the same
    // remote), so a retry or a fallback really fetches again. A remote entry also leaves its
    // container on a global named after the remote: another version must not find it there.
    // (`var` globals cannot be deleted: clear it.)
    if (registered.has(remote)) (globalThis as Record<string, unknown>)[remote] = undefined;
    registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
    registered.set(remote, entry);
  }
  const mod = await loadRemote<{ default?: ComponentType }>(`${remote}/${expose}`);
  if (!mod?.default) throw new Error(`${remote}/${expose} has no default export`);
  components.set(key, mod.default);
  return { Page: mod.default, release };
}

/**
 * Loads a remote page within the deadline; every failure becomes a RemoteUnavailableError.
 * With `fallback`, the version that last worked for this player is loaded instead of the
 * manifest's choice (the chosen one failed to load or to render).
 */
export async function loadRemotePage(
  remote: RemoteName,
  expose: string,
  opts: { retry?: boolean; fallback?: boolean } = {},
): Promise<LoadedPage> {
  if (opts.retry) manifests.retryIfFailed();
  const attempt: Attempt = {};
  try {
    const loaded = await withDeadline(
      load(remote, expose, opts.retry === true || opts.fallback === true, opts.fallback === true, attempt),
      REMOTE_DEADLINE_MS,
      `${remote}/${expose}`,
    );
    if (attempt.fetched && attempt.release) countLoad(remote, attempt.release.version, true);
    return loaded;
  } catch (error) {
    if (attempt.fetched && attempt.release) countLoad(remote, attempt.release.version, false);
    if (error instanceof RemoteUnavailableError) throw error;
    throw new RemoteUnavailableError(remote, 'failed', `${remote}/${expose} failed to load`, {
      cause: error,
      version: attempt.release?.version,
    });
  }
}

/** The version the manifest gives this player now (active or canary), if any. */
export async function currentChoice(remote: RemoteName): Promise<ChosenRelease | null> {
  try {
    const { manifest } = await manifests.current();
    return choiceFor(manifest, remote);
  } catch {
    return null;
  }
}

/**
 * Starts loading a page before React asks for it: the bootstrap calls this for the first URL,
 * so the remote's files download while the shell's own JavaScript is still starting up.
 * Errors are left for the page's own load to report.
 */
export function prefetchRemotePage(remote: RemoteName, expose: string): void {
  loadRemotePage(remote, expose).catch(() => {});
}
