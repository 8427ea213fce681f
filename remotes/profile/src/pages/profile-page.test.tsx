import type { BalanceType } from '@mchezo/contracts/wallet';
import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import type { AppConfig, User } from '@mchezo/host/types';
import { i18n } from '@mchezo/i18n/instance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_NS } from '../i18n/namespace.ts';
import { HostSpy } from '../testing/host-spy.tsx';
import ProfilePage from './profile-page.tsx';

const balances = (list: [BalanceType, number][]) => ({
  body: { balances: list.map(([balance_type, amount]) => ({ balance_type, amount, currency: 'KES' })) },
});

const user = (over: Partial<User>): User => ({ ...FAKE_USER, ...over });

/** The fake API with a confirmed identity (the identity card's own tests: identity-card.test.tsx). */
const stub = (routes: Parameters<typeof stubApi>[0]) =>
  stubApi({
    'GET /identity': {
      body: {
        status: 'confirmed',
        documentType: 'national_id',
        documentNumberMasked: '****5678',
        dateOfBirth: '1990-05-17',
        fullName: 'Wanjiku Njeri Kamau',
      },
    },
    ...routes,
  });

function renderProfile(opts: Parameters<typeof renderRemote>[1] = {}) {
  return renderRemote(<ProfilePage />, { url: '/profile', route: '/profile', user: FAKE_USER, ...opts });
}

async function balanceRows() {
  const heading = await screen.findByRole('heading', { name: 'Wallet balances' });
  const list = await within(heading.closest('section')!).findByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ProfilePage: who is signed in', () => {
  it('shows the phone, email "not provided", member since, status, roles', async () => {
    stub({ 'GET /wallet/balance': balances([['main', 0]]) });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 2, name: '+254712345678' })).toBeTruthy();
    expect(screen.getByText('Wanjiku Kamau')).toBeTruthy();
    const row = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(row('Email')).toBe('not provided');
    expect(row('Member since')).toBe('January 2026');
    expect(row('Account status')).toBe('Active');
    expect(row('Roles')).toBe('User');
  });

  it('shows the email when there is one, the username when there is no phone, and raw unknown roles', async () => {
    stub({ 'GET /wallet/balance': balances([['main', 0]]) });
    renderProfile({
      user: user({ phone: '', username: 'wanjiku', email: 'w@example.co.ke', roles: ['user', 'vip'] }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'wanjiku' })).toBeTruthy();
    expect(screen.getByText('w@example.co.ke')).toBeTruthy();
    expect(screen.queryByText('not provided')).toBeNull();
    expect(screen.getByText('User')).toBeTruthy();
    expect(screen.getByText('vip')).toBeTruthy();
  });

  it.each([
    ['es', 'Miembro desde', 'enero de 2026'],
    ['fr', 'Membre depuis', 'janvier 2026'],
    ['sw', 'Mwanachama tangu', 'Januari 2026'],
  ])('formats member since as month and year in %s', async (lng, label, expected) => {
    await i18n.changeLanguage(lng);
    stub({ 'GET /wallet/balance': balances([['main', 0]]) });
    renderProfile({ user: user({ created_at: '2026-01-15T09:00:00.000Z' }) });
    expect((await screen.findByText(label)).nextElementSibling?.textContent).toBe(expected);
  });

  it('leaves member since out rather than showing "Invalid Date"', async () => {
    stub({ 'GET /wallet/balance': balances([['main', 0]]) });
    renderProfile({ user: user({ created_at: 'not a date' }) });
    await screen.findByText('Account status');
    expect(screen.queryByText('Member since')).toBeNull();
    expect(screen.queryByText(/Invalid/)).toBeNull();
  });
});

describe('ProfilePage: status colours', () => {
  it.each([
    ['active', 'Active', 'text-success'],
    ['pending_verification', 'Pending Verification', 'text-warning'],
    ['suspended', 'Suspended', 'text-danger'],
  ] as const)('%s shows "%s" in %s', async (status, label, tone) => {
    stub({ 'GET /wallet/balance': balances([['main', 0]]) });
    renderProfile({ user: user({ status }) });
    const badge = await screen.findByText(label);
    expect(badge.className).toContain(tone);
    for (const other of ['text-success', 'text-warning', 'text-danger'].filter((c) => c !== tone)) {
      expect(badge.className).not.toContain(other);
    }
  });

  it('shows an unknown status as its raw text, without a status colour', async () => {
    stub({ 'GET /wallet/balance': balances([['main', 0]]) });
    renderProfile({ user: user({ status: 'frozen' as User['status'] }) });
    const raw = await screen.findByText('frozen');
    expect(raw.className).not.toMatch(/text-(success|warning|danger)/);
  });
});

