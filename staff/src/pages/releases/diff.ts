/**
 * What changed between two revisions of the release manifest, per remote: its version, canary
 * (version and share) and whether it is enabled. Each revision holds its whole manifest
 * (GET /releases/history), so the diff is read here rather than asked of the API.
 */
import type { ReleaseManifest } from '@mchezo/contracts/releases';

export type Field = 'version' | 'canary' | 'enabled';

export interface FieldChange {
  field: Field;
  /** As shown: a version, `1.1.0 at 10%`, `on`/`off`; null: none (no canary, a remote not yet listed). */
  before: string | null;
  after: string | null;
}

export interface RemoteDiff {
  remote: string;
  changes: FieldChange[];
}

type Entry = ReleaseManifest['remotes'][keyof ReleaseManifest['remotes']];

const shown = (entry: Entry | undefined, field: Field): string | null => {
  if (!entry) return null;
  if (field === 'version') return entry.version;
  if (field === 'enabled') return entry.enabled ? 'on' : 'off';
  return entry.canary ? `${entry.canary.version} @ ${entry.canary.percent}%` : null;
};

/** Each remote whose entry differs, with the fields that differ (remotes in name order). */
export function manifestDiff(before: ReleaseManifest | null, after: ReleaseManifest): RemoteDiff[] {
  const names = [...new Set([...Object.keys(before?.remotes ?? {}), ...Object.keys(after.remotes)])].sort();
  return names.flatMap((remote) => {
    const a = before?.remotes[remote as keyof ReleaseManifest['remotes']];
    const b = after.remotes[remote as keyof ReleaseManifest['remotes']];
    const changes = (['version', 'canary', 'enabled'] as const).flatMap((field) => {
      const [x, y] = [shown(a, field), shown(b, field)];
      return x === y ? [] : [{ field, before: x, after: y }];
    });
    return changes.length > 0 ? [{ remote, changes }] : [];
  });
}
