import type { ReleaseManifest, ReleaseOverrideInfo, RemoteRelease } from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';

/**
 * Checks a manifest by hand rather than with the zod schema: the schema library would add
 * ~22 kB to the shell's critical path for one small object.
 */
export function parseReleaseManifest(value: unknown): ReleaseManifest {
  const m = value as { revision?: unknown; remotes?: unknown } | null;
  if (
    !m ||
    typeof m !== 'object' ||
    typeof m.revision !== 'number' ||
    !m.remotes ||
    typeof m.remotes !== 'object'
  ) {
    throw new Error('Release manifest is malformed');
  }
  const remotes: ReleaseManifest['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    const r = (m.remotes as Record<string, unknown>)[name] as Partial<RemoteRelease> | undefined;
    if (r === undefined) continue;
    if (typeof r?.version !== 'string' || typeof r.entry !== 'string' || typeof r.enabled !== 'boolean') {
      throw new Error(`Release manifest entry for ${name} is malformed`);
    }
    const c = r.canary as Partial<NonNullable<RemoteRelease['canary']>> | undefined;
    const canary =
      c && typeof c.version === 'string' && typeof c.entry === 'string' && typeof c.percent === 'number'
        ? { version: c.version, entry: c.entry, percent: c.percent }
        : undefined;
    remotes[name] = { version: r.version, entry: r.entry, enabled: r.enabled, ...(canary ? { canary } : {}) };
  }
  const o = (m as { override?: Partial<ReleaseOverrideInfo> }).override;
  const override =
    o && typeof o.remote === 'string' && typeof o.version === 'string' && typeof o.expires_at === 'string'
      ? { remote: o.remote, version: o.version, expires_at: o.expires_at }
      : undefined;
  // Entry files' hashes (Subresource Integrity): only string pairs are kept.
  const i = (m as { integrity?: unknown }).integrity;
  const integrity =
    i && typeof i === 'object'
      ? Object.fromEntries(Object.entries(i).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : undefined;
  return {
    revision: m.revision,
    remotes,
    ...(override ? { override } : {}),
    ...(integrity ? { integrity } : {}),
  };
}
