/**
 * The staff site under /staff/ (site/src/staff-site.ts): its own page with its own strict policy,
 * immutable hashed files, deep links answered by its page, missing files kept 404, the site's
 * security headers, no service worker; and with STAFF_SITE_ORIGIN, only on the staff host.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSecurityHeaders, PERMISSIONS_POLICY } from '../src/security-headers.js';
import { sitePlugin } from '../src/site.plugin.js';
import { STAFF_POLICY } from '../src/staff-site.js';

const STAFF_PAGE =
  '<!doctype html><html><head><title>Mchezo staff</title><script defer src="/staff/static/js/index.s1.js"></script></head><body><div id="root"></div></body></html>';
const SHELL_PAGE =
  '<!doctype html><html><head><title>Mchezo</title></head><body><main id="main"></main></body></html>';
const STAFF_JS = 'console.log("staff");'.repeat(50);

let dir: string;
const apps: FastifyInstance[] = [];

function write(path: string, content: string | Buffer) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

async function site(staffOrigin?: string): Promise<FastifyInstance> {
  const app = Fastify();
  addSecurityHeaders(app);
  app.get('/api/v1/health', async () => ({ ok: true }));
  await app.register(sitePlugin, { siteDir: dir, ...(staffOrigin && { staffOrigin }) });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-staff-'));
  write('shell/index.html', SHELL_PAGE);
  write('staff/index.html', STAFF_PAGE);
  write('staff/static/js/index.s1.js', STAFF_JS);
  write('staff/static/js/index.s1.js.gz', gzipSync(STAFF_JS));
  write('staff/static/css/index.c1.css', 'body{margin:0}');
});

afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the staff site', () => {
  it('serves its page at /staff/ with its own strict policy, revalidated on every use', async () => {
    const app = await site();
    const res = await app.inject({ url: '/staff/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(STAFF_PAGE);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(STAFF_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The site's other security headers, as on every answer.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("has a policy that allows this origin's files only: no inline script, no other host, no framing", () => {
    const directives = Object.fromEntries(
      STAFF_POLICY.split('; ').map((d) => {
        const [name, ...sources] = d.split(' ');
        return [name, sources];
      }),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    // 'self' and the empty <style> of the code field (input-otp) by its hash: nothing inline.
    expect(directives['style-src']).toEqual([
      "'self'",
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
    expect(directives['img-src']).toEqual(["'self'", 'data:']);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['font-src']).toEqual(["'self'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(STAFF_POLICY).not.toMatch(/unsafe|worker-src|manifest-src/);
  });

  it('answers a deep link with its page, and /staff with a redirect to /staff/', async () => {
    const app = await site();
    for (const url of ['/staff/admin', '/staff/admin/people/abc-123?tab=roles', '/staff/sign-in']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(STAFF_PAGE);
      expect(res.headers['content-security-policy']).toBe(STAFF_POLICY);
    }
    const bare = await app.inject({ url: '/staff' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/staff/');
  });

  it('serves its hashed files immutable and precompressed, and keeps a missing file a 404', async () => {
    const app = await site();
    const js = await app.inject({
      url: '/staff/static/js/index.s1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await app.inject({ url: '/staff/static/css/index.c1.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe('body{margin:0}');
    const missing = await app.inject({ url: '/staff/static/js/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not found: GET /staff/static/js/gone.js' });
    // No service worker of its own, and never the player site's page under /staff/.
    expect((await app.inject({ url: '/staff/sw.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/staff/index.html' })).headers['content-security-policy']).toBe(
      STAFF_POLICY,
    );
  });

  it('leaves the player site and the API as they were', async () => {
    const app = await site();
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Mchezo</title>');
    expect(home.headers['content-security-policy']).not.toBe(STAFF_POLICY);
    expect((await app.inject({ url: '/staffroom' })).body).toContain('<title>Mchezo</title>');
    expect((await app.inject({ url: '/api/v1/health' })).json()).toEqual({ ok: true });
  });

  it('with STAFF_SITE_ORIGIN, answers /staff/ only for the staff host: the player host gets 404', async () => {
    const app = await site('https://staff.example.ke');
    const staffHost = { host: 'staff.example.ke' };
    const playerHost = { host: 'mchezo.example.ke' };
    expect((await app.inject({ url: '/staff/', headers: staffHost })).body).toBe(STAFF_PAGE);
    expect((await app.inject({ url: '/staff/admin', headers: staffHost })).statusCode).toBe(200);
    expect((await app.inject({ url: '/staff/static/js/index.s1.js', headers: staffHost })).statusCode).toBe(
      200,
    );
    for (const url of ['/staff/', '/staff', '/staff/admin', '/staff/static/js/index.s1.js']) {
      const res = await app.inject({ url, headers: playerHost });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Mchezo staff');
    }
    // The player site itself is untouched on the player host.
    expect((await app.inject({ url: '/', headers: playerHost })).statusCode).toBe(200);
  });
});
