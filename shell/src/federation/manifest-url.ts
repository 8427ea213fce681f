/** Where the live release manifest is read: by the shell at boot, and by its service worker. */
export const MANIFEST_URL = '/api/v1/releases/manifest';
