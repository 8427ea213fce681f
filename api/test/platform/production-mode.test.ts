import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareStart } from '../../src/startup.js';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mchezo-prod-'));
  dirs.push(dir);
  return dir;
};

/** Strong secrets: random, as a deployment's secret store would hold them. */
const SECRETS = {
  JWT_SECRET: randomBytes(32).toString('base64url'),
  PAYMENT_CALLBACK_SECRET: randomBytes(32).toString('base64url'),
  CHAT_TOKEN_SECRET: randomBytes(32).toString('base64url'),
  GAME_PROVIDER_SECRET: randomBytes(32).toString('base64url'),
};
/** Never generated nor kept in the database: it encrypts what the database holds (decision 052). */
const STAFF_TOTP_KEY = randomBytes(32).toString('base64url');

/** A production configuration with nothing unsafe in it (the Daraja host is never called here). */
const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: '0',
  LOG_LEVEL: 'info',
  PUBLIC_BASE_URL: 'https://mchezo.example',
  OTP_MODE: 'live',
  PAYMENT_PROVIDER: 'daraja',
  DARAJA_BASE_URL: 'http://127.0.0.1:9',
  DARAJA_CONSUMER_KEY: 'key',
  DARAJA_CONSUMER_SECRET: 'secret',
  DARAJA_PASSKEY: 'passkey',
  DARAJA_SECURITY_CREDENTIAL: 'credential',
  SMS_PROVIDER: 'gateway',
  SMS_GATEWAY_API_KEY: 'sms-key',
  IDENTITY_PROVIDER: 'registry',
  IDENTITY_REGISTRY_URL: 'https://127.0.0.1:9/check',
  IDENTITY_REGISTRY_API_KEY: 'registry-key',
  RECONCILE_INTERVAL_SECONDS: '0',
  ...SECRETS,
  STAFF_TOTP_KEY,
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  probeError?: unknown;
}

/**
 * Starts the real server entry (src/server.ts) as `npm start` and a deployment do, with only
 * the given variables; once it says it is ready, runs `probe` against it (if given), then stops
 * it with SIGTERM.
 */
function startServer(
  vars: Record<string, string | undefined>,
  probe?: (baseUrl: string) => Promise<void>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: tempDir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = { code: null, stdout: '', stderr: '' };
    let probed = false;
    child.stdout.on('data', (chunk) => {
      run.stdout += chunk;
      if (!run.stdout.includes('mchezo api ready') || probed) return;
      probed = true;
      const baseUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(run.stdout)?.[1] ?? '';
      (probe ?? (async () => {}))(baseUrl)
        .catch((err: unknown) => {
          run.probeError = err;
        })
        .finally(() => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk) => {
      run.stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ ...run, code }));
  });
}

const without = (key: string) => ({ ...SAFE, [key]: undefined });

