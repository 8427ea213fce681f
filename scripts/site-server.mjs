// Starts the API + built site on a fresh data folder, as `npm start` serves it, for benchmarks.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CDN_DIR, ROOT } from './lib.mjs';

export async function startSite(port) {
  const dataDir = join(tmpdir(), `mchezo-site-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api', 'src', 'server.ts')], {
    cwd: join(ROOT, 'api'),
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_DIR: CDN_DIR,
      RELEASES_ACTIVATE_LATEST: 'true',
      LOG_LEVEL: 'warn',
      // A benchmark run on the simulator and test codes, which NODE_ENV=production refuses.
      NODE_ENV: 'test',
      RATE_LIMIT_PER_IP: '100000',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the site did not start');
}
