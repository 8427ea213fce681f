/**
 * Global CSS comes only from the shell (docs/remote-teams.md#ui-and-styles): Tailwind's preflight
 * and the theme variables are in the shell's stylesheet (inline in index.html) once; a remote's
 * stylesheet holds only its own utilities.
 */

import { homeLoaded } from '../support/first-screen.ts';
import { expect, test } from '../support/test.ts';

test('preflight and theme variables come once, from the shell; remotes ship only utilities', async ({
  page,
}) => {
  await page.goto('/');
  await homeLoaded(page);
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  const sheets = await page.evaluate(() => {
    const describe = (
      rules: CSSRuleList,
      out: { selectors: string[]; rootVars: number; layers: string[] },
    ) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSLayerBlockRule) {
          out.layers.push(rule.name);
          describe(rule.cssRules, out);
        } else if (rule instanceof CSSStyleRule) {
          out.selectors.push(rule.selectorText);
          if (/^(:root|:host)/.test(rule.selectorText)) {
            out.rootVars += Array.from(rule.style).filter(
              (p) => p.startsWith('--color-') || p.startsWith('--font-'),
            ).length;
          }
        } else if ('cssRules' in rule) {
          describe((rule as CSSGroupingRule).cssRules, out);
        }
      }
      return out;
    };
    // The shell's stylesheet is inline in the page (one round trip less on a cold load).
    return Array.from(document.styleSheets).map((s) => ({
      href: s.href ? new URL(s.href).pathname : '(inline in index.html)',
      ...describe(s.cssRules, { selectors: [], rootVars: 0, layers: [] }),
    }));
  });

  const isPreflight = (selectors: string[]) =>
    selectors.some(
      (s) =>
        s.replace(/\s/g, '').includes('*,::after,::before') || s.replace(/\s/g, '') === '*,:after,:before',
    );
  const shell = sheets.filter((s) => !s.href.startsWith('/remotes/'));
  const remotes = sheets.filter((s) => s.href.startsWith('/remotes/'));
  expect(remotes.map((s) => s.href.split('/')[2])).toEqual(expect.arrayContaining(['lobby', 'auth']));

  expect(shell.filter((s) => isPreflight(s.selectors))).toHaveLength(1);
  expect(shell.reduce((n, s) => n + s.rootVars, 0)).toBeGreaterThan(5);
  for (const sheet of remotes) {
    expect(isPreflight(sheet.selectors), `${sheet.href} has preflight`).toBe(false);
    expect(sheet.rootVars, `${sheet.href} redefines theme variables`).toBe(0);
    expect(
      sheet.selectors.some((s) => /^(html|body)\b/.test(s)),
      `${sheet.href} styles html/body`,
    ).toBe(false);
  }
});
