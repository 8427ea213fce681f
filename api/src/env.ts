import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SecretKey } from './db/secrets.js';
import {
  basisPoints,
  bool,
  byteBudgets,
  int,
  ipList,
  optionalBool,
  optionalString,
  phoneList,
  secret,
  trustProxy,
} from './env-values.js';
import { AmlConfig } from './modules/aml/aml.config.js';
import { CasinoVariables } from './modules/casino/casino.config.js';
import { RegulatorFeedVariables } from './modules/regulator-feed/regulator-feed.config.js';
import { type DeploymentDefaults, deploymentDefaults } from './production.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(8080, 0, 65535),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(join(REPO_ROOT, 'data')),
  /** postgres://… selects PostgreSQL; empty means SQLite at DATA_DIR/mchezo.sqlite. */
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'must be a postgres:// URL (leave empty for SQLite)',
  ),
  /** PostgreSQL schema (search_path); lets parallel test runs share one database. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('public'),
  SQLITE_FILE: optionalString,
  /**
   * How long one statement may take, waiting for a lock included, before it is given up and the
   * request answered 503 + Retry-After: PostgreSQL's statement_timeout (and pg's wait for an
   * answer, a second longer), SQLite's busy_timeout (docs/decisions/064-storage-and-timeouts.md).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: int(5_000, 100, 600_000),
  /**
   * The longest a background job's lease lasts without renewal: renewed every third of it, so a
   * killed holder's job moves to another instance within this and a third (lib/job-runner.ts).
   */
  JOB_LEASE_TTL_MS: int(6_000, 300, 600_000),
  PUBLIC_BASE_URL: optionalString,
  /**
   * The reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For is believed, so rate limits
   * see the client's IP; false: none. `true` (anyone) is refused in production (decision 032).
   */
  TRUST_PROXY: trustProxy,
  /** The built site (CDN layout: shell/ and remotes/<name>/<version>/) to serve at `/`. */
  SITE_DIR: optionalString,
  /**
   * The staff site's own origin (e.g. https://staff.example.ke): when set, /staff/ is answered
   * only for that host and the player host gets 404 there; empty: /staff/ on every host.
   */
  STAFF_SITE_ORIGIN: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^/?#]+\/?$/.test(v),
    'must be an origin like https://staff.example.ke',
  ),
  /**
   * Gone: start-up never activates a build (docs/decisions/059-canary-floors-and-start-up.md).
   * A value asking for activation is refused, so nobody believes a start deployed something.
   */
  RELEASES_ACTIVATE_LATEST: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || ['', 'false', '0', 'no', 'off'].includes(v),
      'is gone: start-up never activates a build; activate it on the staff site (Releases) or with npm run release',
    ),
  /**
   * How often the live versions' files are checked against their recorded hashes (and once at
   * start); 0: only at start and on request (docs/decisions/021-release-decisions-survive-restarts.md).
   */
  RELEASES_INTEGRITY_INTERVAL_SECONDS: int(300, 0, 86_400),
  /**
   * Where published versions' files are kept and served from (docs/decisions/049-version-store.md):
   * `folder` (default) a folder in SITE_DIR's layout (RELEASES_STORE_DIR, default SITE_DIR/remotes);
   * `database` the database's release_files table, which every API instance reaches.
   */
  RELEASES_STORE: z.enum(['folder', 'database']).default('folder'),
  /** The folder store's root (`<remote>/<version>/…` inside); default SITE_DIR/remotes. */
  RELEASES_STORE_DIR: optionalString,
  /**
   * Built version folders start-up publishes into the store (`<remote>/<version>/…`, newest build
   * of each remote, decision 021); default SITE_DIR/remotes. With the folder store at its default
   * these are the store's own folders.
   */
  RELEASES_BUILDS_DIR: optionalString,
  /** An uploaded version's largest file and its total (bytes, decoded); larger is refused (413). */
  RELEASES_UPLOAD_MAX_FILE_BYTES: int(8 * 1024 * 1024, 1, 16 * 1024 * 1024),
  RELEASES_UPLOAD_MAX_BYTES: int(32 * 1024 * 1024, 1, 256 * 1024 * 1024),
  /**
   * How often the canary guard judges guarded canaries (docs/decisions/023-canary-guard.md); one
   * instance at a time does, by a lease in the database. 0: off (plans wait).
   */
  CANARY_GUARD_INTERVAL_MS: int(15_000, 0, 3_600_000).refine(
    (v) => v === 0 || v >= 100,
    'must be 0 (off) or at least 100',
  ),
  /**
   * The canary floors of a remote no release manager has set (docs/decisions/059-canary-floors-and-start-up.md):
   * every guarded canary's steps last at least CANARY_FLOOR_STEP_SECONDS, it has CANARY_FLOOR_MIN_STEPS
   * steps before promotion, each step needs CANARY_FLOOR_MIN_LOADS loads from CANARY_FLOOR_MIN_BROWSERS
   * distinct browsers, and it tolerates at most CANARY_FLOOR_MAX_ERROR_RATE_INCREASE (basis points or
   * a percentage) more errors than the active version. Production's defaults; tests set lower.
   */
  CANARY_FLOOR_STEP_SECONDS: int(600, 3, 86_400),
  CANARY_FLOOR_MIN_STEPS: int(3, 1, 11),
  CANARY_FLOOR_MIN_LOADS: int(200, 1, 1_000_000),
  CANARY_FLOOR_MIN_BROWSERS: int(50, 1, 1_000_000),
  CANARY_FLOOR_MAX_ERROR_RATE_INCREASE: basisPoints(500),
  /**
   * Each remote's byte budget on its pages' critical path (docs/decisions/048-byte-budgets.md):
   * `lobby:26000,wallet:28000`; a remote not named keeps its default (today's builds plus about 25%).
   * Activation or a canary of a version over it is refused unless a release manager overrides.
   */
  REMOTE_BYTE_BUDGETS: byteBudgets({ lobby: 26_000, auth: 20_000, wallet: 28_000, profile: 27_000 }),
  /** Phones (E.164, comma-separated) granted the release_manager role at boot and at login. */
  RELEASE_MANAGER_PHONES: phoneList,
  /** Phones (E.164, comma-separated) granted the payments_operator role (the review queue). */
  OPERATOR_PHONES: phoneList,
  /** Phones (E.164, comma-separated) granted the compliance role (money-laundering alerts and cases). */
  COMPLIANCE_PHONES: phoneList,
  /**
   * Phones (E.164, comma-separated) granted the admin role: the bootstrap of an empty database's
   * first administrator, who then grants and removes staff roles through /staff/people
   * (docs/decisions/052-staff-accounts-two-factors.md).
   */
  ADMIN_PHONES: phoneList,
  /**
   * Staff sessions (decision 052): ended after STAFF_SESSION_IDLE_SECONDS without a request and
   * STAFF_SESSION_MAX_SECONDS after sign-in, whichever comes first.
   */
  STAFF_SESSION_IDLE_SECONDS: int(900, 60, 86_400),
  STAFF_SESSION_MAX_SECONDS: int(8 * 3600, 300, 7 * 86_400),
  /**
   * The key staff members' TOTP secrets are encrypted with at rest (AES-256-GCM, decision 052).
   * Required in production; elsewhere, when unset, one is derived from JWT_SECRET.
   */
  STAFF_TOTP_KEY: secret,
  /** The issuer authenticator apps show next to a staff member's code. */
  STAFF_TOTP_ISSUER: z.string().min(1).max(64).default('Mchezo staff'),
  JWT_SECRET: secret,
  // At least 30 s; tests may go down to 2 s (the check below), to see tokens expire (decision 034).
  ACCESS_TOKEN_TTL_SECONDS: int(900, 2, 86_400),
  REFRESH_TOKEN_TTL_SECONDS: int(30 * 86_400, 300, 365 * 86_400),
  /** argon2id cost; tests lower it, production keeps the library defaults (m=19456 KiB, t=2, p=1). */
  ARGON2_MEMORY_KIB: int(19_456, 1024, 1_048_576),
  ARGON2_TIME_COST: int(2, 1, 10),

  OTP_MODE: z.enum(['test', 'live']).default('test'),
  OTP_TEST_CODE: z
    .string()
    .regex(/^\d{6}$/)
    .default('123456'),
  OTP_TTL_SECONDS: int(600, 30, 3600),
  OTP_MAX_ATTEMPTS: int(5, 1, 20),
  OTP_RESEND_COOLDOWN_SECONDS: int(60, 0, 3600),
  /**
   * How long the ticket a registration or a pending login answers stays good for the code's
   * sign-in (docs/decisions/062-verification-tickets.md).
   */
  VERIFICATION_TICKET_TTL_SECONDS: int(900, 60, 3600),

  RATE_LIMIT_WINDOW_SECONDS: int(600, 1, 86_400),
  RATE_LIMIT_PER_PHONE: int(10, 1, 1_000_000),
  RATE_LIMIT_PER_IP: int(100, 1, 1_000_000),
  /** Deposit payment prompts (STK push) one player may start per minute: docs/decisions/033. */
  DEPOSIT_PROMPTS_PER_MINUTE: int(5, 1, 1_000_000),

  FEATURE_WALLET_ENABLED: bool(true),
  FEATURE_MOBILE_MONEY_ENABLED: bool(true),
  FEATURE_AFFILIATE_ENABLED: bool(false),
  FEATURE_MULTI_CURRENCY: bool(false),
  FEATURE_LIVE_CHAT: bool(false),
  FEATURE_MULTI_LANGUAGE: bool(true),

  PAYMENT_PROVIDER: z.enum(['simulator', 'daraja']).default('simulator'),
  PAYMENT_CALLBACK_SECRET: secret,
  /**
   * Payment callbacks (docs/decisions/032-secrets-proxies-production.md): a second secret accepted
   * in callback URLs during a rotation (never handed out), and the provider's addresses (IPs, CIDR
   * ranges) callbacks are accepted from; empty: any. API_DOCS_PUBLIC serves /openapi.json; unset:
   * everywhere but production.
   */
  PAYMENT_CALLBACK_SECRET_PREVIOUS: secret,
  PAYMENT_CALLBACK_ALLOWED_IPS: ipList,
  API_DOCS_PUBLIC: optionalBool,
  SIMULATOR_DELAY_MS: int(2000, 0, 600_000),
  /**
   * Tests only (NODE_ENV=test): serves POST /api/v1/testing/simulator/{hold,settle}, so a test
   * keeps one phone's payments pending until it settles them itself.
   */
  SIMULATOR_TEST_CONTROL: bool(false),
  RECONCILE_INTERVAL_SECONDS: int(60, 0, 86_400),
  RECONCILE_AFTER_SECONDS: int(120, 0, 86_400),
  /** Unset: the sandbox, except in production, which refuses to guess (src/production.ts). */
  DARAJA_BASE_URL: optionalString.pipe(z.string().url().optional()),
  DARAJA_CONSUMER_KEY: optionalString,
  DARAJA_CONSUMER_SECRET: optionalString,
  DARAJA_SHORTCODE: z.string().default('174379'),
  /** The paybill players pay into (Paybill deposits, C2B); empty: DARAJA_SHORTCODE. */
  MPESA_PAYBILL_NUMBER: optionalString.pipe(
    z
      .string()
      .regex(/^\d{5,7}$/, 'must be 5-7 digits')
      .optional(),
  ),
  DARAJA_PASSKEY: optionalString,
  DARAJA_B2C_SHORTCODE: z.string().default('600000'),
  DARAJA_INITIATOR_NAME: z.string().default('testapi'),
  DARAJA_SECURITY_CREDENTIAL: optionalString,
  DARAJA_TIMEOUT_MS: int(10_000, 100, 120_000),
  /**
   * Betting taxes (README "Taxes"): rates in basis points (500 = 5%), or a percentage with at most
   * two decimals and a `%` (`5%`, `7.5%`), validated into basis points.
   */
  TAX_EXCISE_RATE: basisPoints(500),
  /** `deduct`: the wallet gets the deposit minus the duty; `absorb`: the operator pays it. */
  TAX_EXCISE_MODE: z.enum(['deduct', 'absorb']).default('deduct'),
  TAX_WITHHOLDING_RATE: basisPoints(500),
  /** `withdrawal`: the amount withdrawn. `net_winnings` is refused until it is built. */
  TAX_WITHHOLDING_BASE: z.enum(['withdrawal', 'net_winnings']).default('withdrawal'),
  /** A transaction still unresolved this long after it was made goes to the review queue. */
  RECONCILE_REVIEW_AFTER_SECONDS: int(3600, 60, 30 * 86_400),
  /**
   * The payout time the operator guarantees (docs/decisions/041-loss-and-stake-limits.md): a
   * withdrawal still pending this long after it was asked is listed in the operators' review
   * queue with its age (`late_payouts`).
   */
  PAYOUT_GUARANTEE_MINUTES: int(30, 1, 7 * 24 * 60),

  /** Identity checks (api/README.md "Identity checks"): the built-in simulator or a registry. */
  IDENTITY_PROVIDER: z.enum(['simulator', 'registry']).default('simulator'),
  IDENTITY_REGISTRY_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    'must be an https URL',
  ),
  IDENTITY_REGISTRY_API_KEY: optionalString,
  IDENTITY_TIMEOUT_MS: int(10_000, 100, 120_000),

  SMS_PROVIDER: z.enum(['console', 'gateway']).default('console'),
  SMS_GATEWAY_URL: z.string().url().default('https://api.africastalking.com/version1/messaging'),
  SMS_GATEWAY_USERNAME: z.string().default('sandbox'),
  SMS_GATEWAY_API_KEY: optionalString,
  SMS_SENDER_ID: optionalString,

  CHAT_TOKEN_SECRET: secret,
  /** The browser's error-reporting DSN (public by design); empty: error reporting off. */
  SENTRY_DSN: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^@\s]+@[^/\s]+\/\d+$/.test(v),
    'must be a Sentry DSN',
  ),
  SENTRY_ENVIRONMENT: optionalString,
  /**
   * Release health counts only loads and reports carrying the load ticket the page was given
   * (docs/decisions/031-release-health-tickets.md): how long a ticket lasts, new browsers (client
   * cookies) per address a minute, loads a browser weighs per version a minute, error reports
   * stored per browser (or address without a ticket) and per version a minute, reports without a
   * valid ticket stored a minute in all, and how long the figures are kept.
   */
  LOAD_TICKET_TTL_SECONDS: int(3600, 60, 86_400),
  LOAD_CLIENTS_PER_IP_PER_MINUTE: int(20, 1, 1_000_000),
  /**
   * New browsers per address an hour too (docs/decisions/060-health-counts-people.md), how long a
   * client id lasts, and the proof of work a page does before its client id counts: the leading
   * zero bits of sha256(challenge:nonce).
   */
  LOAD_CLIENTS_PER_IP_PER_HOUR: int(60, 1, 1_000_000),
  LOAD_CLIENT_TTL_DAYS: int(7, 1, 90),
  LOAD_PROOF_BITS: int(10, 1, 24),
  LOAD_WEIGHT_PER_CLIENT_PER_MINUTE: int(3, 1, 1000),
  ERROR_EVENTS_PER_CLIENT_PER_MINUTE: int(10, 1, 10_000),
  ERROR_EVENTS_PER_VERSION_PER_MINUTE: int(60, 1, 100_000),
  ERROR_EVENTS_UNCOUNTED_PER_MINUTE: int(60, 0, 100_000),
  RELEASE_HEALTH_RETENTION_DAYS: int(8, 1, 366),
  /** Customer care, shown in the footer, the help panel and the Paybill help. */
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'must be an email address')
    .default('support@mchezo.co.ke'),
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+\d{8,15}$/, 'must be an E.164 phone number, e.g. +254700000000')
    .default('+254700000000'),
  SUPPORT_WHATSAPP: z
    .string()
    .trim()
    .regex(/^\+\d{8,15}$/, 'must be an E.164 phone number, e.g. +254700000000')
    .default('+254700000000'),
  /** A Chatwoot-compatible widget: base URL (its /packs/js/sdk.js is loaded) and website token. */
  SUPPORT_CHAT_WIDGET_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    'must be an http(s) URL',
  ),
  SUPPORT_CHAT_WEBSITE_TOKEN: optionalString,
  /** The smallest stake a game may take, in KSh (Gambling Control Act 2025: 20). */
  MIN_STAKE_KES: int(20, 1, 100_000),
  /** The operator's licence number, shown in the footer; empty: the licence line without it. */
  LICENCE_NUMBER: optionalString,
  /** The regulator named in the footer and the legal pages. */
  REGULATOR_NAME: optionalString.transform((v) => v ?? 'Gambling Regulatory Authority of Kenya'),
  /** CSP frame-ancestors of the demo game page: who may embed it (default: src/production.ts). */
  GAME_FRAME_ANCESTORS: optionalString,
  /**
   * The Prometheus metrics (docs/decisions/044-metrics.md, api/README.md "Metrics"): `GET /metrics`
   * answers only `Authorization: Bearer <METRICS_TOKEN>` (unset: 404; production wants 32
   * characters or more); money moved is the ledger's entries of the last METRICS_MONEY_WINDOW_MINUTES.
   */
  METRICS_TOKEN: secret,
  METRICS_MONEY_WINDOW_MINUTES: int(60, 1, 24 * 60),
  // Each module's own variables, in its <module>.config.ts.
  ...AmlConfig.shape,
  ...RegulatorFeedVariables.shape,
  ...CasinoVariables.shape,
});

