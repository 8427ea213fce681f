/**
 * The browser's own defences (docs/decisions/016-content-security-policy.md): the page's
 * Content-Security-Policy is enforced (an injected inline script is refused), no other
 * origin may frame the site, and the game frame the site opens is allowed. Every other spec checks
 * that the site itself never breaks its policy (e2e/support/test.ts).
 */
import { expect, test } from '../support/test.ts';

test('the page and the API answer with the security headers', async ({ request }) => {
  const page = await request.get('/');
  const headers = page.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self' [^;]*'sha256-/);
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // Served over http here: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  const api = await request.get('/api/v1/config');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
});

test.describe('what the policy refuses', () => {
  test.use({ cspViolationsExpected: true });

  test('another origin cannot frame the site', async ({ page, baseURL }) => {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.route('http://framer.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>framer</title><iframe id="site" src="${baseURL}/" width="390" height="600"></iframe>`,
      }),
    );
    await page.goto('http://framer.example/');
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    const site = page.frames().find((f) => f !== page.mainFrame());
    // The frame holds Chromium's error page, never the site's document.
    const root = await site?.evaluate(() => document.getElementById('root') !== null).catch(() => false);
    expect(root).toBe(false);
  });

  test('an injected inline script does not run', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    const injected = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(injected).toBe(false);
  });
});
