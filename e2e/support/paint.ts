/**
 * Waiting on the browser's report of a paint, where a fixed delay would guess how long a busy
 * machine takes to report it.
 */
import type { Frame, Page } from '@playwright/test';

/**
 * Adds a one-pixel marker to the document and waits for its Element Timing entry: the report
 * that a frame drawn after this call was painted. Chromium hands out a frame's paint timings
 * (largest-paint candidates, element timings) in frame order, and its layout shifts before its
 * paint, so by then every shift and largest-paint candidate of what the document showed before
 * is in its observers' buffers (`takeRecords()` reads what a callback has not yet). The marker
 * is fixed (it moves nothing), smaller than any candidate, and gone again afterwards.
 */
export async function paintReported(target: Page | Frame): Promise<void> {
  await target.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const id = `e2e-paint-${performance.now()}`;
        const marker = document.createElement('span');
        new PerformanceObserver((list, observer) => {
          if (
            !list.getEntries().some((e) => (e as PerformanceEntry & { identifier: string }).identifier === id)
          )
            return;
          observer.disconnect();
          marker.remove();
          resolve();
        }).observe({ type: 'element', buffered: true });
        marker.setAttribute('elementtiming', id);
        marker.setAttribute('aria-hidden', 'true');
        marker.textContent = '.';
        Object.assign(marker.style, { position: 'fixed', top: '0', left: '0', fontSize: '1px' });
        document.body.append(marker);
      }),
  );
}

/**
 * Waits until the shell measures this page view's speed (docs/decisions/051): it fetches the
 * web-vitals library only once a remote's page is up and the browser idle, so until this mark
 * a page view's files are not all requested, however long the network has been quiet.
 */
export async function vitalsMeasured(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('mchezo:vitals-measured').length > 0);
}