/** What lets a test steer money or luck must never be switched on in a deployed server. */
const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  if (env.ACCESS_TOKEN_TTL_SECONDS < 30 && env.NODE_ENV !== 'test')
    ctx.addIssue({
      code: 'custom',
      path: ['ACCESS_TOKEN_TTL_SECONDS'],
      message: 'must be at least 30 (shorter is for tests only, NODE_ENV=test)',
    });
  if (env.DEMO_GAME_SEED !== undefined && env.NODE_ENV !== 'test')
    ctx.addIssue({
      code: 'custom',
      path: ['DEMO_GAME_SEED'],
      message: 'is for tests only (needs NODE_ENV=test)',
    });
  // `npm start` (development) turns it on too, so a Paybill payment can be faked locally.
  if (env.SIMULATOR_TEST_CONTROL && env.NODE_ENV !== 'test' && env.NODE_ENV !== 'development')
    ctx.addIssue({
      code: 'custom',
      path: ['SIMULATOR_TEST_CONTROL'],
      message: 'is for development and tests only (needs NODE_ENV=development or test)',
    });
  if (env.TAX_WITHHOLDING_BASE === 'net_winnings')
    ctx.addIssue({
      code: 'custom',
      path: ['TAX_WITHHOLDING_BASE'],
      message: 'net_winnings is not supported yet: use withdrawal (the amount withdrawn)',
    });
  if (env.IDENTITY_PROVIDER === 'registry') {
    for (const key of ['IDENTITY_REGISTRY_URL', 'IDENTITY_REGISTRY_API_KEY'] as const)
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is needed with IDENTITY_PROVIDER=registry' });
  }
  // Documents and dates of birth travel to the registry encrypted; plain http only to a local fake.
  if (env.IDENTITY_REGISTRY_URL?.startsWith('http://') && env.NODE_ENV === 'production')
    ctx.addIssue({ code: 'custom', path: ['IDENTITY_REGISTRY_URL'], message: 'must be https in production' });
  if (env.REGULATOR_FEED_SIMULATOR && env.NODE_ENV !== 'test' && env.NODE_ENV !== 'development')
    ctx.addIssue({
      code: 'custom',
      path: ['REGULATOR_FEED_SIMULATOR'],
      message: 'is for development and tests only (needs NODE_ENV=development or test)',
    });
  if (env.REGULATOR_FEED_URL && !env.REGULATOR_FEED_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['REGULATOR_FEED_SECRET'],
      message: 'is needed with REGULATOR_FEED_URL (the batches are signed with it)',
    });
  if (env.SIMULATOR_TEST_CONTROL && env.PAYMENT_PROVIDER !== 'simulator')
    ctx.addIssue({
      code: 'custom',
      path: ['SIMULATOR_TEST_CONTROL'],
      message: 'needs PAYMENT_PROVIDER=simulator',
    });
});

