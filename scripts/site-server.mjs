// Starts the API + built site on a fresh data folder, as `npm start` serves it, for benchmarks.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
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

/**
 * A proxy in front of `origin` that serves every page's HTML with its `<script>` elements removed
 * (everything else as it is): the page as the browser paints it from the HTML alone.
 */
export async function startScriptlessProxy(origin) {
  const server = createServer(async (req, res) => {
    const headers = { ...req.headers, 'accept-encoding': 'identity' };
    delete headers.host;
    const answer = await fetch(`${origin}${req.url}`, { headers, redirect: 'manual' });
    const out = Object.fromEntries(
      [...answer.headers].filter(
        ([k]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(k),
      ),
    );
    // Set-Cookie may come more than once.
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    let body = Buffer.from(await answer.arrayBuffer());
    if ((answer.headers.get('content-type') ?? '').startsWith('text/html'))
      body = Buffer.from(body.toString('utf8').replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ''));
    res.writeHead(answer.status, out).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}
