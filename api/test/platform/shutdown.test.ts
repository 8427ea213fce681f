/**
 * A stopping instance (docs/decisions/035-surviving-faults.md): requests that still
 * reach it while it closes get the API's 503 with Retry-After, so a client or nginx repeats
 * them at another instance, not Fastify's bare 503.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { prepareStart } from '../../src/startup.js';

it('a stopping instance answers requests arriving meanwhile with 503 {error, code} and Retry-After', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mchezo-shutdown-'));
  const { env, database } = await prepareStart({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
  });
  const app = buildApp(env, { logger: false, database, closeDatabase: true });
  // Holds the close in its first step (the server still listening), as a slow shutdown would.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered = () => {};
  const stopping = new Promise<void>((resolve) => {
    entered = resolve;
  });
  app.addHook('preClose', async () => {
    entered();
    await held;
  });
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
    const closed = app.close();
    await stopping;
    const res = await fetch(`${url}/api/v1/health`);
    release();
    await closed;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
  } finally {
    release();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
