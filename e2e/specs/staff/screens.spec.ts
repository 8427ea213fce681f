/**
 * The staff screens no role journey passes through, checked with axe in English and Kiswahili at
 * 1280 and 390 px: "not for your roles" (a support person opening Releases), "page not found",
 * and the release manager's read-only screens (Releases with a remote's published versions
 * unfolded, the revision history, deploy keys). Nothing here changes the live release.
 */
import { enrolStaff, type StaffPerson, staffCode, staffPhone } from '../../support/staff.ts';
import {
  consoleErrors,
  expectAccessible,
  openSignedIn,
  type StaffLang,
  shot,
  t,
  useStaffLanguage,
} from '../../support/staff-site.ts';
import { expect, test } from '../../support/test.ts';

// Enrolment through the API and a sign-in: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const signsIn = (person: StaffPerson) => ({ ...person, code: () => staffCode(person.secret) });

for (const lang of ['en', 'sw'] as StaffLang[]) {
  test(`a screen outside the person's roles says so, with the way home (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const errors = consoleErrors(page);
    const person = await enrolStaff(request, staffPhone(), ['support']);
    await useStaffLanguage(page, lang);
    await openSignedIn(page, '/releases', signsIn(person), lang);
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'common:guard.title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'releases:title') })).toHaveCount(0);
    await expectAccessible(page, 'not for your roles');
    await shot(page, testInfo, 'not-allowed', lang);
    await page.getByRole('link', { name: t(lang, 'common:guard.home') }).click();
    await expect(page).toHaveURL(/\/staff\/?$/);
    expect(errors.unexpected([401])).toEqual([]);
  });

  test(`an address with no staff screen says so (${lang})`, async ({ page, request }, testInfo) => {
    const errors = consoleErrors(page);
    const person = await enrolStaff(request, staffPhone(), ['support']);
    await useStaffLanguage(page, lang);
    await openSignedIn(page, '/no-such-screen', signsIn(person), lang);
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'common:notFound.title') }),
    ).toBeVisible();
    await expectAccessible(page, 'page not found');
    await shot(page, testInfo, 'not-found', lang);
    expect(errors.unexpected([401])).toEqual([]);
  });

  test(`a release manager's read-only screens: releases, history, deploy keys (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const errors = consoleErrors(page);
    const person = await enrolStaff(request, staffPhone(), ['release_manager']);
    await useStaffLanguage(page, lang);
    await openSignedIn(page, '/releases', signsIn(person), lang);
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'releases:title') })).toBeVisible();
    const lobby = page.getByRole('region', { name: 'lobby', exact: true });
    await lobby.locator('summary').click();
    await expect(lobby.getByText(t(lang, 'releases:versions.live'), { exact: true })).toBeVisible();
    await expectAccessible(page, 'releases');

    await page.getByRole('link', { name: t(lang, 'releases:links.history') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'releases:history.title') }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: t(lang, 'releases:history.title') })).toBeVisible();
    await expectAccessible(page, 'revision history');
    await shot(page, testInfo, 'release-history', lang);

    await page.getByRole('link', { name: t(lang, 'releases:health.back') }).click();
    await page.getByRole('link', { name: t(lang, 'releases:links.keys') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'releases:keys.title') })).toBeVisible();
    await expectAccessible(page, 'deploy keys');
    await shot(page, testInfo, 'deploy-keys', lang);
    expect(errors.unexpected([401])).toEqual([]);
  });
}
