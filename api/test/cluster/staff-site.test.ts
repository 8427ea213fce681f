/**
 * The cluster serves what `npm start` serves, the staff site included (site/src/staff-site.ts;
 * docs/decisions/064-storage-and-timeouts.md): `/staff/` through nginx is the built staff page
 * with its own policy, its script loads, and in Chromium (390 px wide) its sign-in screen shows.
 */
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { cluster } from './cluster-kit.js';

describe('the staff site under the cluster', () => {
  it('/staff/ answers the staff page, its files, and its sign-in screen in Chromium', async () => {
    const page = await fetch(`${cluster.url}/staff/`);
    const html = await page.text();
    expect(page.status, html.slice(0, 200)).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/staff\/static\//);
    expect((await fetch(new URL(script ?? '', cluster.url))).status).toBe(200);
    // A deep link is the same page.
    expect((await fetch(`${cluster.url}/staff/players`)).status).toBe(200);

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en' });
      const errors: string[] = [];
      tab.on('pageerror', (err) => errors.push(err.message));
      await tab.goto(`${cluster.url}/staff/`);
      await tab.getByRole('heading', { name: 'Staff sign-in' }).waitFor({ timeout: 20_000 });
      // Its first step: phone and password.
      await tab.locator('input[type="password"]').waitFor();
      await tab.getByRole('button', { name: 'Continue' }).waitFor();
      if (process.env.CLUSTER_SCREENSHOTS)
        await tab.screenshot({ path: join(process.env.CLUSTER_SCREENSHOTS, 'staff-sign-in.png') });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