type Parsed = z.infer<typeof EnvSchema>;

/** The configuration the app runs with: every secret resolved (src/startup.ts). */
export type Env = Omit<Parsed, SecretKey | 'PUBLIC_BASE_URL' | keyof DeploymentDefaults> &
  DeploymentDefaults & {
    [K in SecretKey]: string;
  } & { PUBLIC_BASE_URL: string; SQLITE_PATH: string };

/** The validated environment before the secrets missing from it are read from the database. */
export type EnvConfig = Omit<Env, SecretKey> & { [K in SecretKey]: string | undefined };

export class EnvError extends Error {}

/**
 * The one-line refusal for a data folder this process cannot create or write (read-only, another
 * owner's): what the folder is, the OS's code and the fix, never a stack.
 */
export function dataDirRefusal(dataDir: string, err: unknown): EnvError {
  const code = (err as { code?: unknown }).code ?? (err as Error).message;
  return new EnvError(
    `Refusing to start: the data folder ${dataDir} cannot be written (${String(code)}); it holds the SQLite database: make it writable by this user or set DATA_DIR to a folder that is`,
  );
}

/**
 * Reads and validates the environment once. Secrets are left as the environment gives them:
 * src/startup.ts takes the missing ones from the shared database (creating them there outside
 * production). Secrets are never logged.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): EnvConfig {
  const result = CheckedEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  const dataDir = resolve(parsed.DATA_DIR);
  // Owner only: the SQLite database holds password hashes, sessions and the shared secrets.
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw dataDirRefusal(dataDir, err);
  }
  const publicBase = (parsed.PUBLIC_BASE_URL ?? `http://${hostForUrl(parsed.HOST)}:${parsed.PORT}`).replace(
    /\/+$/,
    '',
  );
  return {
    ...parsed,
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: publicBase,
    ...deploymentDefaults(parsed),
    SQLITE_PATH: parsed.SQLITE_FILE ? resolve(dataDir, parsed.SQLITE_FILE) : join(dataDir, 'mchezo.sqlite'),
  };
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
