/**
 * Safer gambling (docs/decisions/020-safer-gambling.md) in Chromium against the real API: a daily
 * deposit limit set on the Safer gambling page refuses a deposit over it, on screen, saying what
 * is left; a confirmed self-exclusion then refuses any deposit with its end date, written the
 * player's way. In English and in Kiswahili.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createPlayer, type Player, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const LANGUAGES = {
  en: {
    daily: 'Daily limit',
    save: 'Save limits',
    now: 'Now: KSh 500.00',
    refused:
      'This deposit would go over your daily deposit limit of KSh 500.00. You can deposit KSh 500.00 more today.',
    sixMonths: '6 months',
    exclude: 'Exclude myself',
    cannotUndo: 'This cannot be undone or shortened.',
    confirm: 'Yes, exclude me',
    excluded: 'You are self-excluded',
    refusedUntil: (date: string) =>
      `You are self-excluded until ${date} (Kenya time). Deposits and games are closed until then.`,
  },
  sw: {
    daily: 'Kikomo cha siku',
    save: 'Hifadhi vikomo',
    now: 'Sasa: KSh 500.00',
    refused: 'Pesa hizi zingezidi kikomo chako cha siku cha KSh 500.00. Unaweza kuweka KSh 500.00 zaidi leo.',
    sixMonths: 'Miezi 6',
    exclude: 'Nijizuie',
    cannotUndo: 'Hili haliwezi kutenduliwa wala kufupishwa.',
    confirm: 'Ndiyo, nizuie',
    excluded: 'Umejizuia',
    refusedUntil: (date: string) =>
      `Umejizuia hadi ${date} (saa za Kenya). Kuweka pesa na michezo vimefungwa hadi wakati huo.`,
  },
} as const;

const submitButton = (page: Page) => page.locator('form button[type="submit"]');

async function restrictionEnd(request: APIRequestContext, player: Player): Promise<string> {
  const res = await request.get('/api/v1/safer-gambling', {
    headers: { Authorization: `Bearer ${player.accessToken}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).restriction.until as string;
}

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`${language}: a daily limit refuses a deposit over it; a self-exclusion refuses deposits until its end`, async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request);
    await signIn(page, player);
    await page.goto('/');
    if (language !== 'en') await page.getByLabel('Language').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    await page.goto('/safer-gambling');
    await page.getByLabel(words.daily).fill('500');
    await page.getByRole('button', { name: words.save }).click();
    await expect(page.getByText(words.now)).toBeVisible();
    await page.screenshot({ path: `/tmp/safer-gambling-${language}-390.png`, fullPage: true });

    await page.goto('/deposit');
    await page.getByRole('button', { name: 'KSh 1,000', exact: true }).click();
    await submitButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: words.refused })).toBeVisible();
    await page.screenshot({ path: `/tmp/safer-deposit-limit-${language}-390.png`, fullPage: true });

    await page.goto('/safer-gambling');
    await page.getByRole('radio', { name: words.sixMonths }).check({ force: true });
    await page.getByRole('button', { name: words.exclude }).click();
    await expect(page.getByText(words.cannotUndo)).toBeVisible();
    await page.getByRole('button', { name: words.confirm }).click();
    await expect(page.getByText(words.excluded, { exact: true })).toBeVisible();

    const until = await restrictionEnd(request, player);
    const date = await page.evaluate(
      ([iso, lang]) =>
        new Intl.DateTimeFormat(lang, {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: 'Africa/Nairobi',
        }).format(new Date(iso)),
      [until, language] as const,
    );
    await page.goto('/deposit');
    await page.getByRole('button', { name: 'KSh 100', exact: true }).click();
    await submitButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: words.refusedUntil(date) })).toBeVisible();
    await page.screenshot({ path: `/tmp/safer-excluded-${language}-390.png`, fullPage: true });
  });
}
