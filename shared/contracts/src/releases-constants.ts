// Plain values (no zod) the browser can import without pulling in the schema library.

/** The remotes the shell knows how to mount. A manifest naming another is refused. */
export const REMOTE_NAMES = ['lobby', 'auth', 'wallet', 'profile'] as const;
export type RemoteNameValue = (typeof REMOTE_NAMES)[number];
