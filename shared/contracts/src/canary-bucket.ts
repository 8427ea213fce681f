/**
 * A player's canary bucket for one remote, 0–99 (docs/decisions/008-release-choice-in-the-shell.md):
 * the same key and remote always give the same bucket, so a player keeps one version on every
 * phone; the remote is part of the hash, so a player under one canary's percentage is not under
 * every other remote's too. FNV-1a (32 bit) over the UTF-16 code units: small, fast and even
 * enough for a percentage.
 */
export function canaryBucket(key: string, remote: string): number {
  const text = `${key}\n${remote}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}
