import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { i18n } from '@mchezo/i18n/instance';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { balances } from '../testing/wallet-fixtures.ts';
import DepositPage from './deposit-page.tsx';

const LIMIT = {
  status: 422,
  body: {
    error:
      'This deposit would go over your daily deposit limit of KES 1,000. You can deposit KES 400 more today.',
    code: 'DEPOSIT_LIMIT_EXCEEDED',
    limit_period: 'day' as const,
    limit: 1000,
    remaining: 400,
  },
};
const EXCLUDED = {
  status: 403,
  body: {
    error:
      'You are self-excluded until 24 May 2027 at 19:30 (Kenya time). Deposits and games are closed until then.',
    code: 'SELF_EXCLUDED',
    until: '2027-05-24T16:30:00.000Z',
  },
};

async function depositRefusedWith(answer: typeof LIMIT | typeof EXCLUDED, submitLabel = 'Deposit') {
  stubApi({ 'GET /wallet/balance': { body: balances(0, 0) }, 'POST /wallet/deposit': answer });
  const rendered = renderRemote(<DepositPage />, { user: FAKE_USER });
  const amount = await screen.findByRole('textbox', { name: /Amount|Kiasi/ });
  fireEvent.change(amount, { target: { value: '600' } });
  fireEvent.click(screen.getByRole('button', { name: submitLabel }));
  return { ...rendered, alert: await screen.findByRole('alert') };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("DepositPage: refusals by the player's safer-gambling settings", () => {
  it('says the limit and what is left, stays on screen and links to the settings', async () => {
    const { alert, toasts } = await depositRefusedWith(LIMIT);
    const text =
      'This deposit would go over your daily deposit limit of KSh 1,000.00. You can deposit KSh 400.00 more today.';
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByRole('link', { name: 'Your limits and breaks' }).getAttribute('href')).toBe(
      '/safer-gambling',
    );
    expect(toasts).toContainEqual(expect.objectContaining({ kind: 'error', description: text }));
  });

  it('names the end of a self-exclusion in Kenya time', async () => {
    const { alert } = await depositRefusedWith(EXCLUDED);
    // 16:30 UTC is 19:30 in Nairobi, written the player's way.
    expect(alert.textContent).toContain(
      'You are self-excluded until May 24, 2027 at 7:30 PM (Kenya time). Deposits and games are closed until then.',
    );
  });

  it('says it in Kiswahili, with the date in Kiswahili', async () => {
    await act(() => i18n.changeLanguage('sw'));
    const { alert } = await depositRefusedWith(EXCLUDED, 'Weka Pesa');
    expect(alert.textContent).toMatch(/Umejizuia hadi 24 Mei 2027.*\(saa za Kenya\)/);
  });
});
