/**
 * A second e2e server whose access tokens live a few seconds (ACCESS_TOKEN_TTL_SECONDS), for the
 * spec that shows what happens when they expire (e2e/specs/session-cookie.spec.ts). Started by
 * that spec alone, on a free port with its own data folder, serving the same build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const SHORT_ACCESS_TOKEN_SECONDS = 4;

interface ShortTokenServer {
  url: string;
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export async function startShortTokenServer(): Promise<ShortTokenServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [join(import.meta.dirname, 'start-server.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(tmpdir(), `mchezo-e2e-short-tokens-${port}`),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000',
      ACCESS_TOKEN_TTL_SECONDS: String(SHORT_ACCESS_TOKEN_SECONDS),
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await expect
    .poll(
      async () => {
        const res = await fetch(`${url}/api/v1/health`).catch(() => null);
        return res?.ok ?? false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
