import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, type Database, ensureSchema } from './db/database.js';
import { migrateToLatest } from './db/migrations.js';
import { generateSecret, SECRET_KEYS, type SecretKey, sharedSecrets } from './db/secrets.js';
import { dataDirRefusal, type Env, type EnvConfig, EnvError, loadEnv } from './env.js';
import { deploymentProblems, weakSecretProblems } from './production.js';

/**
 * What a production server must not run with: each of these is right for development, tests and
 * demos, and wrong with real players and money (api/README.md, "Production mode").
 */
export function productionProblems(config: EnvConfig): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (config.OTP_MODE === 'test')
    problems.push(`OTP_MODE=test: every one-time code is the fixed OTP_TEST_CODE; set OTP_MODE=live`);
  if (config.PAYMENT_PROVIDER === 'simulator')
    problems.push('PAYMENT_PROVIDER=simulator: payments are simulated; set PAYMENT_PROVIDER=daraja');
  if (config.IDENTITY_PROVIDER === 'simulator')
    problems.push(
      'IDENTITY_PROVIDER=simulator: identity checks are simulated; set IDENTITY_PROVIDER=registry',
    );
  if (config.SMS_PROVIDER === 'console')
    problems.push('SMS_PROVIDER=console: codes would never reach the player; set SMS_PROVIDER=gateway');
  else if (!config.SMS_GATEWAY_API_KEY)
    problems.push('SMS_PROVIDER=gateway without SMS_GATEWAY_API_KEY falls back to the console adapter');
  return [...problems, ...deploymentProblems(config)];
}

const secretProblem = (key: SecretKey) =>
  `${key} is neither in the environment nor in the database: it would be generated; set it in the environment`;

/** Secrets an older version generated into DATA_DIR/secrets.json: stored in the database once. */
function legacySecrets(dataDir: string): Partial<Record<SecretKey, string>> {
  const file = join(dataDir, 'secrets.json');
  if (!existsSync(file)) return {};
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(
      SECRET_KEYS.flatMap((k) => (typeof stored[k] === 'string' ? [[k, stored[k]]] : [])),
    );
  } catch {
    throw new EnvError(`${file} is not valid JSON; fix or delete it (deleting invalidates sessions)`);
  }
}

/** SQLite errors that mean the file or its folder cannot be written or opened. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_PERM']);

/**
 * Opens the database; on SQLite first checks that the data folder is writable (the WAL and its
 * index are created beside the file), so a read-only folder is a one-line refusal, not a stack.
 */
function openDatabase(config: EnvConfig): Database {
  if (config.DATABASE_URL) return createDatabase(config);
  try {
    accessSync(config.DATA_DIR, constants.W_OK);
    return createDatabase(config);
  } catch (err) {
    throw unwritable(err) ? dataDirRefusal(config.DATA_DIR, err) : err;
  }
}

const unwritable = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (UNWRITABLE.has(code) || code.startsWith('SQLITE_READONLY'));
};

/**
 * Everything before the app is built: the environment validated, the database opened and
 * migrated, the secrets resolved (src/db/secrets.ts). Outside production a secret missing from
 * both the environment and the database is created in the database; in production it is not,
 * and the start is refused (EnvError) naming every unsafe setting at once.
 */
export async function prepareStart(
  source: Record<string, string | undefined> = process.env,
  now = Date.now(),
): Promise<{ env: Env; database: Database }> {
  const config = loadEnv(source);
  const production = config.NODE_ENV === 'production';
  const problems = productionProblems(config);
  // Migrations run without the statement timeout (a large table's index may take minutes); the
  // database the app serves with is opened with it once they are done.
  const database = openDatabase({ ...config, DATABASE_STATEMENT_TIMEOUT_MS: 0 });
  let env: Env;
  try {
    await ensureSchema(config);
    await migrateToLatest(database.db as never);
    // Secrets an older version kept in DATA_DIR/secrets.json move into the database as they
    // are; anything else missing is generated, except in production.
    const legacy = legacySecrets(config.DATA_DIR);
    const secrets = await sharedSecrets(database.db, config, {
      now,
      create: (key) => legacy[key] ?? (production ? undefined : generateSecret()),
    });
    problems.push(...secrets.missing.map(secretProblem));
    problems.push(
      ...weakSecretProblems(config, {
        ...secrets.values,
        PAYMENT_CALLBACK_SECRET_PREVIOUS: config.PAYMENT_CALLBACK_SECRET_PREVIOUS,
        REGULATOR_FEED_SECRET: config.REGULATOR_FEED_SECRET,
        STAFF_TOTP_KEY: config.STAFF_TOTP_KEY,
        METRICS_TOKEN: config.METRICS_TOKEN,
      }),
    );
    if (problems.length > 0) {
      throw new EnvError(
        `Refusing to start with NODE_ENV=production:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
    }
    env = { ...config, ...(secrets.values as Record<SecretKey, string>) };
  } catch (err) {
    // A file SQLite opened but may not write (another owner's): refused as the folder is.
    throw !config.DATABASE_URL && unwritable(err) ? dataDirRefusal(config.DATA_DIR, err) : err;
  } finally {
    await database.close();
  }
  return { env, database: openDatabase(config) };
}
