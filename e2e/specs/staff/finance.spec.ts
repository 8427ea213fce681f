/**
 * Finance reports on the staff site (docs/decisions/055), in English and Kiswahili at both widths:
 * the report per day shows its charts (each also as a table), the table with today's deposit in
 * it, the tax report, and downloads the CSV; per month too. axe finds nothing; screenshots go to
 * /tmp/shots/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { at, axeViolations, openFromNav, signInToStaff, strings } from '../../support/finance-staff.ts';
import { enrolStaff, staffPhone } from '../../support/staff.ts';
import { expect, test } from '../../support/test.ts';

test.describe.configure({ timeout: 90_000 });

for (const lang of ['en', 'sw'] as const) {
  test(`finance reads the report as charts and a table, per day and month, and downloads the CSV (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = strings(lang, 'finance');
    const common = strings(lang, 'common');
    const finance = await enrolStaff(request, staffPhone(), ['finance']);
    await signInToStaff(page, finance, lang);
    await openFromNav(page, lang, at(t, 'nav'));
    await expect(page.getByRole('heading', { level: 1, name: at(t, 'title') })).toBeVisible();
    // Each chart is one labelled image with its table a button away.
    const money = page.getByRole('region', { name: at(t, 'charts.money') });
    const image = (title: string) =>
      page.getByRole('img', { name: at(common, 'chart.imageLabel', { title }) });
    await expect(image(at(t, 'charts.money'))).toBeVisible();
    await expect(money.locator('.recharts-surface').first()).toBeVisible();
    await expect(image(at(t, 'charts.games'))).toBeVisible();
    const figures = page.getByRole('table', { name: at(t, 'table.caption') });
    await expect(figures.getByRole('row').last()).toContainText(at(t, 'table.total'));
    await expect(page.getByRole('heading', { name: at(t, 'tax.title') })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({
      path: `/tmp/shots/finance-day-${lang}-${info.project.name}.png`,
      fullPage: true,
    });

    await money.getByRole('button', { name: at(common, 'chart.showTable') }).click();
    await expect(money.getByRole('table')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: at(t, 'csv.download') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^finance-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'period,deposits_kes,withdrawals_kes,stakes_kes,wins_kes,ggr_kes,excise_kes,withholding_kes,adjustments_kes,ngr_kes',
    );
    expect(csv).toContain('\ntotal,');

    await page.getByLabel(at(t, 'range.period'), { exact: true }).selectOption('month');
    await page.getByRole('button', { name: at(t, 'range.show'), exact: true }).click();
    await expect(figures.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(/^\d{4}-\d{2}$/);
    await page.screenshot({
      path: `/tmp/shots/finance-month-${lang}-${info.project.name}.png`,
      fullPage: true,
    });
  });
}
