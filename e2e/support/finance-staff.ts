/**
 * What the finance staff specs (e2e/specs/staff/finance-review.spec.ts, finance.spec.ts) share on top of
 * staff-site.ts: a namespace's strings as a tree (`strings`, `at`), signing in to the staff site in
 * a language, and moving to a screen through the nav (the staff token lives in the page's memory:
 * a new page load signs out).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { StaffPerson } from './staff.ts';
import { openNav, type StaffLang, signInThroughUi, useStaffLanguage } from './staff-site.ts';

export { axeViolations } from './staff-site.ts';

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

/** Signs in through the sign-in screen with two factors, the site in `lang`. */
export async function signInToStaff(page: Page, person: StaffPerson, lang: StaffLang): Promise<void> {
  await useStaffLanguage(page, lang);
  await signInThroughUi(page, person, lang);
}

/** Follows the nav's link named `label` (in the menu drawer on a phone), as a person does. */
export async function openFromNav(page: Page, lang: StaffLang, label: string): Promise<void> {
  await (await openNav(page, lang)).getByRole('link', { name: label, exact: true }).click();
}
