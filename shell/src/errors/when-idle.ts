/** Runs `fn` when the browser is idle (at the latest after `timeout` ms); a timer where that is missing. */
export function whenIdle(fn: () => void, timeout = 3000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout });
  else setTimeout(fn, 1500);
}
