import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { i18n } from '@mchezo/i18n/instance';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import DepositPage from '../pages/deposit-page.tsx';
import WithdrawPage from '../pages/withdraw-page.tsx';
import { balances } from '../testing/wallet-fixtures.ts';

const CONFIRMED = {
  status: 'confirmed',
  documentType: 'national_id',
  documentNumberMasked: '****5671',
  dateOfBirth: '1990-05-17',
  fullName: 'Amani Wanjiru',
} as const;
const REQUIRED = {
  status: 403,
  body: { error: 'Confirm your identity before your first deposit', code: 'IDENTITY_REQUIRED' },
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('deposit and withdraw need a confirmed identity', () => {
  it('a player without identity is told to confirm it, with a link to the profile card, and no form', async () => {
    const calls = stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /identity': { body: { status: 'none' } },
    });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Confirm your identity first');
    expect(notice.textContent).toContain('before your first deposit');
    expect(screen.getByRole('link', { name: /Confirm my identity/ }).getAttribute('href')).toBe(
      '/profile#identity',
    );
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Paybill' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('in Kiswahili, on the withdraw page, for a rejected identity', async () => {
    await i18n.changeLanguage('sw');
    stubApi({
      'GET /wallet/balance': { body: balances(0, 500) },
      'GET /identity': { body: { ...CONFIRMED, status: 'rejected', reason: 'NOT_FOUND' } },
    });
    renderRemote(<WithdrawPage />, { user: FAKE_USER });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Kutoa pesa kunahitaji utambulisho uliothibitishwa');
    expect(screen.getByRole('link', { name: /Thibitisha utambulisho wangu/ })).toBeTruthy();
  });

  it('a confirmed player gets the form', async () => {
    stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /identity': { body: CONFIRMED },
    });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    expect(await screen.findByRole('button', { name: 'Deposit' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Confirm my identity/ })).toBeNull();
  });

  it('when the API refuses for want of identity, the page reads it again and says what to do', async () => {
    let identity: { status: 'confirmed' | 'none' } = CONFIRMED;
    stubApi({
      'GET /wallet/balance': { body: balances(0, 0) },
      'GET /identity': () => ({ body: identity }),
      'POST /wallet/deposit': () => {
        identity = { status: 'none' };
        return REQUIRED;
      },
    });
    renderRemote(<DepositPage />, { user: FAKE_USER });
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('link', { name: /Confirm my identity/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
  });
});
