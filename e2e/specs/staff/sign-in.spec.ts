/**
 * Staff sign-in with two factors (docs/decisions/052): the password alone is refused (the API
 * answers CODE_REQUIRED and the screen asks for the code), a wrong code is said plainly,
 * the right one opens the staff site at home with the nav of the person's roles; signing out
 * forgets the session. In English and Kiswahili, at 1280 px and 390 px; axe on every step.
 */

import { enrolStaff, staffCode, staffPhone } from '../../support/staff.ts';
import {
  consoleErrors,
  expectAccessible,
  openNav,
  type StaffLang,
  shot,
  t,
  useStaffLanguage,
} from '../../support/staff-site.ts';
import { expect, test } from '../../support/test.ts';

// Enrolment through the API and a code per step: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });
test.use({ reducedMotion: 'reduce' });

for (const lang of ['en', 'sw'] as StaffLang[]) {
  test(`signs in with the password and the authenticator's code, never with the password alone (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const errors = consoleErrors(page);
    const person = await enrolStaff(request, staffPhone(), ['support']);
    // The API itself refuses the password alone.
    const alone = await request.post('/api/v1/staff/sign-in', {
      data: { phone: person.phone, password: person.password },
    });
    expect(alone.status()).toBe(401);
    expect((await alone.json()).code).toBe('CODE_REQUIRED');

    await useStaffLanguage(page, lang);
    await page.goto('/staff/admin');
    // Not signed in: the sign-in screen, in the chosen language.
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'access:signIn.title') })).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/sign-in$/);
    await expectAccessible(page, 'sign-in');
    await shot(page, testInfo, 'sign-in', lang);

    await page.getByLabel(t(lang, 'access:signIn.phone')).fill(person.phone);
    await page.getByLabel(t(lang, 'access:signIn.password')).fill(person.password);
    await page.getByRole('button', { name: t(lang, 'access:signIn.continue') }).click();
    // The password was right: the code is asked for, and nothing is open yet.
    const code = page.getByLabel(t(lang, 'access:signIn.code'));
    await expect(code).toBeFocused();
    await expect(page.getByRole('button', { name: t(lang, 'access:signIn.useRecovery') })).toBeVisible();
    await expectAccessible(page, 'sign-in code');
    await shot(page, testInfo, 'sign-in-code', lang);

    // A wrong code is refused in plain words.
    const right = await staffCode(person.secret);
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: t(lang, 'access:signIn.submit') }).click();
    await expect(page.getByText(t(lang, 'access:signIn.errors.codeInvalid'))).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/sign-in$/);

    await code.fill(right);
    await page.getByRole('button', { name: t(lang, 'access:signIn.submit') }).click();
    // Back where the person was headed: Administration is not theirs, so it says so.
    await expect(page).toHaveURL(/\/staff\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'common:guard.title') })).toBeVisible();
    await page.getByRole('link', { name: t(lang, 'common:guard.home') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'home:title', { who: 'Wanjiru Kamau' }) }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: t(lang, 'home:roles.support.title') }),
    ).toBeVisible();
    await expectAccessible(page, 'home');
    await shot(page, testInfo, 'home-support', lang);

    // The nav holds the support person's areas only.
    const nav = await openNav(page, lang);
    await expect(nav.getByRole('link', { name: t(lang, 'home:nav') })).toBeVisible();
    await expect(nav.getByRole('link', { name: t(lang, 'admin:nav') })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: t(lang, 'audit:nav') })).toHaveCount(0);
    await expectAccessible(page, 'nav');
    await shot(page, testInfo, 'nav-support', lang);

    await nav.getByRole('button', { name: t(lang, 'common:layout.signOut') }).click();
    await expect(page.getByText(t(lang, 'access:signIn.signedOut'))).toBeVisible();
    // The token was in memory only: nothing of it is left in the browser's storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain('stf_');
    // The session is over on the server too: opening a staff screen asks to sign in again.
    await page.goto('/staff/');
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'access:signIn.title') })).toBeVisible();
    // The refusals this test provoked are the only errors: the password alone (401 CODE_REQUIRED)
    // and the wrong code (400 CODE_INVALID).
    expect(errors.unexpected([400, 401])).toEqual([]);
  });
}
