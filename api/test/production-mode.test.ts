import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareStart } from '../src/startup.js';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mchezo-prod-'));
  dirs.push(dir);
  return dir;
};

const SECRETS = {
  JWT_SECRET: 'jwt-secret-for-the-production-test',
  PAYMENT_CALLBACK_SECRET: 'callback-secret-for-the-production-test',
  CHAT_TOKEN_SECRET: 'chat-secret-for-the-production-test',
  GAME_PROVIDER_SECRET: 'game-secret-for-the-production-test',
};

/** A production configuration with nothing unsafe in it (the Daraja host is never called here). */
const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: '0',
  LOG_LEVEL: 'info',
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
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the real server entry (src/server.ts) as `npm start` and a deployment do, with only
 * the given variables; stops it with SIGTERM once it says it is ready.
 */
function startServer(vars: Record<string, string | undefined>): Promise<Run> {
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
    child.stdout.on('data', (chunk) => {
      run.stdout += chunk;
      if (run.stdout.includes('mchezo api ready')) child.kill('SIGTERM');
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

  it('names every unsafe setting at once with the defaults', async () => {
    const run = await startServer({ NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    for (const reason of [
      'OTP_MODE=test',
      'PAYMENT_PROVIDER=simulator',
      'SMS_PROVIDER=console',
      'IDENTITY_PROVIDER=simulator',
      ...Object.keys(SECRETS),
    ])
      expect(run.stderr).toContain(reason);
    expect(run.stderr.match(/^ {2}- /gm)).toHaveLength(8);
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
