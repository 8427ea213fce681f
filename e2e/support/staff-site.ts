/**
 * The staff site (staff/, decision 054) in a browser: its strings read from its own locale files
 * (so a spec runs in English and Kiswahili alike), signing in through its screens, its nav at
 * either width, axe, console errors, and screenshots for a person to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { type StaffPerson, staffCode } from './staff.ts';
import { expect } from './test.ts';

export type StaffLang = 'en' | 'sw';
type Strings = { [key: string]: string | Strings };
const LOCALES = join(import.meta.dirname, '../../staff/src/i18n/locales');
const cache = new Map<string, Strings>();

/** `t(lang, 'access:signIn.title', {count: 1})`: a string of the staff site, as i18next would give it. */
export function t(lang: StaffLang, key: string, values: Record<string, string | number> = {}): string {
  const [ns = '', path = ''] = key.split(':');
  const file = `${lang}/${ns}`;
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(readFileSync(join(LOCALES, `${file}.json`), 'utf8')) as Strings;
    cache.set(file, tree);
  }
  const text = path
    .split('.')
    .reduce<Strings | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  if (typeof text !== 'string') throw new Error(`no string ${key} in ${lang}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Opens the staff site in `lang` (kept in this browser, as the language switch does). */
export async function useStaffLanguage(page: Page, lang: StaffLang): Promise<void> {
  await page.addInitScript((language) => localStorage.setItem('staff.language', language), lang);
}

/** Someone signing in: their phone, password and a code of their authenticator. */
export interface SignsIn {
  phone: string;
  password: string;
  code(): Promise<string>;
}

/** The sign-in screen's two steps: the password, then the authenticator's code. */
async function fillSignIn(page: Page, who: SignsIn, lang: StaffLang): Promise<void> {
  await page.getByLabel(t(lang, 'access:signIn.phone')).fill(who.phone);
  await page.getByLabel(t(lang, 'access:signIn.password')).fill(who.password);
  await page.getByRole('button', { name: t(lang, 'access:signIn.continue') }).click();
  await page.getByLabel(t(lang, 'access:signIn.code')).fill(await who.code());
  await page.getByRole('button', { name: t(lang, 'access:signIn.submit') }).click();
}

/** Signs in through the sign-in screen with the password and then the authenticator's code. */
export async function signInThroughUi(page: Page, person: StaffPerson, lang: StaffLang): Promise<void> {
  await page.goto('/staff/sign-in');
  await fillSignIn(page, { ...person, code: () => staffCode(person.secret) }, lang);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/**
 * Opens `path` of the staff site (`/releases`…): the sign-in screen comes first, and signed in,
 * the site goes on to `path` (the session lives in the page, so a new page load signs in again).
 */
export async function openSignedIn(page: Page, path: string, who: SignsIn, lang: StaffLang): Promise<void> {
  await page.goto(`/staff${path}`);
  await fillSignIn(page, who, lang);
  await expect(page).toHaveURL(new RegExp(`/staff${path}$`));
}

/** Below 1024 px the nav is in a drawer opened by "Menu"; on a desktop it is at the side. */
export async function openNav(page: Page, lang: StaffLang): Promise<Locator> {
  const width = page.viewportSize()?.width ?? 1280;
  if (width >= 1024) return page.getByRole('complementary');
  await page.getByRole('button', { name: t(lang, 'common:layout.menu') }).click();
  const drawer = page.getByRole('dialog', { name: t(lang, 'common:layout.menuTitle') });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** What axe (WCAG 2.1 A and AA, best practices) finds on the page as it is now. */
export async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** Expects no axe violation on the screen, naming it in the failure. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect({ screen, violations: await axeViolations(page) }).toEqual({ screen, violations: [] });
}

/**
 * Every console error and uncaught error of the page. The browser logs each refused API call
 * ("Failed to load resource: … 401") on its own: `refusals` are those a test provokes on purpose.
 */
export function consoleErrors(page: Page): { unexpected(refusals?: number[]): string[] } {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    unexpected: (refusals = []) =>
      errors.filter((text) => {
        const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(
          text,
        )?.[1];
        return !(status && refusals.includes(Number(status)));
      }),
  };
}

/** A full-page screenshot in /tmp/staff-shots/, named by screen, project (width) and language. */
export async function shot(page: Page, testInfo: TestInfo, screen: string, lang: StaffLang): Promise<void> {
  const dir = '/tmp/staff-shots';
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: join(dir, `${screen}-${testInfo.project.name}-${lang}.png`),
    fullPage: true,
  });
}