describe('ProfilePage: balances', () => {
  it('lists every pot with the main balance first, then the server order, in KSh', async () => {
    const calls = stub({
      'GET /wallet/balance': balances([
        ['bonus', 50],
        ['withdrawal', 1250.5],
        ['main', 100000],
      ]),
    });
    renderProfile();
    expect(await balanceRows()).toEqual([
      'Main balanceKSh 100,000.00',
      'BonusKSh 50.00',
      'WithdrawableKSh 1,250.50',
    ]);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /identity',
      'GET /wallet/balance',
    ]);
    expect(screen.getByRole('link', { name: /View transactions/ }).getAttribute('href')).toBe(
      '/transactions',
    );
  });

  it('formats amounts in the chosen language', async () => {
    await i18n.changeLanguage('fr');
    stub({ 'GET /wallet/balance': balances([['main', 1234.5]]) });
    renderProfile();
    await screen.findByText('Soldes du portefeuille');
    // French groups with a narrow no-break space and uses a decimal comma.
    expect(await screen.findByText(/^KSh 1\s234,50$/)).toBeTruthy();
  });

  it('shares the header balance cache entry (["wallet", "balance"], the raw response)', async () => {
    stub({
      'GET /wallet/balance': balances([
        ['withdrawal', 5],
        ['main', 7],
      ]),
    });
    const { queryClient } = renderProfile();
    await balanceRows();
    expect(queryClient.getQueryData(['wallet', 'balance'])).toEqual(
      balances([
        ['withdrawal', 5],
        ['main', 7],
      ]).body,
    );
  });

  it('says it is loading while the balance call is in flight', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderProfile();
    expect(await screen.findByText('Loading balances...')).toBeTruthy();
  });

  it('on failure: reports it once, shows every pot as 0 with a clear note, and can try again', async () => {
    let fail = true;
    stub({
      'GET /wallet/balance': () =>
        fail ? { status: 500, body: { error: 'Database down' } } : balances([['main', 42]]),
    });
    const reported: { error: unknown; context?: Record<string, string> }[] = [];
    renderRemote(
      <HostSpy with={() => ({ reportError: (error, context) => reported.push({ error, context }) })}>
        <ProfilePage />
      </HostSpy>,
      { url: '/profile', route: '/profile', user: FAKE_USER },
    );
    expect(await screen.findByText(/couldn't load your balances, so they show as 0/)).toBeTruthy();
    expect(await balanceRows()).toEqual(['Main balanceKSh 0.00', 'WithdrawableKSh 0.00', 'BonusKSh 0.00']);
    expect(screen.queryByRole('alert')).toBeNull(); // not an error page
    expect(reported).toHaveLength(1);
    expect(reported[0]?.error).toMatchObject({ message: 'Database down', status: 500 });
    expect(reported[0]?.context).toMatchObject({ remote: 'profile' });

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await balanceRows()).toEqual(['Main balanceKSh 42.00']));
    expect(screen.queryByText(/couldn't load your balances/)).toBeNull();
    expect(reported).toHaveLength(1);
  });

  it('does not call the wallet when the wallet feature is off', async () => {
    const calls = stub({});
    renderProfile({ config: { features: { wallet_enabled: false } as AppConfig['features'] } });
    expect(await screen.findByText('The wallet is not available right now.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /View transactions/ })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/wallet'))).toEqual([]);
  });
});

describe('ProfilePage: pending verification', () => {
  const pending = user({ status: 'pending_verification' });

  it('prompts to verify at /verify, without asking the wallet or the identity (no session yet)', async () => {
    const calls = stub({});
    renderProfile({ user: pending });
    expect(await screen.findByRole('heading', { name: 'Verify your account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify Account' }).getAttribute('href')).toBe('/verify');
    expect(screen.queryByText('Testing Information')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the test code box only in OTP test mode, with the configured code', async () => {
    stub({});
    renderProfile({ user: pending, config: { otp_test_mode: true, otp_test_code: '654321' } });
    expect(await screen.findByText('Testing Information')).toBeTruthy();
    expect(screen.getByText('654321')).toBeTruthy();
  });

  it('has no test code box for an active player even in test mode', async () => {
    stub({ 'GET /wallet/balance': balances([['main', 0]]) });
    renderProfile({ config: { otp_test_mode: true, otp_test_code: '654321' } });
    await balanceRows();
    expect(screen.queryByText('654321')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Verify Account' })).toBeNull();
  });
});

describe('ProfilePage: sign out and guests', () => {
  it('signs out, asking the host to reload at the guest home, and forgets the wallet data', async () => {
    stub({ 'GET /wallet/balance': balances([['main', 10]]) });
    const logouts: unknown[] = [];
    const { queryClient } = renderRemote(<ProfilePage />, {
      url: '/profile',
      route: '/profile',
      user: FAKE_USER,
      auth: {
        logout: async (options) => {
          logouts.push(options);
        },
      },
    });
    await balanceRows();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(logouts).toEqual([{ reloadTo: '/' }]));
    await waitFor(() => expect(queryClient.getQueryData(['wallet', 'balance'])).toBeUndefined());
  });

  it('says "Signing out..." while the logout call is in flight', async () => {
    stub({ 'GET /wallet/balance': balances([['main', 10]]) });
    let calls = 0;
    renderRemote(
      <HostSpy with={() => ({ navigate: () => {} })}>
        <ProfilePage />
      </HostSpy>,
      {
        url: '/profile',
        route: '/profile',
        user: FAKE_USER,
        auth: {
          logout: () => {
            calls += 1;
            return new Promise(() => {});
          },
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const busy = await screen.findByRole('button', { name: 'Signing out...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toBe(1);
  });

  it('renders nothing for a guest, and a spinner while the session is restored', async () => {
    const calls = stub({});
    const guest = renderProfile({ user: null });
    // The page waits for nothing but its strings (a spinner until then): once they are in and
    // the page has rendered with them, what it shows is final.
    await waitFor(() => expect(i18n.hasResourceBundle('en', PROFILE_NS)).toBe(true));
    await waitFor(() => expect(guest.container.innerHTML).toBe(''));
    guest.unmount();

    renderProfile({ auth: { isLoading: true } });
    expect(await screen.findByText('Loading your profile...')).toBeTruthy();
    expect(screen.queryByText('+254712345678')).toBeNull();
    expect(calls).toEqual([]);
  });
});
