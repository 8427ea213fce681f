/**
 * An administrator grants a role (docs/decisions/052): finds a player's account by phone on Administration,
 * grants it a staff role with a reason (a too short reason is refused first), opens the person's
 * page, issues an enrolment code (shown once) and finds both changes in the staff audit, whose
 * CSV downloads. In English and Kiswahili, at 1280 px and 390 px; axe on every screen and dialog.
 */
import { readFileSync } from 'node:fs';
import { createPlayer } from '../../support/session.ts';
import { enrolStaff, staffPhone } from '../../support/staff.ts';
import {
  consoleErrors,
  expectAccessible,
  openNav,
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
  test(`an administrator grants a role to a player found by phone, and the audit shows it (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const errors = consoleErrors(page);
    const admin = await enrolStaff(request, staffPhone(), ['admin']);
    const player = await createPlayer(request, { identity: false });
    await useStaffLanguage(page, lang);
    await signInThroughUi(page, admin, lang);

    const nav = await openNav(page, lang);
    await nav.getByRole('link', { name: t(lang, 'admin:nav') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin:people.title') })).toBeVisible();
    // The list of staff holds the administrator, with their authenticator enrolled.
    await expect(page.getByRole('cell', { name: admin.phone })).toBeVisible();
    await expectAccessible(page, 'administration');
    await shot(page, testInfo, 'admin-people', lang);

    await page.getByLabel(t(lang, 'admin:grant.phone')).fill(player.phone);
    await page.getByRole('button', { name: t(lang, 'admin:grant.find') }).click();
    const found = page.getByTestId('found-account');
    await expect(found.getByText(t(lang, 'admin:noRole'))).toBeVisible();
    await found.getByLabel(t(lang, 'admin:role')).selectOption('support');
    await found.getByRole('button', { name: t(lang, 'admin:grant.grant') }).click();

    const role = t(lang, 'common:roles.support');
    const dialog = page.getByRole('dialog', {
      name: t(lang, 'admin:grant.dialogTitle', { role, who: 'Achieng Otieno' }),
    });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'grant dialog');
    await shot(page, testInfo, 'admin-grant-dialog', lang);
    const reason = dialog.getByLabel(t(lang, 'common:reason.label'));
    await reason.fill('ok');
    await dialog.getByRole('button', { name: t(lang, 'admin:grant.grant') }).click();
    await expect(dialog.getByText(t(lang, 'common:reason.tooShort'))).toBeVisible();
    await reason.fill('Joins the support team (ticket 4411)');
    await dialog.getByRole('button', { name: t(lang, 'admin:grant.grant') }).click();
    await expect(dialog).toBeHidden();
    await expect(found.getByText(role, { exact: true })).toBeVisible();

    await found.getByRole('link', { name: t(lang, 'admin:grant.open') }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Achieng Otieno' })).toBeVisible();
    await expect(page.getByText(t(lang, 'admin:authenticator.notEnrolled'))).toBeVisible();
    await expect(page.getByText(t(lang, 'admin:sessions.none'))).toBeVisible();
    await page.getByRole('button', { name: t(lang, 'admin:authenticator.issue') }).click();
    const issue = page.getByRole('dialog', {
      name: t(lang, 'admin:authenticator.issueTitle', { who: 'Achieng Otieno' }),
    });
    await issue.getByLabel(t(lang, 'common:reason.label')).fill('First enrolment for the new support agent');
    await issue.getByRole('button', { name: t(lang, 'admin:authenticator.issue') }).click();
    await expect(issue).toBeHidden();
    await expect(page.getByTestId('enrolment-code')).toHaveText(/^[a-z0-9]{4}(-[a-z0-9]{4}){2}$/i);
    await expectAccessible(page, 'person');
    await shot(page, testInfo, 'admin-person', lang);

    // Both changes are in the staff audit, newest first, with their reasons.
    await (await openNav(page, lang)).getByRole('link', { name: t(lang, 'audit:nav') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'audit:title') })).toBeVisible();
    await page.getByLabel(t(lang, 'audit:filters.player')).fill(String(player.user.id));
    await page.getByRole('button', { name: t(lang, 'audit:filters.apply') }).click();
    // A table on a desktop, cards on a phone: the same entries, newest first.
    const phone = (page.viewportSize()?.width ?? 1280) < 640;
    const entries = phone
      ? page.getByRole('list', { name: t(lang, 'audit:tableCaption') }).getByRole('listitem')
      : page
          .getByRole('table')
          .getByRole('row')
          .filter({ has: page.getByRole('cell') });
    await expect(entries.filter({ hasText: 'Joins the support team (ticket 4411)' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'First enrolment for the new support agent' })).toHaveCount(1);
    // The enrolment code, issued second, comes first.
    await expect(entries.first()).toContainText('First enrolment for the new support agent');
    await expect(entries.first()).toContainText('staff.enrolment_issued');
    await expectAccessible(page, 'audit');
    await shot(page, testInfo, 'audit', lang);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t(lang, 'audit:download') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('staff-audit.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('Joins the support team (ticket 4411)');
    expect(csv).toContain(String(player.user.id));
    expect(errors.unexpected([401])).toEqual([]);
  });
  test(`a finance grant waits for a second administrator; its proposer may cancel it (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const errors = consoleErrors(page);
    const admin = await enrolStaff(request, staffPhone(), ['admin']);
    const player = await createPlayer(request, { identity: false });
    await useStaffLanguage(page, lang);
    await signInThroughUi(page, admin, lang);
    const nav = await openNav(page, lang);
    await nav.getByRole('link', { name: t(lang, 'admin:nav') }).click();
    await page.getByLabel(t(lang, 'admin:grant.phone')).fill(player.phone);
    await page.getByRole('button', { name: t(lang, 'admin:grant.find') }).click();
    const found = page.getByTestId('found-account');
    await found.getByLabel(t(lang, 'admin:role')).selectOption('finance');
    await found.getByRole('button', { name: t(lang, 'admin:grant.grant') }).click();
    const role = t(lang, 'common:roles.finance');
    const dialog = page.getByRole('dialog', {
      name: t(lang, 'admin:grant.dialogTitle', { role, who: 'Achieng Otieno' }),
    });
    await dialog.getByLabel(t(lang, 'common:reason.label')).fill('Joins the finance desk');
    await dialog.getByRole('button', { name: t(lang, 'admin:grant.grant') }).click();
    await expect(dialog).toBeHidden();
    const waiting = t(lang, 'admin:pending.waiting', { role });
    await expect(found.getByText(waiting)).toBeVisible();

    await found.getByRole('link', { name: t(lang, 'admin:grant.open') }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Achieng Otieno' })).toBeVisible();
    await expect(page.getByText(waiting)).toBeVisible();
    // The proposer does not confirm their own grant: another administrator does.
    await expect(
      page.getByRole('button', { name: t(lang, 'admin:pending.confirm'), exact: true }),
    ).toHaveCount(0);
    await expectAccessible(page, 'pending grant');
    await shot(page, testInfo, 'admin-pending-grant', lang);
    await page.getByRole('button', { name: t(lang, 'admin:pending.cancel') }).click();
    const cancel = page.getByRole('dialog', {
      name: t(lang, 'admin:pending.cancelTitle', { role, who: 'Achieng Otieno' }),
    });
    await cancel.getByLabel(t(lang, 'common:reason.label')).fill('Wrong desk');
    await cancel.getByRole('button', { name: t(lang, 'admin:pending.cancel') }).click();
    await expect(cancel).toBeHidden();
    await expect(page.getByText(waiting)).toBeHidden();
    expect(errors.unexpected([401])).toEqual([]);
  });
}
