/**
 * Support finds a player by part of a phone and forces a logout (docs/decisions/053), in
 * English and in Kiswahili, at 1280 px (staff-desktop) and 390 px (staff-phone): the player's
 * access token and refresh cookie are refused afterwards. axe finds nothing on the search with
 * results nor on the player 360; the 360 is saved to /tmp/staff-shots/ for a person to look at.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createPlayer, type Player } from '../../support/session.ts';
import { enrolStaff, staffPhone } from '../../support/staff.ts';
import {
  expectAccessible,
  openNav,
  type StaffLang,
  shot,
  signInThroughUi,
  t,
  useStaffLanguage,
} from '../../support/staff-site.ts';
import { expect, test } from '../../support/test.ts';

// Enrolment, a sign-in with the next code and the journey: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The search with the player found by a part of their phone (the digits after 2547, with a 0). */
async function findPlayer(page: Page, player: Player, lang: StaffLang) {
  // The staff token lives in the page's memory: move within the app, as a person does (the nav,
  // in the menu drawer on a phone), never by loading a new page.
  await (await openNav(page, lang)).getByRole('link', { name: t(lang, 'players:nav') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'players:search.title') })).toBeVisible();
  const part = `0${player.phone.slice(4, 11)}`;
  await page.getByLabel(t(lang, 'players:search.query')).fill(part);
  const link = page.getByRole('link', { name: player.phone });
  await expect(link).toBeVisible();
  return link;
}

const refreshWith = (request: APIRequestContext, token: string) =>
  request.post('/api/v1/auth/refresh', { headers: { cookie: `mchezo_refresh=${token}` } });

for (const lang of ['en', 'sw'] as StaffLang[]) {
  test(`support finds a player by part of a phone and forces a logout (${lang})`, async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request);
    const me = (token: string) =>
      request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect((await me(player.accessToken)).status()).toBe(200);
    const support = await enrolStaff(request, staffPhone(), ['support']);
    await useStaffLanguage(page, lang);
    await signInThroughUi(page, support, lang);

    await (await findPlayer(page, player, lang)).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Achieng Otieno' })).toBeVisible();
    const sessions = page.locator('section#sessions');
    await expect(sessions.getByText(t(lang, 'players:sessions.openCount_one', { count: 1 }))).toBeVisible();

    await sessions.getByRole('button', { name: t(lang, 'players:sessions.forceLogout') }).click();
    const dialog = page.getByRole('dialog', { name: t(lang, 'players:sessions.forceLogout') });
    await dialog.getByLabel(t(lang, 'common:reason.label')).fill('Phone reported stolen, ticket 881');
    await dialog.getByRole('button', { name: t(lang, 'players:sessions.forceLogoutConfirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(sessions.getByText(t(lang, 'players:sessions.openCount_other', { count: 0 }))).toBeVisible();
    await expect(sessions.getByText(t(lang, 'players:sessions.reasons.staff_logout'))).toBeVisible();

    // The player's session really ended: their access token and their refresh cookie are refused.
    expect((await me(player.accessToken)).status()).toBe(401);
    expect((await refreshWith(request, player.refreshToken)).status()).toBe(401);
  });

  test(`axe on the search and the player 360, and the 360's screenshot (${lang})`, async ({
    page,
    request,
  }, info) => {
    const player = await createPlayer(request);
    const support = await enrolStaff(request, staffPhone(), ['support']);
    await useStaffLanguage(page, lang);
    await signInThroughUi(page, support, lang);
    const link = await findPlayer(page, player, lang);
    await expectAccessible(page, 'player search');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Achieng Otieno' })).toBeVisible();
    // The ID number is masked (createPlayer's number is the phone's last 8 digits and a 1).
    await expect(page.getByText(`****${`${player.phone.slice(-8)}1`.slice(-4)}`)).toBeVisible();
    await expect(page.locator('section#notes').getByText(t(lang, 'players:notes.none'))).toBeVisible();
    await expectAccessible(page, 'player 360');
    await shot(page, info, 'player-360', lang);
  });
}
