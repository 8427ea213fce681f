/**
 * Toasts (sonner) load on the first toast, not with the page: most visits never show one, and
 * the library would otherwise sit on the home route's critical path. Remotes raise toasts
 * through the host, which calls `showToast`.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

type Kind = 'success' | 'error' | 'info';
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
const loadSonner = () => {
  // Its stylesheet as a file, not the inline <style> sonner would write (shell/rsbuild.config.ts).
  sonner ??= Promise.all([import('sonner'), import('sonner/dist/styles.css')]).then(([module]) => module);
  return sonner;
};

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/**
 * Dark background, orange text, bottom-right, 4 s, at most 3, gap 14 px, width 356 px
 * (docs/product-rules.md#toasts).
 */
const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function MountedToaster() {
    // Runs after the Toaster's own effects, so it is subscribed before the first toast is sent.
    useEffect(() => markMounted(), []);
    return (
      <Toaster
        position="bottom-right"
        // Dark theme: its description text is light grey (sonner's default grey on our dark
        // background was 1.8:1, unreadable).
        theme="dark"
        // Phones: above the bottom navigation, never over it.
        mobileOffset={{ bottom: 'calc(4.5rem + env(safe-area-inset-bottom))' }}
        duration={4000}
        visibleToasts={3}
        gap={14}
        style={{ '--width': '356px' } as React.CSSProperties}
        toastOptions={{ style: { background: '#111827', color: '#f97316', border: '1px solid #1f2937' } }}
      />
    );
  }
  return { default: MountedToaster };
});

export function ToasterSlot() {
  const show = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => wanted,
  );
  return show ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

export async function showToast(kind: Kind, title: string, description?: string): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  const [{ toast }] = await Promise.all([loadSonner(), mounted]);
  const options = description ? { description } : undefined;
  if (kind === 'info') toast(title, options);
  else toast[kind](title, options);
}
