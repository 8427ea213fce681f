import type { ReleaseManifest } from '@mchezo/contracts/releases';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createManifestSlot, MANIFEST_FRESH_MS, MANIFEST_REVALIDATE_WAIT_MS } from './fresh-manifest.ts';

const wallet = (revision: number, enabled: boolean): ReleaseManifest => ({
  revision,
  remotes: { wallet: { version: 'v1', entry: '/remotes/wallet/v1/mf-manifest.json', enabled } },
});
const ON = wallet(1, true);
const OFF = wallet(2, false);

function slotWith(revalidate: () => Promise<ReleaseManifest>) {
  const spy = vi.fn(revalidate);
  const slot = createManifestSlot({
    load: async () => ({ manifest: ON, source: 'network' }),
    revalidate: spy,
  });
  return { slot, revalidate: spy };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the manifest a navigation goes by', () => {
  it('is the one the tab has while it is younger than the bound: no request', async () => {
    const { slot, revalidate } = slotWith(async () => OFF);
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS - 1);
    await expect(slot.fresh()).resolves.toEqual({ manifest: ON, source: 'network' });
    expect(revalidate).not.toHaveBeenCalled();
  });

  it('is revalidated once older than the bound, and the current one is used', async () => {
    const { slot, revalidate } = slotWith(async () => OFF);
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS);
    await expect(slot.fresh()).resolves.toEqual({ manifest: OFF, source: 'network' });
    expect(revalidate).toHaveBeenCalledTimes(1);
    await expect(slot.current()).resolves.toMatchObject({ manifest: OFF });
  });

  it('asks at most once per bound however many navigations, and never without one', async () => {
    const { slot, revalidate } = slotWith(async () => ON);
    await vi.advanceTimersByTimeAsync(10 * MANIFEST_FRESH_MS);
    // No navigation, no request: nothing polls.
    expect(revalidate).not.toHaveBeenCalled();
    await Promise.all([slot.fresh(), slot.fresh(), slot.fresh()]);
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS - 1);
    await slot.fresh();
    expect(revalidate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await slot.fresh();
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it('goes on with the manifest it has when the API fails, and asks again only after the bound', async () => {
    const { slot, revalidate } = slotWith(async () => {
      throw new Error('503');
    });
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS);
    await expect(slot.fresh()).resolves.toMatchObject({ manifest: ON });
    await expect(slot.fresh()).resolves.toMatchObject({ manifest: ON });
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('waits for a slow API only a moment, and the late answer serves the next navigation', async () => {
    let answer: (m: ReleaseManifest) => void = () => {};
    const { slot } = slotWith(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS);
    let settled: unknown = null;
    void slot.fresh().then((m) => {
      settled = m;
    });
    await vi.advanceTimersByTimeAsync(MANIFEST_REVALIDATE_WAIT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ manifest: ON });
    answer(OFF);
    await expect(slot.fresh()).resolves.toMatchObject({ manifest: OFF });
  });

  it('tells listeners of a new revision, not of an unchanged one', async () => {
    const { slot } = slotWith(async () => OFF);
    const seen: number[] = [];
    const stop = slot.subscribe(({ manifest }) => seen.push(manifest.revision));
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS);
    await slot.fresh();
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS);
    await slot.fresh();
    expect(seen).toEqual([2]);
    stop();
  });

  it('never steps back to an older revision', async () => {
    const { slot } = slotWith(async () => ({ ...ON, revision: 0 }));
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS);
    await expect(slot.fresh()).resolves.toMatchObject({ manifest: ON });
  });

  it('replaces a first load that failed', async () => {
    const slot = createManifestSlot({
      load: () => Promise.reject(new Error('offline')),
      revalidate: async () => OFF,
    });
    await expect(slot.current()).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(MANIFEST_FRESH_MS);
    await expect(slot.fresh()).resolves.toMatchObject({ manifest: OFF });
  });
});
