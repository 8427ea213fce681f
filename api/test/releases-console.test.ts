/**
 * The release page (`GET /api/v1/releases/console`): served by the API itself, self-contained
 * (one HTML file with inline CSS, one script file), under a CSP with no inline script.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONSOLE_SCRIPTS, releaseConsole } from '../src/modules/releases/releases.routes.js';
import { suiteApp } from './helpers.js';

describe('release page', () => {
  // No SITE_DIR: the page does not depend on the site or any remote.
  const t = suiteApp('sqlite');

  const directives = (csp: string) =>
    Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name as string, values];
      }),
    ) as Record<string, string[]>;

  it('serves an HTML page in English with the CSP, no inline script, and its script as a file', async () => {
    const res = await t.get('/releases/console');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    // Accessible: labelled fields, an alert for errors, a live region for results.
    expect(html).toContain('<label for="phone">');
    expect(html).toContain('<label for="password">');
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-live="polite"');
    // Every script is a file; none is inline, and no event-handler attributes.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    // The renderers first, the page last (deferred scripts run in order).
    expect(scripts.map((s) => s[1]?.match(/src="([^"]+)"/)?.[1])).toEqual(
      CONSOLE_SCRIPTS.map((name) => `/api/v1/releases/console/${name}`),
    );
    for (const s of scripts) {
      expect(s[1]).toContain(' defer');
      expect(s[2]).toBe('');
    }
    // The live files' check and the overrides issued have their places.
    expect(html).toContain('id="integrity"');
    expect(html).toContain('Check files now');
    expect(html).toContain('Overrides issued to testers');
    expect(html).not.toMatch(/\son[a-z]+=/i);

    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(JSON.stringify(csp)).not.toContain('unsafe-inline');
    expect(JSON.stringify(csp)).not.toContain('unsafe-eval');
    // The inline <style> block is allowed by its hash, and only it.
    const style = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(csp['style-src']).toEqual(["'self'", hash]);
  });

  it('serves the scripts as JavaScript with the same headers', async () => {
    for (const name of CONSOLE_SCRIPTS) {
      const script = await t.get(`/releases/console/${name}`);
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['content-security-policy']).toBe(releaseConsole().csp);
      expect(script.body).toBe(releaseConsole().scripts[name]);
      // Server text goes in as text, never as markup.
      expect(script.body).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
    const res = await t.get('/releases/console/console.js');
    // It signs in to staff with two factors, keeps the token in sessionStorage only, sends the base
    // revision with each change and explains 409, 403 and 422.
    expect(res.body).toContain("'/staff/sign-in'");
    expect(res.body).toContain('sessionStorage');
    expect(res.body).not.toContain('localStorage');
    expect(res.body).toContain('base_revision');
    expect(res.body).toContain('Someone changed the release meanwhile — reload');
    expect(res.body).toContain('not a release manager');
    expect(res.body).toContain('compatibility check');
    // The live files' check: shown, and run on request.
    expect(res.body).toContain("'/releases/integrity'");
    expect(releaseConsole().scripts['console-history.js']).toContain("'/releases/integrity/check'");
    // Each card shows the active version's and the canary's health side by side, and the guard's plan.
    expect(res.body).toContain("'/releases/health?minutes=60'");
    const health = releaseConsole().scripts['console-health.js'];
    expect(health).toContain('Health, last ');
    expect(health).toContain('Guard: running at');
    // And how many browsers were counted, and what arrived without a valid load ticket (decision 031).
    expect(health).toContain("['Browsers', (v) => String(v.clients)]");
    expect(health).toContain('Not counted (');
    // Real players' speed per version beside the error rate, and the guard's speed limit (decision 051).
    expect(health).toContain("['p75 LCP', (v) => vital(v.vitals?.lcp, 'ms')]");
    expect(health).toContain("['p75 INP', (v) => vital(v.vitals?.inp, 'ms')]");
    expect(health).toContain("['p75 CLS', (v) => vital(v.vitals?.cls, 'cls')]");
    expect(health).toContain('p75 LCP at most +');
    const history = releaseConsole().scripts['console-history.js'];
    // One remote rolled back on its own, with the same confirmation (reason, base revision).
    expect(history).toContain('/rollback`');
    expect(history).toMatch(/Roll back \$\{name\} to revision/);
    expect(history).toContain('not offered to players');
    // Server text goes in as text, never as markup.
    expect(res.body).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  it('needs no token and no site (the data behind it does)', async () => {
    expect((await t.get('/releases/console')).statusCode).toBe(200);
    expect((await t.get('/releases/remotes')).statusCode).toBe(401);
    expect((await t.get('/releases/console/other.js')).statusCode).toBe(404);
  });
});
