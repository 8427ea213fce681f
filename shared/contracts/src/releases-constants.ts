// Plain values (no zod) the browser can import without pulling in the schema library.

/** The remotes the shell knows how to mount. A manifest naming another is refused. */
export const REMOTE_NAMES = ['lobby', 'auth', 'wallet', 'profile'] as const;
export type RemoteNameValue = (typeof REMOTE_NAMES)[number];

/**
 * The modules each remote must expose: what the shell's route table mounts. The release
 * compatibility check refuses a version that lacks one; the shell's route table names only these.
 */
export const REMOTE_EXPOSES = {
  lobby: ['HomePage', 'GamePage'],
  auth: ['LoginPage', 'JoinPage', 'VerifyPage', 'ForgotPasswordPage'],
  wallet: ['DepositPage', 'WithdrawPage', 'TransactionsPage'],
  profile: ['ProfilePage', 'AffiliatePage', 'SaferGamblingPage'],
} as const satisfies Record<RemoteNameValue, readonly string[]>;
export type RemoteExpose<R extends RemoteNameValue = RemoteNameValue> = (typeof REMOTE_EXPOSES)[R][number];

/** The role that may change releases (publish, activate, canary, roll back). */
export const RELEASE_MANAGER_ROLE = 'release_manager';

/** A canary takes between 1 and 99 percent of players; 0 is "abort", 100 is "promote". */
export const CANARY_PERCENT_MIN = 1;
export const CANARY_PERCENT_MAX = 99;
/** A guarded canary's ramp: at most this many steps after the first. */
export const CANARY_RAMP_STEPS_MAX = 10;
/** A guard step lasts from 3 seconds (tests, demos) to a day. */
export const CANARY_STEP_MINUTES_MIN = 0.05;
export const CANARY_STEP_MINUTES_MAX = 24 * 60;
/** Who the canary guard's revisions are by. */
export const CANARY_GUARD_ACTOR = 'canary-guard';

/**
 * An uploaded version (docs/decisions/049-version-store.md): at most this many files, none larger
 * than this (the API's own limits, RELEASES_UPLOAD_MAX_*, may be lower). Today's remotes are about
 * 60 files and 1.1 MB each with their .br and .gz.
 */
export const UPLOAD_FILES_MAX = 2000;
export const UPLOAD_FILE_BYTES_MAX = 16 * 1024 * 1024;

/** A version is a folder name: no slashes, no dot-dot. */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;

/**
 * Deploy keys (docs/decisions/046-deploy-keys.md): a team's CI credential for one remote. The
 * token starts with this prefix, so a leaked one is recognisable (and refused at once by routes
 * that take a person's session).
 */
export const DEPLOY_KEY_PREFIX = 'mdk_';
/** What a deploy key may do: publish a version of its remote, start a guarded canary of it. */
export const DEPLOY_KEY_ACTIONS = ['publish', 'canary'] as const;
/** A deploy key lives at most this long (it must have an expiry). */
export const DEPLOY_KEY_MAX_DAYS = 365;