// Each test starts a process of its own: they run side by side.
describe.concurrent('NODE_ENV=production refuses to start unsafe (the real server entry)', {
  timeout: 60_000,
}, () => {
  it('starts with a safe configuration (and stops cleanly)', async () => {
    const run = await startServer(SAFE);
    expect(run.stdout).toContain('mchezo api ready');
    expect(run.code).toBe(0);
  });

  it.each([
    ['OTP codes in test mode', { OTP_MODE: 'test' }, 'OTP_MODE=test'],
    ['the payment simulator', { PAYMENT_PROVIDER: 'simulator' }, 'PAYMENT_PROVIDER=simulator'],
    ['SMS to the console', { SMS_PROVIDER: 'console' }, 'SMS_PROVIDER=console'],
    ['the identity-check simulator', { IDENTITY_PROVIDER: 'simulator' }, 'IDENTITY_PROVIDER=simulator'],
    ['SMS gateway without its key', { SMS_GATEWAY_API_KEY: '' }, 'without SMS_GATEWAY_API_KEY'],
    // Decision 032: an http public URL (localhost too), Daraja's sandbox by default, believing
    // X-Forwarded-For from anyone, and the game frameable by origins other than the site's.
    [
      'an http public URL',
      { PUBLIC_BASE_URL: 'http://mchezo.example' },
      'PUBLIC_BASE_URL=http://mchezo.example',
    ],
    [
      'an http localhost URL',
      { PUBLIC_BASE_URL: 'http://localhost:8080' },
      'PUBLIC_BASE_URL=http://localhost',
    ],
    ['an implicit Daraja sandbox', { DARAJA_BASE_URL: undefined }, 'DARAJA_BASE_URL is not set'],
    ['trusting every proxy', { TRUST_PROXY: 'true' }, 'TRUST_PROXY=true'],
    [
      'a game frameable from localhost',
      { GAME_FRAME_ANCESTORS: "'self' http://localhost:*" },
      'GAME_FRAME_ANCESTORS names http://localhost:*',
    ],
    [
      'a game frameable from another site',
      { GAME_FRAME_ANCESTORS: 'https://mchezo.example https://evil.example' },
      'GAME_FRAME_ANCESTORS names https://evil.example',
    ],
  ])('exits non-zero naming %s', async (_name, change, reason) => {
    const run = await startServer({ ...SAFE, ...change });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Refusing to start with NODE_ENV=production');
    expect(run.stderr).toContain(reason);
    expect(run.stderr.match(/^ {2}- /gm)).toHaveLength(1);
    expect(run.stdout).not.toContain('mchezo api ready');
  });

  it.each(Object.keys(SECRETS))('exits non-zero when %s would have to be generated', async (key) => {
    const run = await startServer(without(key));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${key} is neither in the environment nor in the database`);
    expect(run.stderr.match(/^ {2}- /gm)).toHaveLength(1);
    // The message names settings, never a secret's value.
    for (const value of Object.values(SECRETS)) expect(run.stderr).not.toContain(value);
  });

  it('exits non-zero without STAFF_TOTP_KEY, the key of the staff two-factor secrets', async () => {
    const run = await startServer(without('STAFF_TOTP_KEY'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('STAFF_TOTP_KEY is not set');
    expect(run.stderr.match(/^ {2}- /gm)).toHaveLength(1);
  });

  it.each([
    ['16 × "a"', 'a'.repeat(16)],
    ['20 varied characters: too short', 'Zq8#pL2@vN5!xR7$kW3%'],
    ['long but low in entropy', 'ab'.repeat(20)],
    ['long but a few characters', 'changeme-changeme-changeme'],
  ])('exits non-zero naming each weak secret (%s), never printing it', async (_name, weak) => {
    const keys = [...Object.keys(SECRETS), 'PAYMENT_CALLBACK_SECRET_PREVIOUS', 'STAFF_TOTP_KEY'];
    const run = await startServer({ ...SAFE, ...Object.fromEntries(keys.map((key) => [key, weak])) });
    expect(run.code).toBe(1);
    for (const key of keys) expect(run.stderr).toContain(`${key} is too weak`);
    expect(run.stderr.match(/^ {2}- /gm)).toHaveLength(keys.length);
    expect(run.stderr).not.toContain(weak);
  });

  it('serves no API docs and lets only its own site frame the game, unless told otherwise', async () => {
    const run = await startServer(SAFE, async (base) => {
      expect((await fetch(`${base}/api/v1/openapi.json`)).status).toBe(404);
      const game = await fetch(`${base}/api/v1/games/demo/play`);
      expect(game.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'$/);
    });
    expect(run.probeError).toBeUndefined();
    expect(run.code).toBe(0);
    const docs = await startServer({ ...SAFE, API_DOCS_PUBLIC: 'true' }, async (base) => {
      expect((await fetch(`${base}/api/v1/openapi.json`)).status).toBe(200);
    });
    expect(docs.probeError).toBeUndefined();
    const sandbox = await startServer({ ...SAFE, DARAJA_BASE_URL: 'https://sandbox.safaricom.co.ke' });
    expect(sandbox.stderr).toBe('');
    expect(sandbox.code).toBe(0);
  });

  it('names every unsafe setting at once with the defaults', async () => {
    const run = await startServer({ NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    for (const reason of [
      'OTP_MODE=test',
      'PAYMENT_PROVIDER=simulator',
      'SMS_PROVIDER=console',
      'IDENTITY_PROVIDER=simulator',
      'PUBLIC_BASE_URL=http://127.0.0.1:8080',
      ...Object.keys(SECRETS),
      'STAFF_TOTP_KEY',
    ])
      expect(run.stderr).toContain(reason);
    expect(run.stderr.match(/^ {2}- /gm)).toHaveLength(10);
  });

  it('starts with secrets already in the shared database instead of the environment', async () => {
    const dataDir = tempDir();
    const { database } = await prepareStart({ NODE_ENV: 'test', DATA_DIR: dataDir });
    await database.close();
    const noSecrets = {
      ...SAFE,
      DATA_DIR: dataDir,
      ...Object.fromEntries(Object.keys(SECRETS).map((k) => [k, undefined])),
    };
    const run = await startServer(noSecrets);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
