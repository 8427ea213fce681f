/**
 * Support finds a player by part of a phone and forces a logout (issue 30's must-show), in
 * English and in Kiswahili, at 1280 px (staff-desktop) and 390 px (staff-phone): the player's
 * access token and refresh cookie are refused afterwards. axe finds nothing on the search with
 * results nor on the player 360; the 360 is saved to /tmp/shots/ for a person to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createPlayer, type Player } from '../../support/session.ts';
import { enrolStaff, type StaffPerson, staffCode, staffPhone } from '../../support/staff.ts';
import { expect, test } from '../../support/test.ts';

type Strings = Record<string, unknown>;
const LOCALES = join(import.meta.dirname, '../../../staff/src/i18n/locales');
const strings = (lang: string, ns: string): Strings =>
  JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Strings;
/** `a.b.c` of a namespace's JSON. */
const at = (tree: Strings, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Strings)[part], tree) as string;

// Enrolment, a sign-in with the next code and the journey: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function signInToStaff(page: Page, person: StaffPerson, lang: string) {
  const access = strings(lang, 'access');
  await page.addInitScript((language) => localStorage.setItem('staff.language', language), lang);
  await page.goto('/staff/sign-in');
  await page.getByLabel(at(access, 'signIn.phone')).fill(person.phone);
  await page.getByLabel(at(access, 'signIn.password')).fill(person.password);
  await page.getByRole('button', { name: at(access, 'signIn.continue') }).click();
  await page.getByLabel(at(access, 'signIn.code')).fill(await staffCode(person.secret));
  await page.getByRole('button', { name: at(access, 'signIn.submit') }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

/** The search with the player found by a part of their phone (the digits after 2547, with a 0). */
async function findPlayer(page: Page, player: Player, lang: string) {
  const t = strings(lang, 'players');
  // The staff token lives in the page's memory: move within the app, as a person does (the nav,
  // in the menu drawer on a phone), never by loading a new page.
  const common = strings(lang, 'common');
  const menu = page.getByRole('button', { name: at(common, 'layout.menu') });
  const nav = page.getByRole('navigation', { name: at(common, 'layout.navLabel') });
  // Whichever the width shows: the side nav (desktop) or the menu button (phone).
  await expect(menu.or(nav).filter({ visible: true })).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name: at(t, 'nav') }).click();
  await expect(page.getByRole('heading', { level: 1, name: at(t, 'search.title') })).toBeVisible();
  const part = `0${player.phone.slice(4, 11)}`;
  await page.getByLabel(at(t, 'search.query')).fill(part);
  const link = page.getByRole('link', { name: player.phone });
  await expect(link).toBeVisible();
  return link;
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

const refreshWith = (request: APIRequestContext, token: string) =>
  request.post('/api/v1/auth/refresh', { headers: { cookie: `mchezo_refresh=${token}` } });

for (const lang of ['en', 'sw'] as const) {
  test(`support finds a player by part of a phone and forces a logout (${lang})`, async ({
    page,
    request,
  }) => {
    const t = strings(lang, 'players');
    const common = strings(lang, 'common');
    const player = await createPlayer(request);
    const me = (token: string) =>
      request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect((await me(player.accessToken)).status()).toBe(200);
    const support = await enrolStaff(request, staffPhone(), ['support']);
    await signInToStaff(page, support, lang);

    await (await findPlayer(page, player, lang)).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Achieng Otieno' })).toBeVisible();
    const sessions = page.locator('section#sessions');
    await expect(sessions.getByText(at(t, 'sessions.openCount_one').replace('{{count}}', '1'))).toBeVisible();

    await sessions.getByRole('button', { name: at(t, 'sessions.forceLogout') }).click();
    const dialog = page.getByRole('dialog', { name: at(t, 'sessions.forceLogout') });
    await dialog.getByLabel(at(common, 'reason.label')).fill('Phone reported stolen, ticket 881');
    await dialog.getByRole('button', { name: at(t, 'sessions.forceLogoutConfirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(
      sessions.getByText(at(t, 'sessions.openCount_other').replace('{{count}}', '0')),
    ).toBeVisible();
    await expect(sessions.getByText(at(t, 'sessions.reasons.staff_logout'))).toBeVisible();

    // The player's session really ended: their access token and their refresh cookie are refused.
    expect((await me(player.accessToken)).status()).toBe(401);
    expect((await refreshWith(request, player.refreshToken)).status()).toBe(401);
  });

  test(`axe on the search and the player 360, and the 360's screenshot (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = strings(lang, 'players');
    const player = await createPlayer(request);
    const support = await enrolStaff(request, staffPhone(), ['support']);
    await signInToStaff(page, support, lang);
    const link = await findPlayer(page, player, lang);
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Achieng Otieno' })).toBeVisible();
    // The ID number is masked (createPlayer's number is the phone's last 8 digits and a 1).
    await expect(page.getByText(`****${`${player.phone.slice(-8)}1`.slice(-4)}`)).toBeVisible();
    await expect(page.locator('section#notes').getByText(at(t, 'notes.none'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: `/tmp/shots/player-360-${info.project.name}-${lang}.png`, fullPage: true });
  });
}
