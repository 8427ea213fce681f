/**
 * Enrolment from an administrator's code (docs/decisions/052): a person granted a role signs
 * in with their password, enters the enrolment code, sees the QR code, the secret and the 10
 * recovery codes once (downloaded as a text file), confirms with a code from the app, and then
 * signs in with two factors. A wrong enrolment code is refused in plain words. In English and
 * Kiswahili, at 1280 px and 390 px; axe on every step.
 */
import { readFileSync } from 'node:fs';
import { createPlayer } from '../../support/session.ts';
import { staffAdminToken, staffCode } from '../../support/staff.ts';
import {
  consoleErrors,
  expectAccessible,
  type StaffLang,
  shot,
  signInThroughUi,
  t,
  useStaffLanguage,
} from '../../support/staff-site.ts';
import { expect, test } from '../../support/test.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ reducedMotion: 'reduce' });

for (const lang of ['en', 'sw'] as StaffLang[]) {
  test(`enrols an authenticator with an administrator's code, then signs in with it (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const errors = consoleErrors(page);
    // A player account an administrator makes staff, and the enrolment code issued for it.
    const player = await createPlayer(request, { identity: false });
    const admin = await staffAdminToken(request);
    const auth = { Authorization: `Bearer ${admin}` };
    const found = await request.get(`/api/v1/staff/people?phone=${encodeURIComponent(player.phone)}`, {
      headers: auth,
    });
    const userId = (await found.json()).people[0].user_id as string;
    const granted = await request.post(`/api/v1/staff/people/${userId}/roles`, {
      headers: auth,
      data: { role: 'compliance', reason: 'joins the compliance team' },
    });
    expect(granted.status()).toBe(200);
    const issued = await request.post(`/api/v1/staff/people/${userId}/enrolment`, {
      headers: auth,
      data: { reason: 'first enrolment' },
    });
    expect(issued.status()).toBe(201);
    const { enrolment_code: enrolmentCode } = await issued.json();

    await useStaffLanguage(page, lang);
    await page.goto('/staff/sign-in');
    await page.getByRole('link', { name: t(lang, 'access:signIn.enrolLink') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'access:enrol.title') })).toBeVisible();
    await expectAccessible(page, 'enrol: password');
    await shot(page, testInfo, 'enrol-password', lang);
    await page.getByLabel(t(lang, 'access:signIn.phone')).fill(player.phone);
    await page.getByLabel(t(lang, 'access:signIn.password')).fill(player.password);
    await page.getByRole('button', { name: t(lang, 'access:signIn.continue') }).click();

    // A wrong code first: refused plainly, and the form stays.
    const codeField = page.getByLabel(t(lang, 'access:enrol.enrolmentCode'));
    await expect(codeField).toBeVisible();
    await expectAccessible(page, 'enrol: enrolment code');
    await codeField.fill('AAAA-BBBB-CCCC');
    await page.getByRole('button', { name: t(lang, 'access:enrol.start') }).click();
    await expect(page.getByRole('alert')).toHaveText(t(lang, 'access:enrol.errors.codeInvalid'));
    await codeField.fill(enrolmentCode);
    await page.getByRole('button', { name: t(lang, 'access:enrol.start') }).click();

    // The QR code (the API's SVG as an image), the secret, the 10 recovery codes.
    const qr = page.getByRole('img', { name: t(lang, 'access:enrol.qrAlt') });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const codes = page
      .getByRole('list', { name: t(lang, 'access:enrol.recoveryTitle') })
      .getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const shown = await codes.allTextContents();
    await expectAccessible(page, 'enrol: secret and recovery codes');
    await shot(page, testInfo, 'enrol-secret', lang);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t(lang, 'access:enrol.download') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mchezo-staff-recovery-codes.txt');
    const file = readFileSync(await download.path(), 'utf8');
    for (const code of shown) expect(file).toContain(code);

    await page.getByLabel(t(lang, 'access:enrol.saved')).check();
    await page.getByLabel(t(lang, 'access:enrol.confirmCode')).fill(await staffCode(secret));
    await page.getByRole('button', { name: t(lang, 'access:enrol.confirm') }).click();
    await expect(page.getByText(t(lang, 'access:enrol.doneTitle'))).toBeVisible();
    // Shown once: the secret and the codes are gone from the page.
    await expect(page.getByTestId('totp-secret')).toHaveCount(0);
    await expectAccessible(page, 'enrol: done');
    await shot(page, testInfo, 'enrol-done', lang);

    await page.getByRole('link', { name: t(lang, 'access:enrol.signIn') }).click();
    await signInThroughUi(
      page,
      { phone: player.phone, password: player.password, secret, recoveryCodes: shown },
      lang,
    );
    await expect(
      page.getByRole('heading', { level: 2, name: t(lang, 'home:roles.compliance.title') }),
    ).toBeVisible();
    // The wrong enrolment code and the password-only step are the only refusals.
    expect(errors.unexpected([401])).toEqual([]);
  });
}
