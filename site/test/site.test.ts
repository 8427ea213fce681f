/**
 * The static site as `npm start` serves it (a CDN's behaviour): the shell with client-side
 * routes, immutable versioned remote folders, precompressed files, preload hints for the first
 * page's remote, and 404s that stay 404s.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { BootData } from '@mchezo/contracts/boot';
import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlinePagePolicy, sha256, WORKER_POLICY } from '../src/content-security-policy.js';
import { pageScripts } from '../src/index-page.js';
import { sha384Integrity } from '../src/integrity.js';
import { sitePlugin } from '../src/site.plugin.js';

let dir: string;
let app: FastifyInstance;
let manifest: ReleaseManifest;
let gamesDown = false;
const OFFLINE_SCRIPT = 'document.title = "offline"';
const OFFLINE_PAGE = `<!doctype html><title>Mchezo</title><style>p{color:red}</style><p>Offline</p><script>${OFFLINE_SCRIPT}</script>`;

/** The boot data the page carries, as the shell reads it. */
function bootOf(html: string): BootData {
  const m = html.match(/<script type="application\/json" id="mchezo-boot">(.*?)<\/script>/s);
  return m ? (JSON.parse(m[1] as string) as BootData) : {};
}

function write(path: string, content: string) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-'));
  write(
    'shell/index.html',
    '<!doctype html><html><head><title>Mchezo</title><link rel="preload" as="script" href="/static/js/index.abc.js" fetchpriority="high"><link href="/static/css/index.c1.css" rel="stylesheet"></head><body><div id="root"><header>Mchezo</header><main id="main"><!--first-screen--></main></div><script data-src="/static/js/index.abc.js">/* starts the app after the first paint */</script></body></html>',
  );
  write(
    'remotes/lobby/1.0.0-aa/first-screen/HomePage.html',
    '<div style="padding:1rem"><img src="data:," alt=""></div>',
  );
  // The game page's first screen carries text: one file per language (decision 026).
  write(
    'remotes/lobby/1.0.0-aa/first-screen/GamePage.en.html',
    '<p style="padding:1rem">Loading [[title]]</p>',
  );
  write(
    'remotes/lobby/1.0.0-aa/first-screen/GamePage.sw.html',
    '<p style="padding:1rem">Inapakia [[title]]</p>',
  );
  write('shell/static/css/index.c1.css', 'body{margin:0}');
  const js = 'console.log("shell");'.repeat(50);
  write('shell/static/js/index.abc.js', js);
  writeFileSync(join(dir, 'shell/static/js/index.abc.js.gz'), gzipSync(js));
  write(
    'remotes/lobby/1.0.0-aa/mf-manifest.json',
    JSON.stringify({
      metaData: { remoteEntry: { name: 'static/js/lobby.1.js', path: '' } },
      exposes: [
        {
          name: 'HomePage',
          assets: { js: { sync: ['static/js/async/home.js'] }, css: { sync: ['static/css/home.css'] } },
        },
        {
          name: 'GamePage',
          assets: {
            js: {
              sync: ['static/js/async/game.js'],
              // Its strings, one chunk per language (decision 027), and a chunk of something else.
              async: [
                'static/js/async/strings-en.e1.js',
                'static/js/async/strings-sw.s1.js',
                'static/js/async/x.js',
              ],
            },
            css: { sync: [] },
          },
        },
      ],
    }),
  );
  write('remotes/lobby/1.0.0-aa/static/js/lobby.1.js', 'var lobby;');
  write('remotes/lobby/1.0.0-aa/static/js/async/strings-en.e1.js', 'var en;');
  write('remotes/lobby/1.0.0-aa/static/js/async/strings-sw.s1.js', 'var sw;');
  write('shell/sw.js', 'self.addEventListener("fetch", () => {});');
  write('shell/manifest.webmanifest', '{"name":"Mchezo"}');
  write('shell/offline.html', OFFLINE_PAGE);
  manifest = {
    revision: 1,
    remotes: {
      lobby: { version: '1.0.0-aa', entry: '/remotes/lobby/1.0.0-aa/mf-manifest.json', enabled: true },
    },
  };
  app = Fastify();
  app.get('/api/v1/health', async () => ({ ok: true }));
  app.get('/api/v1/casino/games', async () => {
    if (gamesDown) throw new Error('catalogue down');
    return { games: [{ game_id: 'g1', name: '</script><script>alert(1)</script>' }] };
  });
  await app.register(sitePlugin, {
    siteDir: dir,
    currentManifest: async () => manifest,
    publicConfig: { ...DEFAULT_APP_CONFIG, otp_test_mode: true },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the site', () => {
  it('serves the shell for / and client routes, never cached, with preload hints for the home page', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.headers['cache-control']).toBe('no-cache');
    // The shell's own script first: everything waits on it. Remote files load as CORS requests
    // checked against their hash (Subresource Integrity): so are their preloads, or they go unused.
    const entryHash = sha384Integrity(readFileSync(join(dir, 'remotes/lobby/1.0.0-aa/static/js/lobby.1.js')));
    expect(String(home.headers.link).split(', ')).toEqual([
      '</static/js/index.abc.js>; rel=preload; as=script; fetchpriority=high',
      `</remotes/lobby/1.0.0-aa/static/js/lobby.1.js>; rel=preload; as=script; crossorigin; integrity="${entryHash}"`,
      '</remotes/lobby/1.0.0-aa/static/css/home.css>; rel=preload; as=style; crossorigin',
      '</remotes/lobby/1.0.0-aa/static/js/async/home.js>; rel=preload; as=script; crossorigin',
    ]);
    const route = await app.inject({ url: '/transactions' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Mchezo</title>');
    expect(route.headers.link).toBe('</static/js/index.abc.js>; rel=preload; as=script; fetchpriority=high');
    // An entry page with a parameter gets its page's hints too.
    const game = await app.inject({ url: '/game/Lucky%207?gameId=g1' });
    expect(String(game.headers.link).split(', ').slice(1, 3)).toEqual([
      `</remotes/lobby/1.0.0-aa/static/js/lobby.1.js>; rel=preload; as=script; crossorigin; integrity="${entryHash}"`,
      '</remotes/lobby/1.0.0-aa/static/js/async/game.js>; rel=preload; as=script; crossorigin',
    ]);
  });

  it("writes the shell's stylesheet into a first visit's page and links the cached file after", async () => {
    const first = await app.inject({ url: '/' });
    expect(first.body).toContain('<style>body{margin:0}</style>');
    expect(first.body).not.toContain('rel="stylesheet"');
    // Fetched after the page, at the lowest priority, for the next visit.
    expect(first.body).toContain('<link rel="prefetch" href="/static/css/index.c1.css"></body>');
    expect(first.headers['set-cookie']).toEqual([
      'shell-css=index.c1.css; Path=/; Max-Age=31536000; SameSite=Lax',
    ]);
    expect(String(first.headers['content-security-policy'])).toContain(sha256('body{margin:0}'));

    // Back with the cookie: the link to the cached file, no copy, no allowance for one.
    const again = await app.inject({ url: '/login', headers: { cookie: 'lang=sw; shell-css=index.c1.css' } });
    expect(again.body).toContain('<link href="/static/css/index.c1.css" rel="stylesheet">');
    expect(again.body).not.toContain('body{margin:0}');
    expect(again.body).not.toContain('rel="prefetch"');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(String(again.headers['content-security-policy'])).not.toContain(sha256('body{margin:0}'));

    // A cookie from an older shell build names another file: the styles come inline again.
    const stale = await app.inject({ url: '/', headers: { cookie: 'shell-css=index.old.css' } });
    expect(stale.body).toContain('<style>body{margin:0}</style>');
  });

  it("preloads the page's strings in the player's language, else in English", async () => {
    const stringsHint = async (headers: Record<string, string>) => {
      const res = await app.inject({ url: '/game/x', headers });
      return String(res.headers.link)
        .split(', ')
        .filter((h) => h.includes('/strings-'));
    };
    const hash = (language: string, id: string) =>
      sha384Integrity(
        readFileSync(join(dir, `remotes/lobby/1.0.0-aa/static/js/async/strings-${language}.${id}.js`)),
      );
    expect(await stringsHint({ 'accept-language': 'sw-KE,sw;q=0.9' })).toEqual([
      `</remotes/lobby/1.0.0-aa/static/js/async/strings-sw.s1.js>; rel=preload; as=script; crossorigin; integrity="${hash('sw', 's1')}"`,
    ]);
    // The cookie first; a language the version has no strings in falls to English.
    expect(await stringsHint({ 'accept-language': 'sw', cookie: 'lang=fr' })).toEqual([
      `</remotes/lobby/1.0.0-aa/static/js/async/strings-sw.s1.js>; rel=preload; as=script; crossorigin; integrity="${hash('sw', 's1')}"`,
    ]);
    expect(await stringsHint({ 'accept-language': 'de' })).toEqual([
      `</remotes/lobby/1.0.0-aa/static/js/async/strings-en.e1.js>; rel=preload; as=script; crossorigin; integrity="${hash('en', 'e1')}"`,
    ]);
    // No language asked for: English, as the shell decides.
    expect(await stringsHint({})).toEqual([expect.stringContaining('/strings-en.e1.js>')]);
    // A page whose version names no strings chunk gets no such hint.
    expect((await app.inject({ url: '/' })).headers.link).not.toContain('/strings-');
  });

  it("writes the config, the release and the first page's manifest and data into the page", async () => {
    const home = await app.inject({ url: '/' });
    const boot = bootOf(home.body);
    expect(boot.config?.otp_test_mode).toBe(true);
    expect(boot.release).toEqual(manifest);
    expect(Object.keys(boot.files ?? {})).toEqual([
      '/remotes/lobby/1.0.0-aa/mf-manifest.json',
      '/api/v1/casino/games',
    ]);
    expect(boot.files?.['/api/v1/casino/games']).toEqual({
      games: [{ game_id: 'g1', name: '</script><script>alert(1)</script>' }],
    });
    // A string cannot end the element early: the page holds exactly one boot element.
    expect(home.body).not.toContain('</script><script>alert(1)');
    expect(home.body.match(/<\/script>/g)).toHaveLength(2);
    // Other routes carry the config and the release, not the home page's files.
    const other = bootOf((await app.inject({ url: '/deposit' })).body);
    expect(other.release).toEqual(manifest);
    expect(other.files).toBeUndefined();
  });

  it('preloads the data it could not read instead of writing it in', async () => {
    gamesDown = true;
    try {
      const home = await app.inject({ url: '/' });
      expect(Object.keys(bootOf(home.body).files ?? {})).toEqual([
        '/remotes/lobby/1.0.0-aa/mf-manifest.json',
      ]);
      expect(String(home.headers.link)).toContain(
        '</api/v1/casino/games>; rel=preload; as=fetch; crossorigin',
      );
    } finally {
      gamesDown = false;
    }
  });

  it("paints the first page's first screen from the HTML: the version's fragment in <main>", async () => {
    const home = (await app.inject({ url: '/' })).body;
    expect(home).toContain(
      '<main id="main"><div data-first-screen="lobby/HomePage"><div style="padding:1rem"><img src="data:," alt=""></div></div></main>',
    );
    expect(home).not.toContain('<!--first-screen-->');
    // Only the page it belongs to: other routes keep the empty slot (the frame still paints).
    const other = (await app.inject({ url: '/login' })).body;
    expect(other).toContain('<main id="main"><!--first-screen--></main>');
    expect(other).not.toContain('data-first-screen');
  });

  it("writes a route with a parameter's first screen in the player's language, cookie first", async () => {
    const game = (headers: Record<string, string>) =>
      app.inject({ url: '/game/Lucky%207?gameId=g1', headers }).then((r) => r.body);
    const swahili = await game({ 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' });
    expect(swahili).toContain(
      '<main id="main"><div data-first-screen="lobby/GamePage"><p style="padding:1rem">Inapakia Lucky 7</p></div></main>',
    );
    expect(swahili).toContain('<html lang="sw"');
    // The shell's cookie (the player's choice) wins over the browser's languages.
    const english = await game({ 'accept-language': 'sw', cookie: 'a=1; lang=en; b=2' });
    expect(english).toContain('<p style="padding:1rem">Loading Lucky 7</p>');
    // A language the version has no text in, or a cookie that names no language: English.
    expect(await game({ 'accept-language': 'de-DE', cookie: 'lang=../../x' })).toContain(
      '>Loading Lucky 7</p>',
    );
    expect(await game({})).toContain('>Loading Lucky 7</p>');
    // The title is the URL's: written in as text, never as markup.
    const hostile = await app.inject({ url: `/game/${encodeURIComponent('<img src=x onerror=alert(1)>"')}` });
    expect(hostile.body).toContain('>Loading &#60;img src=x onerror=alert(1)&#62;&#34;</p>');
    // Only the route's own pattern: one segment.
    expect((await app.inject({ url: '/game/a/b' })).body).not.toContain('data-first-screen');
    const res = await app.inject({ url: '/game/x' });
    expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
  });

  it('writes no first screen for a version that ships none', async () => {
    write(
      'remotes/lobby/1.0.1-cc/mf-manifest.json',
      JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/lobby.2.js', path: '' } }, exposes: [] }),
    );
    const active = manifest.remotes.lobby!;
    manifest.remotes.lobby = {
      ...active,
      version: '1.0.1-cc',
      entry: '/remotes/lobby/1.0.1-cc/mf-manifest.json',
    };
    try {
      const home = await app.inject({ url: '/' });
      expect(home.body).not.toContain('data-first-screen');
      expect(String(home.headers.link)).toContain('/remotes/lobby/1.0.1-cc/static/js/lobby.2.js');
    } finally {
      manifest.remotes.lobby = active;
    }
  });

  it("finds the shell's script in a plain <script src> and in the after-paint starter", () => {
    expect(
      pageScripts('<script defer src="/a.js"></script><script data-src="/b.js">start()</script>'),
    ).toEqual(['/a.js', '/b.js']);
  });

  it('compresses the page it composes', async () => {
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>Mchezo</title>');
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('id="mchezo-boot"');
  });

  it('gives no hint for a switched-off remote, nor while a canary runs', async () => {
    const shellOnly = '</static/js/index.abc.js>; rel=preload; as=script; fetchpriority=high';
    manifest.remotes.lobby!.enabled = false;
    try {
      const home = await app.inject({ url: '/' });
      expect(home.headers.link).toBe(shellOnly);
      expect(bootOf(home.body).files).toBeUndefined();
      // A switched-off page paints no first screen of its own: the Unavailable page follows.
      expect(home.body).not.toContain('data-first-screen');
    } finally {
      manifest.remotes.lobby!.enabled = true;
    }
    manifest.remotes.lobby!.canary = {
      version: '1.1.0-bb',
      entry: '/remotes/lobby/1.1.0-bb/mf-manifest.json',
      percent: 10,
    };
    try {
      const home = await app.inject({ url: '/' });
      expect(home.headers.link).toBe(shellOnly);
      // Which version this player gets is the shell's call: no version's first screen either.
      expect(home.body).not.toContain('data-first-screen');
    } finally {
      delete manifest.remotes.lobby!.canary;
    }
  });

  it('keeps a missing file a 404 (a lost chunk must not run HTML), and API paths to the API', async () => {
    const missing = await app.inject({ url: '/static/js/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not found: GET /static/js/gone.js' });
    expect((await app.inject({ url: '/api/v1/nope' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/lobby/9.9.9/mf-manifest.json' })).statusCode).toBe(404);
  });

  it('serves hashed files immutable and precompressed', async () => {
    const res = await app.inject({ url: '/static/js/index.abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the service worker from the root, revalidated on every use, with a policy of its own', async () => {
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toBe(WORKER_POLICY);
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('serves the offline page with a policy that allows its inline script by hash, compressed', async () => {
    const res = await app.inject({ url: '/offline.html', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(offlinePagePolicy(OFFLINE_PAGE));
    expect(res.headers['content-security-policy']).toContain(sha256(OFFLINE_SCRIPT));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(OFFLINE_PAGE);
  });

  it('serves remote folders with CORS; their manifest briefly cached, their files for a year', async () => {
    const m = await app.inject({ url: '/remotes/lobby/1.0.0-aa/mf-manifest.json' });
    expect(m.headers['access-control-allow-origin']).toBe('*');
    expect(m.headers['cache-control']).toBe('public, max-age=60');
    const entry = await app.inject({ url: '/remotes/lobby/1.0.0-aa/static/js/lobby.1.js' });
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
