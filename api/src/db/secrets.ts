import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

export type SecretKey =
  | 'JWT_SECRET'
  | 'PAYMENT_CALLBACK_SECRET'
  | 'CHAT_TOKEN_SECRET'
  | 'GAME_PROVIDER_SECRET';
export const SECRET_KEYS: readonly SecretKey[] = [
  'JWT_SECRET',
  'PAYMENT_CALLBACK_SECRET',
  'CHAT_TOKEN_SECRET',
  'GAME_PROVIDER_SECRET',
];

interface SharedSecrets {
  values: Partial<Record<SecretKey, string>>;
  /** Neither in the environment nor in the database (and `create` gave no value). */
  missing: SecretKey[];
}

/** 32 random bytes, base64url: a new secret. */
export const generateSecret = (): string => randomBytes(32).toString('base64url');

/**
 * The secrets of every instance on this database: each from the environment when set there,
 * otherwise the value stored in the `secrets` table. A secret in neither is inserted first when
 * `create(key)` gives a value for it, with `on conflict do nothing`: when instances start
 * together one insert wins, and every instance reads back that stored value.
 */
export async function sharedSecrets(
  db: Kysely<DB>,
  fromEnv: Partial<Record<SecretKey, string | undefined>>,
  options: { now: number; create: (key: SecretKey) => string | undefined },
): Promise<SharedSecrets> {
  const wanted = SECRET_KEYS.filter((key) => !fromEnv[key]);
  const rows = wanted.flatMap((name) => {
    const value = options.create(name);
    return value ? [{ name, value, created_at: options.now }] : [];
  });
  if (rows.length > 0)
    await db
      .insertInto('secrets')
      .values(rows)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  const stored =
    wanted.length > 0
      ? await db.selectFrom('secrets').select(['name', 'value']).where('name', 'in', wanted).execute()
      : [];
  const values: Partial<Record<SecretKey, string>> = {};
  const missing: SecretKey[] = [];
  for (const key of SECRET_KEYS) {
    const value = fromEnv[key] ?? stored.find((row) => row.name === key)?.value;
    if (value && value.length >= 16) values[key] = value;
    else missing.push(key);
  }
  return { values, missing };
}
