/**
 * Tax rates on the staff site (docs/decisions/040), in English and Kiswahili at 1280 px
 * (staff-desktop) and 390 px (staff-phone): a finance person opens Tax rates from the nav,
 * schedules a change of excise duty for tomorrow (East Africa Time), sees it listed as scheduled
 * with its note, cancels it with a reason and sees it listed as cancelled, with who cancelled it
 * and why, and nothing left to cancel. axe finds nothing on the screen and in the dialog; the
 * screen never scrolls sideways; screenshots go to /tmp/shots/tax-rates-*.png.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  at,
  axeViolations,
  openFromNav,
  type Strings,
  signInToStaff,
  strings,
} from '../../support/finance-staff.ts';
import { enrolStaff, staffPhone } from '../../support/staff.ts';
import { expect, test } from '../../support/test.ts';

test.describe.configure({ timeout: 90_000 });

/** The page is no wider than the window: nothing scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A value the page writes itself (a date formatted in EAT, a person): anything in `pattern`. */
const ANY = '\u0000';

/** The sentence `key` says with `values`, each `ANY` among them standing for whatever is there. */
function pattern(t: Strings, key: string, values: Record<string, string>): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${at(t, key, values).split(ANY).map(literal).join('.+')}$`);
}

/** The sentence `key` says of excise duty at 12.50%, from whenever it is (formatted by the page). */
const sentence = (t: Strings, key: string) =>
  pattern(t, key, { kind: at(t, 'rates.inText.excise'), rate: '12.50%', when: ANY });

for (const lang of ['en', 'sw'] as const) {
  test(`finance schedules an excise change for tomorrow, sees it scheduled, and cancels it with a reason (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = strings(lang, 'finance');
    const common = strings(lang, 'common');
    const finance = await enrolStaff(request, staffPhone(), ['finance']);
    await signInToStaff(page, finance, lang);
    await openFromNav(page, lang, at(t, 'rates.nav'));
    await expect(page.getByRole('heading', { level: 1, name: at(t, 'rates.title') })).toBeVisible();
    const excise = page.getByRole('table', {
      name: at(t, 'rates.caption', { kind: at(t, 'tax.kinds.excise') }),
    });
    // The state badge (the header "In force from" says it too).
    const inForce = excise
      .getByRole('row')
      .filter({ has: page.getByText(at(t, 'rates.states.in_force'), { exact: true }) });
    await expect(inForce).toHaveCount(1);

    // Tomorrow (the form's date by default) at a time of its own: the runs share one server, and
    // a second change of a tax at the same instant is refused.
    const time = `${String(randomInt(1, 23)).padStart(2, '0')}:${String(randomInt(0, 60)).padStart(2, '0')}`;
    const note = `Finance Act e2e ${lang} ${info.project.name} ${time} ${randomInt(1e6)}`;
    const form = page.getByRole('form', { name: at(t, 'rates.form.title') });
    await form.getByLabel(at(t, 'tax.kind'), { exact: true }).selectOption('excise');
    await form.getByLabel(at(t, 'rates.form.rate')).fill('12.5');
    await form.getByLabel(at(t, 'rates.form.time')).fill(time);
    await form.getByLabel(at(t, 'rates.form.note')).fill(note);
    await form.getByRole('button', { name: at(t, 'rates.form.submit') }).click();
    const status = page.getByRole('status').filter({ hasText: '12.50%' });
    await expect(status).toHaveText(sentence(t, 'rates.form.done'));

    const row = excise.getByRole('row').filter({ hasText: note });
    await expect(row).toContainText(at(t, 'rates.states.scheduled'));
    await expect(row).toContainText('12.50%');
    await expect(row).toContainText(finance.phone);
    expect(await axeViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: `/tmp/shots/tax-rates-${lang}-${info.project.name}.png`, fullPage: true });

    await row.getByRole('button', { name: at(t, 'rates.cancel.button') }).click();
    const dialog = page.getByRole('dialog', { name: at(t, 'rates.cancel.title') });
    await expect(dialog).toContainText('12.50%');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/shots/tax-rates-dialog-${lang}-${info.project.name}.png` });
    await dialog.getByLabel(at(common, 'reason.label')).fill('Entered by mistake');
    await dialog.getByRole('button', { name: at(t, 'rates.cancel.confirm') }).click();
    await expect(dialog).toBeHidden();

    // Cancelled: said in words, and still listed as cancelled, by whom and why, with no Cancel.
    await expect(status).toHaveText(sentence(t, 'rates.cancel.done'));
    await expect(row.getByText(at(t, 'rates.states.cancelled'), { exact: true })).toBeVisible();
    await expect(row).toContainText('12.50%');
    const cancelledBy = row.getByText(
      pattern(t, 'rates.cancelledBy', { who: ANY, when: ANY, reason: 'Entered by mistake' }),
    );
    await expect(cancelledBy).toContainText(finance.phone);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(inForce).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({
      path: `/tmp/shots/tax-rates-cancelled-${lang}-${info.project.name}.png`,
      fullPage: true,
    });
  });
}
