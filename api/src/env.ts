import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PaymentsConfig } from './adapters/payments/payments.config.js';
import type { SecretKey } from './db/secrets.js';
import { type DeploymentDefaults, deploymentDefaults } from './deployment-defaults.js';
import { crossVariableIssues } from './env-rules.js';
import { int, optionalString } from './env-values.js';
import { AmlConfig } from './modules/aml/aml.config.js';
import { AuthConfig } from './modules/auth/auth.config.js';
import { CasinoConfig } from './modules/casino/casino.config.js';
import { ChatConfig } from './modules/chat/chat.config.js';
import { PublicConfigConfig } from './modules/config/config.config.js';
import { FinanceConfig } from './modules/finance/finance.config.js';
import { MetricsConfig } from './modules/metrics/metrics.config.js';
import { RegulatorFeedConfig } from './modules/regulator-feed/regulator-feed.config.js';
import { ReleaseHealthConfig } from './modules/release-health/release-health.config.js';
import { ReleasesConfig } from './modules/releases/releases.config.js';
import { StaffConfig } from './modules/staff/staff.config.js';
import { WalletConfig } from './modules/wallet/wallet.config.js';
import { PlatformConfig } from './platform.config.js';

const EnvSchema = z.object({
  ...PlatformConfig.shape,
  ...AuthConfig.shape,
  ...StaffConfig.shape,
  ...PublicConfigConfig.shape,
  ...ChatConfig.shape,
  ...MetricsConfig.shape,
  ...ReleasesConfig.shape,
  ...ReleaseHealthConfig.shape,
  ...AmlConfig.shape,
  ...RegulatorFeedConfig.shape,
  ...CasinoConfig.shape,
  ...PaymentsConfig.shape,
  ...WalletConfig.shape,
  ...FinanceConfig.shape,
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
});

/** The rules across variables (env-rules.ts): what a deployed server must not run with. */
const CheckedEnvSchema = EnvSchema.superRefine(crossVariableIssues);

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
