import { createHash } from 'node:crypto';

/**
 * A file's Subresource Integrity value (`sha384-<base64>`), as a remote's build writes it and the
 * browser checks it (decision 024): the site's preloads carry it, the API's release checks compare it.
 */
export const sha384Integrity = (bytes: Buffer): string =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
