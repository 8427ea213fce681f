/** Every route of the platform API lives under this prefix (the site and /metrics do not). */
export const API_PREFIX = '/api/v1';
