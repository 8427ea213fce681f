/**
 * Age and identity (docs/decisions/019-age-and-identity.md) against the real API and its identity
 * simulator: a new player opening the deposit page is told to confirm their identity, follows the
 * link to the profile's identity card, is refused with an under-18 date of birth, is confirmed
 * with valid details (the number shown masked) and can then deposit. In English and Kiswahili.
 */
import { createPlayer, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const WORDS = {
  en: {
    notice: 'Confirm your identity first',
    link: 'Confirm my identity',
    card: 'Identity',
    fullName: 'Full name',
    dateOfBirth: 'Date of birth',
    documentType: 'Document type',
    documentNumber: 'Document number',
    submit: 'Confirm identity',
    underAge: 'You must be 18 or older to play.',
    confirmed: 'Confirmed',
    deposit: 'Deposit',
  },
  sw: {
    notice: 'Thibitisha utambulisho wako kwanza',
    link: 'Thibitisha utambulisho wangu',
    card: 'Utambulisho',
    fullName: 'Jina kamili',
    dateOfBirth: 'Tarehe ya kuzaliwa',
    documentType: 'Aina ya kitambulisho',
    documentNumber: 'Nambari ya kitambulisho',
    submit: 'Thibitisha utambulisho',
    underAge: 'Lazima uwe na miaka 18 au zaidi ili kucheza.',
    confirmed: 'Imethibitishwa',
    deposit: 'Weka Pesa',
  },
} as const;

/** This year in Kenya, where the age rule is applied. */
const nairobiYear = () =>
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format(new Date()),
  );

for (const [language, w] of Object.entries(WORDS)) {
  test(`${language}: deposit asks for identity; under 18 is refused; confirmed details unlock the deposit`, async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request, { identity: false });
    // Ends in 1: the identity simulator confirms it (api/README.md "Identity checks").
    const documentNumber = `${player.phone.slice(-7)}1`;
    await signIn(page, player);
    await page.goto('/');
    if (language !== 'en') await page.getByLabel('Language').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    await page.goto('/deposit');
    const notice = page.getByRole('alert').filter({ hasText: w.notice });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: w.deposit, exact: true })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/identity-deposit-${language}-390.png`, fullPage: true });
    await notice.getByRole('link', { name: w.link }).click();
    await expect(page).toHaveURL(/\/profile#identity$/);

    const card = page.locator('section#identity');
    await expect(card.getByRole('heading', { name: w.card, exact: true })).toBeVisible();
    await card.getByLabel(w.fullName).fill('Achieng Otieno');
    await card.getByLabel(w.dateOfBirth).fill(`${nairobiYear() - 17}-01-01`);
    await card.getByRole('combobox', { name: w.documentType }).selectOption('national_id');
    await card.getByLabel(w.documentNumber).fill(documentNumber);
    await card.getByRole('button', { name: w.submit }).click();
    await expect(card.getByText(w.underAge)).toBeVisible();
    await expect(card.getByLabel(w.dateOfBirth)).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `/tmp/identity-under-age-${language}-390.png`, fullPage: true });

    await card.getByLabel(w.dateOfBirth).fill('1994-03-12');
    await card.getByRole('button', { name: w.submit }).click();
    await expect(card.getByText(w.confirmed, { exact: true })).toBeVisible();
    await expect(card.getByText(`****${documentNumber.slice(-4)}`)).toBeVisible();
    await expect(card).not.toContainText(documentNumber);
    await expect(card.getByRole('button', { name: w.submit })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/identity-confirmed-${language}-390.png`, fullPage: true });

    await page.goto('/deposit');
    await expect(page.getByRole('alert').filter({ hasText: w.notice })).toHaveCount(0);
    await page.getByRole('button', { name: 'KSh 500', exact: true }).click();
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/wallet/deposit') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: w.deposit, exact: true }).click();
    expect((await answered).status()).toBe(200);
  });
}
