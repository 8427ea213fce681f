// Starts the API + built site on a fresh data folder, as `npm start` serves it, for benchmarks.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
 * A proxy in front of `origin` that serves every page's HTML with its `<script>` elements removed,
 * and the preload hints (in the page and its Link header) for scripts and the JSON they read
 * (gzipped again when the browser takes it), and passes everything else through byte for byte:
 * the page as the browser paints it from the HTML alone.
 */
export async function startScriptlessProxy(origin) {
  const target = new URL(origin);
  const server = createServer((req, res) => {
    const page = (req.headers.accept ?? '').includes('text/html');
    const headers = { ...req.headers, host: target.host, ...(page && { 'accept-encoding': 'identity' }) };
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        if (!(answer.headers['content-type'] ?? '').startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks = [];
        answer.on('data', (c) => chunks.push(c));
        answer.on('end', () => {
          const html = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
            // and what only scripts use: their preloads and the JSON they read.
            .replace(/<link\b[^>]*\b(?:rel="modulepreload"|as="(?:script|fetch)")[^>]*>/gi, '');
          const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
          const body = gzip ? gzipSync(html) : Buffer.from(html);
          const out = { ...answer.headers, 'content-length': String(body.length) };
          // The Link header's preloads likewise: a page without scripts keeps only its styles'.
          const link = (answer.headers.link ?? '')
            .split(/,\s*(?=<)/)
            .filter((hint) => hint && !/;\s*(?:as=(?:script|fetch)|rel=modulepreload)\b/.test(hint));
          if (link.length) out.link = link.join(', ');
          else delete out.link;
          delete out['transfer-encoding'];
          if (gzip) out['content-encoding'] = 'gzip';
          res.writeHead(answer.statusCode ?? 502, out).end(body);
        });
      },
    );
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}
