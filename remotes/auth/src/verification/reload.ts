/**
 * A full page load of `path` (the verify page "reloads" to its target, docs/product-rules.md#verify).
 * Apart, so tests can stub it.
 */
export function reloadTo(path: string): void {
  window.location.assign(path);
}
