/**
 * The browser's own defences (decision 016): the site page's Content-Security-Policy, built from
 * the page's own parts and its configuration; the headers every answer carries; the demo game
 * page's own policy, which lets the site frame it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import {
  inlineHashes,
  offlinePagePolicy,
  sha256,
  sitePolicy,
  styleAttributeHashes,
} from '@mchezo/site/content-security-policy';
import { describe, expect, it } from 'vitest';
import { DB_MODES, suiteApp } from '../helpers.js';

const STARTER = 'start()';
const STYLE = 'body{margin:0}';
const TEMPLATE = `<!doctype html><html><head><style>${STYLE}</style></head><body><div id="root"><main><!--first-screen--></main></div><script data-src="/static/js/index.abc.js">${STARTER}</script></body></html>`;
const FIRST_SCREEN = '<div style="padding:1rem"><img style="width:100%" src="data:," alt=""></div>';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ') ?? [];

const release: ReleaseManifest = {
  revision: 3,
  remotes: {
    lobby: { version: '1.0.0-aa', entry: '/remotes/lobby/1.0.0-aa/mf-manifest.json', enabled: true },
    auth: {
      version: '1.0.0-bb',
      entry: 'https://cdn.example.com/remotes/auth/1.0.0-bb/mf-manifest.json',
      enabled: true,
    },
    wallet: {
      version: '1.0.0-cc',
      entry: '/remotes/wallet/1.0.0-cc/mf-manifest.json',
      enabled: true,
      canary: { version: '1.0.1-dd', entry: 'https://canary.example.com/w/mf-manifest.json', percent: 10 },
    },
    profile: { version: '1.0.0-ee', entry: '/remotes/profile/1.0.0-ee/mf-manifest.json', enabled: false },
  },
};

describe('the site page policy', () => {
  const config = {
    ...DEFAULT_APP_CONFIG,
    error_reporting: {
      dsn: 'https://pub@o1.ingest.example.io/42',
      environment: 'production',
      tunnel: '/api/v1/errors/envelope',
    },
    support_chat: { widget_url: 'https://chat.example.org', website_token: 't' },
  };
  const policy = sitePolicy({
    template: TEMPLATE,
    firstScreenHtml: FIRST_SCREEN,
    release,
    config,
    publicBaseUrl: 'https://api.mchezo.example',
  });

  it("allows the build's inline starter by its hash, and no inline script or eval otherwise", () => {
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'https://cdn.example.com',
      'https://canary.example.com',
      'https://chat.example.org',
      sha256(STARTER),
    ]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|'nonce-/);
  });

  it("allows the shell's inline stylesheet and the first screen's style attributes by hash only", () => {
    expect(directive(policy, 'style-src')).toEqual([
      "'self'",
      'https://cdn.example.com',
      'https://canary.example.com',
      sha256(STYLE),
      sha256(''),
      "'unsafe-hashes'",
      sha256('padding:1rem'),
      sha256('width:100%'),
    ]);
    // Without a first screen, not even 'unsafe-hashes'.
    const plain = sitePolicy({ template: TEMPLATE, publicBaseUrl: 'https://api.mchezo.example' });
    expect(directive(plain, 'style-src')).toEqual(["'self'", sha256(STYLE), sha256('')]);
    // The shell's stylesheet written into the page (decision 029): that text, by its hash.
    const inlined = sitePolicy({
      template: TEMPLATE,
      stylesheet: 'main{padding:0}',
      publicBaseUrl: 'https://x.example',
    });
    expect(directive(inlined, 'style-src')).toEqual([
      "'self'",
      sha256(STYLE),
      sha256('main{padding:0}'),
      sha256(''),
    ]);
  });

  it('names the API, the remotes and the support chat where the page reaches them (error reports go to the API)', () => {
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://api.mchezo.example',
      'https://cdn.example.com',
      'https://canary.example.com',
      'https://chat.example.org',
    ]);
    expect(directive(policy, 'frame-src')).toEqual([
      "'self'",
      'https://api.mchezo.example',
      'https://chat.example.org',
    ]);
    expect(directive(policy, 'img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https://api.mchezo.example']),
    );
  });

  it('refuses framing, plugins, other bases and other form targets', () => {
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
  });

  it('lets the site register its own service worker and read its own web app manifest, nothing else', () => {
    expect(directive(policy, 'worker-src')).toEqual(["'self'"]);
    expect(directive(policy, 'manifest-src')).toEqual(["'self'"]);
  });

  it('gives the offline page its own inline script and style by hash, and nothing to reach', () => {
    const offline = offlinePagePolicy(
      '<style>p{}</style><script type="application/json">{}</script><script>go()</script>',
    );
    expect(directive(offline, 'default-src')).toEqual(["'none'"]);
    expect(directive(offline, 'script-src')).toEqual([sha256('go()')]);
    expect(directive(offline, 'style-src')).toEqual([sha256('p{}')]);
    expect(directive(offline, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(offlinePagePolicy('<p>no script</p>'), 'script-src')).toEqual(["'none'"]);
  });

  it('lets a development server load a remote from a local dev server, and nothing else does', () => {
    const dev = sitePolicy({ template: TEMPLATE, publicBaseUrl: 'http://127.0.0.1:8080', development: true });
    expect(directive(dev, 'script-src')).toContain('http://127.0.0.1:*');
    expect(policy).not.toContain('127.0.0.1');
  });

  it('hashes only scripts the browser runs, and decodes style attributes as the browser does', () => {
    const html =
      '<script type="application/json">{"a":1}</script><script src="/x.js"></script><script>run()</script><script type="module">go()</script>';
    expect(inlineHashes(html).scripts).toEqual([sha256('run()'), sha256('go()')]);
    expect(
      styleAttributeHashes(`<p style="font-family:&quot;A&quot;"></p><p style='color:red'></p>`),
    ).toEqual([sha256('font-family:"A"'), sha256('color:red')]);
  });
});

const siteDir = mkdtempSync(join(tmpdir(), 'csp-site-'));
mkdirSync(join(siteDir, 'shell'), { recursive: true });
writeFileSync(join(siteDir, 'shell', 'index.html'), TEMPLATE);

describe.each(DB_MODES)('security headers from the app (%s)', (mode) => {
  const t = suiteApp(mode, {
    SITE_DIR: siteDir,
    TRUST_PROXY: 'true',
    PUBLIC_BASE_URL: 'https://mchezo.example',
    SENTRY_DSN: 'https://pub@o1.ingest.example.io/42',
  });

  it('sends the page its policy and the headers every answer has', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wallet' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toEqual(["'self'", sha256(STARTER)]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://mchezo.example']);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=(), ');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
    expect(res.headers['permissions-policy']).toContain('payment=()');
  });

  it('sends Strict-Transport-Security only for a request that came over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('gives an API answer a policy that allows nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the site frame the demo game page, which runs only its own script and stylesheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/games/demo/play?launch=x' });
    const csp = res.headers['content-security-policy'] as string;
    expect(directive(csp, 'frame-ancestors')).toEqual(["'self'", 'http://localhost:*', 'http://127.0.0.1:*']);
    expect(directive(csp, 'default-src')).toEqual(["'none'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'http://localhost:80']);
    expect(directive(csp, 'style-src')).toHaveLength(1);
    expect(directive(csp, 'style-src')[0]).toMatch(/^'sha256-/);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
