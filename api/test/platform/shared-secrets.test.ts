import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import type { Env } from '../../src/env.js';
import { prepareStart } from '../../src/startup.js';
import { bearer, DB_MODES, type DbMode, json, refreshCookie, refreshCookieOf } from '../helpers.js';

const SECRETS = [
  'JWT_SECRET',
  'PAYMENT_CALLBACK_SECRET',
  'CHAT_TOKEN_SECRET',
  'GAME_PROVIDER_SECRET',
] as const;

// Both databases: concurrency: instances starting together agree on one value each.
/** Instances sharing one database (SQLite file or PostgreSQL schema), as several servers would. */
describe.each(DB_MODES)('secrets shared through the database (%s)', (mode: DbMode) => {
  let dataDir = '';
  let schema = '';
  const opened: Database[] = [];
  let n = 0;

  const source = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    RECONCILE_INTERVAL_SECONDS: '0',
    ...(mode === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...extra,
  });
  const instance = async (extra: Record<string, string> = {}): Promise<Env> => {
    const { env, database } = await prepareStart(source(extra));
    opened.push(database);
    return env;
  };

  const fresh = () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mchezo-secrets-'));
    schema = `s_${process.pid}_${Date.now().toString(36)}_${n++}`;
  };
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    if (mode === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the first instance creates them; every later one reads the same values', async () => {
    fresh();
    const a = await instance();
    const b = await instance();
    for (const key of SECRETS) {
      expect(a[key].length).toBeGreaterThanOrEqual(32);
      expect(b[key]).toBe(a[key]);
    }
    expect(new Set(SECRETS.map((k) => a[k])).size).toBe(4);
    // No secrets file any more: the database is the one place.
    expect(statSync(join(dataDir, 'secrets.json'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('instances starting together agree on one value each', async () => {
    fresh();
    await instance({ CHAT_TOKEN_SECRET: 'c'.repeat(20) }); // migrates the database first
    const envs = await Promise.all([instance(), instance(), instance()]);
    for (const key of SECRETS) expect(new Set(envs.map((e) => e[key])).size).toBe(1);
  });

  it('a secret in the environment wins over the stored one, for that instance only', async () => {
    fresh();
    const stored = await instance();
    const fromEnv = await instance({ CHAT_TOKEN_SECRET: 'c'.repeat(20) });
    expect(fromEnv.CHAT_TOKEN_SECRET).toBe('c'.repeat(20));
    expect(fromEnv.JWT_SECRET).toBe(stored.JWT_SECRET);
    expect((await instance()).CHAT_TOKEN_SECRET).toBe(stored.CHAT_TOKEN_SECRET);
  });

  it('moves the secrets an older version kept in DATA_DIR/secrets.json into the database', async () => {
    fresh();
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ JWT_SECRET: 'j'.repeat(43) }));
    const env = await instance();
    expect(env.JWT_SECRET).toBe('j'.repeat(43));
    rmSync(join(dataDir, 'secrets.json'));
    expect((await instance()).JWT_SECRET).toBe('j'.repeat(43));
  });

  it("one instance's tokens, refresh tokens and callback URLs are honoured by another", async () => {
    fresh();
    const [one, two] = [await instance(), await instance()];
    const apps = [one, two].map((env, i) => buildApp(env, { logger: false, database: opened[i] }));
    try {
      for (const app of apps) await app.ready();
      const post = (i: number, url: string, payload: unknown, headers = {}) =>
        apps[i]!.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
      const phone = '+254799000789';
      const password = 'password1';
      await post(0, '/auth/register', { phone, password });
      await post(0, '/auth/verify/request', { phone });
      // The code asked on one instance is checked on the other (its hash is keyed by JWT_SECRET).
      expect((await post(1, '/auth/verify/confirm', { phone, code: '123456' })).statusCode).toBe(200);
      const loginRes = await post(0, '/auth/login', { phone, password });
      const login = json(loginRes);
      const me = await apps[1]!.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(login.access_token),
      });
      expect(me.statusCode).toBe(200);
      const refreshed = await post(1, '/auth/refresh', {}, refreshCookie(refreshCookieOf(loginRes)!));
      expect(refreshed.statusCode).toBe(200);
      const callback = await post(1, `/payments/callbacks/simulator/${one.PAYMENT_CALLBACK_SECRET}/deposit`, {
        provider_ref: 'unknown-ref',
        result_code: 0,
      });
      // Authenticated by the secret in the URL (a wrong one is 403), then acknowledged.
      expect(callback.statusCode).toBe(200);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
