import { z } from 'zod';
import { REMOTE_NAMES } from './releases-constants.ts';

export { REMOTE_NAMES };
export const RemoteName = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof RemoteName>;

export const RemoteRelease = z.object({
  /** Immutable version folder, e.g. `1.0.0-3f9c2a1b`. */
  version: z.string().min(1).max(64),
  /** URL of the version's `mf-manifest.json`, absolute or relative to the site origin. */
  entry: z.string().min(1).max(2048),
  enabled: z.boolean(),
});
export type RemoteRelease = z.infer<typeof RemoteRelease>;

/** `GET /api/v1/releases/manifest`: what the shell registers at boot. */
export const ReleaseManifest = z.object({
  revision: z.number().int().nonnegative(),
  remotes: z.partialRecord(RemoteName, RemoteRelease),
});
export type ReleaseManifest = z.infer<typeof ReleaseManifest>;
