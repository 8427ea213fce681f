/**
 * The shared part of the environment (env.ts composes it with every module's slice): the server,
 * the database, background jobs, proxies and the served site, and the few variables more than one
 * module reads. A module's slice names the ones it reads with `PlatformConfig.pick({ … }).shape`,
 * so each variable is declared once.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  bool,
  type ConfigOf,
  int,
  optionalBool,
  optionalString,
  phoneList,
  secret,
  trustProxy,
} from './env-values.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const PlatformConfig = z.object({
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
  /** Serves /openapi.json; unset: everywhere but production (deployment-defaults.ts). */
  API_DOCS_PUBLIC: optionalBool,

  /** Signs access tokens, and is the root the other keys derived outside production come from. */
  JWT_SECRET: secret,
  /** Phones (E.164, comma-separated) granted the release_manager role at boot and at login. */
  RELEASE_MANAGER_PHONES: phoneList,
  /** Phones (E.164, comma-separated) granted the finance role (the review queue, taxes, adjustments). */
  FINANCE_PHONES: phoneList,
  /** Phones (E.164, comma-separated) granted the compliance role (money-laundering alerts and cases). */
  COMPLIANCE_PHONES: phoneList,
  /**
   * Phones (E.164, comma-separated) granted the admin role: the bootstrap of an empty database's
   * first administrator, who then grants and removes staff roles through /staff/people
   * (docs/decisions/052-staff-accounts-two-factors.md).
   */
  ADMIN_PHONES: phoneList,

  /** One-time codes: `test` takes the fixed OTP_TEST_CODE and sends nothing (auth, config, SMS). */
  OTP_MODE: z.enum(['test', 'live']).default('test'),
  OTP_TEST_CODE: z
    .string()
    .regex(/^\d{6}$/)
    .default('123456'),
  /** Features more than one module obeys (the config module tells the browser). */
  FEATURE_WALLET_ENABLED: bool(true),
  FEATURE_MOBILE_MONEY_ENABLED: bool(true),
  /** The smallest stake a game may take, in KSh (Gambling Control Act 2025: 20). */
  MIN_STAKE_KES: int(20, 1, 100_000),
  /** The operator's licence number, shown in the footer; empty: the licence line without it. */
  LICENCE_NUMBER: optionalString,
  /** The browser's error-reporting DSN (public by design); empty: error reporting off. */
  SENTRY_DSN: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^@\s]+@[^/\s]+\/\d+$/.test(v),
    'must be a Sentry DSN',
  ),
});
export type PlatformConfig = ConfigOf<typeof PlatformConfig>;
