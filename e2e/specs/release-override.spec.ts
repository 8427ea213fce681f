/**
 * A tester's signed release override (docs/decisions/008-release-choice-in-the-shell.md): a
 * release manager asks the platform for an expiring token that points one remote at a published
 * version; a browser opened with it gets that version and a visible banner; a forged token is
 * ignored.
 */

import { homeLoaded } from '../support/first-screen.ts';
import { releaseManagerToken } from '../support/releases.ts';
import { expect, test } from '../support/test.ts';

test('a signed override shows its banner and serves the named version; a forged one is ignored', async ({
  page,
  request,
}) => {
  const token = await releaseManagerToken(request);

  const live = (await (await request.get('/api/v1/releases/manifest')).json()).remotes.profile;
  const res = await request.post('/api/v1/releases/overrides', {
    headers: { Authorization: `Bearer ${token}` },
    data: { remote: 'profile', version: live.version, minutes: 10, reason: 'e2e: a tester checks profile' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { token: override } = await res.json();

  const manifests: string[] = [];
  page.on(
    'request',
    (r) => r.url().includes('/releases/manifest') && manifests.push(new URL(r.url()).search),
  );
  await page.goto(`/?release-override=${encodeURIComponent(override)}`);
  const banner = page.getByTestId('override-banner');
  await expect(banner).toContainText(`Testing profile ${live.version}`);
  // The token left the address bar but stays with this tab.
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(banner).toBeVisible();
  expect(manifests.at(-1)).toContain('override=');
  // It never becomes the fallback manifest for later visits.
  const lastGood = await page.evaluate(() => localStorage.getItem('mchezo:last-good-release-manifest'));
  expect(lastGood ?? '').not.toContain('"override"');

  await banner.getByRole('button', { name: 'Stop' }).click();
  await expect(banner).toHaveCount(0);

  const [payload] = override.split('.');
  await page.goto(`/?release-override=${payload}.forged`);
  await homeLoaded(page);
  await expect(banner).toHaveCount(0);
});
