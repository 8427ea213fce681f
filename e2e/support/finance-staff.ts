/**
 * What the finance staff specs (e2e/specs/staff/payments.spec.ts, finance.spec.ts) share: the
 * staff site's strings read from its locale files, signing in with two factors, moving to a screen
 * through the nav (the staff token lives in the page's memory: a new page load signs out), and axe.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { type StaffPerson, staffCode } from './staff.ts';

export type Strings = Record<string, unknown>;
const LOCALES = join(import.meta.dirname, '../../staff/src/i18n/locales');

export const strings = (lang: string, ns: string): Strings =>
  JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Strings;

/** `a.b.c` of a namespace's JSON, with `{{name}}` filled in from `values`. */
export const at = (tree: Strings, key: string, values: Record<string, string> = {}): string =>
  (key.split('.').reduce<unknown>((node, part) => (node as Strings)[part], tree) as string).replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => values[name] ?? '',
  );

export async function signInToStaff(page: Page, person: StaffPerson, lang: string): Promise<void> {
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

/** Follows the nav's link named `label` (in the menu drawer on a phone), as a person does. */
export async function openFromNav(page: Page, lang: string, label: string): Promise<void> {
  const common = strings(lang, 'common');
  const menu = page.getByRole('button', { name: at(common, 'layout.menu') });
  const nav = page.getByRole('navigation', { name: at(common, 'layout.navLabel') });
  await expect(menu.or(nav).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name: label, exact: true }).click();
}

export async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}
