/**
 * The real server entry (src/server.ts) on a data folder it cannot write (docs/decisions/064-
 * storage-and-timeouts.md): it refuses in one line naming the folder and the fix, exits non-zero,
 * and prints no stack. Run as an unprivileged user when the tests run as root (root writes
 * through a 0555 folder).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Starts the server on DATA_DIR `dataDir` and answers its exit code and output. */
function start(dataDir: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const asRoot = process.getuid?.() === 0;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
      // Started after all: stop it, the test fails on the exit code.
      if (stdout.includes('mchezo api ready')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

describe('a data folder the server cannot write', () => {
  const readOnly = () => {
    const dir = mkdtempSync(join(tmpdir(), 'mchezo-readonly-'));
    made.push(dir);
    chmodSync(dir, 0o755);
    return dir;
  };

  it.each([
    ['read-only', (dir: string) => chmodSync(dir, 0o555), (dir: string) => dir],
    [
      'missing under a read-only parent',
      (dir: string) => chmodSync(dir, 0o555),
      (dir: string) => join(dir, 'data'),
    ],
    [
      'holding a database file it may not write',
      (dir: string) => {
        mkdirSync(join(dir, 'data'), { mode: 0o777 });
        chmodSync(join(dir, 'data'), 0o777);
        writeFileSync(join(dir, 'data', 'mchezo.sqlite'), '');
        chmodSync(join(dir, 'data', 'mchezo.sqlite'), 0o444);
        chmodSync(join(dir, 'data'), 0o555);
      },
      (dir: string) => join(dir, 'data'),
    ],
  ])(
    '%s: one line, exit 1, no stack',
    async (_what, prepare, dataDirOf) => {
      const dir = readOnly();
      prepare(dir);
      const run = await start(dataDirOf(dir));
      expect(run.code).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(dataDirOf(dir));
      expect(lines[0]).toMatch(/DATA_DIR/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
    30_000,
  );
});
