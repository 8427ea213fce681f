/** A full page load of `path` (spec §4: the verify page "reloads" to its target). Apart, so tests can stub it. */
export function reloadTo(path: string): void {
  window.location.assign(path);
}
