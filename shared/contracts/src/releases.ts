import { z } from 'zod';

/** The remotes the shell knows how to mount. A manifest naming another is refused. */
export const REMOTE_NAMES = ['lobby', 'auth', 'wallet', 'profile'] as const;
export const remoteNameSchema = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof remoteNameSchema>;

export const remoteReleaseSchema = z.object({
  /** Immutable version folder, e.g. `1.0.0-3f9c2a1b`. */
  version: z.string().min(1).max(64),
  /** URL of the version's `mf-manifest.json`, absolute or relative to the site origin. */
  entry: z.string().min(1).max(2048),
  enabled: z.boolean(),
});
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

/** `GET /api/v1/releases/manifest`: what the shell registers at boot. */
export const releaseManifestSchema = z.object({
  revision: z.number().int().nonnegative(),
  remotes: z.partialRecord(remoteNameSchema, remoteReleaseSchema),
});
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;
