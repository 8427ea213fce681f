import { ApiError } from '@mchezo/api-client/errors';
import { renderRemote } from '@mchezo/host/render-remote';
import { FAKE_USER } from '@mchezo/host/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authSpies, chooseCountry, currentLocation, LocationProbe, typeInto } from '../test/helpers.tsx';
import LoginPage from './login-page.tsx';

function renderLogin(auth = authSpies(), url = '/login') {
  const view = renderRemote(
    <>
      <LoginPage />
      <LocationProbe />
    </>,
    { url, auth },
  );
  return { ...view, auth };
}

const signIn = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

describe('LoginPage', () => {
  it('shows its title, the phone hint and the links to reset and join', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByText('Sign in to continue playing')).toBeTruthy();
    expect(screen.getByText('Enter without leading zeros (e.g., 712345678)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe('/join');
    expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('+254');
  });

  it('asks for every field before calling the host, moving focus to the first missing one', async () => {
    const { auth, toasts } = renderLogin();
    await screen.findByRole('heading', { name: 'Welcome Back' });
    signIn();
    expect(document.activeElement).toBe(screen.getByLabelText('Phone Number'));
    typeInto('Phone Number', '712345678');
    signIn();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(toasts).toEqual([
      { kind: 'error', title: 'Error', description: 'Please fill in all required fields' },
      { kind: 'error', title: 'Error', description: 'Please fill in all required fields' },
    ]);
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('keeps only digits, spaces and plus in the phone field', async () => {
    renderLogin();
    await screen.findByRole('heading', { name: 'Welcome Back' });
    typeInto('Phone Number', '+254 (712)-345abc');
    expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('+254 712345');
  });

  it('signs in with the normalised phone, then goes where the host says', async () => {
    const auth = authSpies();
    auth.login.mockResolvedValue({ user: FAKE_USER, needsVerification: false });
    const { toasts } = renderLogin(auth);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    chooseCountry('+256');
    typeInto('Phone Number', '0712 345 678');
    typeInto('Password', 'secret-pass');
    signIn();
    await waitFor(() => expect(currentLocation()).toBe('/deposit'));
    expect(auth.login).toHaveBeenCalledWith('+256712345678', 'secret-pass');
    expect(auth.takeRedirectTarget).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([{ kind: 'success', title: 'Login successful!' }]);
  });

  it('says it is busy while signing in', async () => {
    const auth = authSpies();
    let finish: () => void = () => {};
    auth.login.mockReturnValue(
      new Promise((resolve) => {
        finish = () => resolve({ user: FAKE_USER, needsVerification: false });
      }),
    );
    renderLogin(auth);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    typeInto('Phone Number', '712345678');
    typeInto('Password', 'secret-pass');
    signIn();
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(currentLocation()).toBe('/deposit'));
  });

  it('sends a pending account to /verify after a moment, keeping the redirect target for later', async () => {
    const auth = authSpies();
    auth.login.mockResolvedValue({
      user: { ...FAKE_USER, status: 'pending_verification' },
      needsVerification: true,
    });
    const { toasts } = renderLogin(auth);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    vi.useFakeTimers();
    try {
      typeInto('Phone Number', '712345678');
      typeInto('Password', 'secret-pass');
      signIn();
      await act(() => vi.advanceTimersByTimeAsync(99));
      expect(auth.login).toHaveBeenCalled();
      expect(currentLocation()).toBe('/login');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(currentLocation()).toBe('/verify');
    } finally {
      vi.useRealTimers();
    }
    expect(auth.takeRedirectTarget).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it.each([
    [
      new ApiError('Invalid phone number or password', 401, { error: 'Invalid phone number or password' }),
      'Invalid phone number or password',
    ],
    [
      new ApiError('Request failed with status 502', 502, null),
      'Login failed. Please check your credentials.',
    ],
    [new TypeError('Failed to fetch'), 'Something went wrong. Please try again.'],
  ])('shows a failed login (%s)', async (error, description) => {
    const auth = authSpies();
    auth.login.mockRejectedValue(error);
    const { toasts } = renderLogin(auth);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    typeInto('Phone Number', '712345678');
    typeInto('Password', 'wrong-pass');
    signIn();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', title: 'Login Failed', description }]));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(currentLocation()).toBe('/login');
  });

  it('adds no toast of its own when the account is locked out (the shell shows its alert)', async () => {
    const auth = authSpies();
    auth.login.mockRejectedValue(
      new ApiError('Account suspended', 401, {
        error: 'Account suspended',
        locked_out: true,
        reason: 'ACCOUNT_SUSPENDED',
        message: 'Your account has been suspended.',
      }),
    );
    const { toasts } = renderLogin(auth);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    typeInto('Phone Number', '712345678');
    typeInto('Password', 'right-pass');
    signIn();
    await waitFor(() => expect(auth.login).toHaveBeenCalled());
    // The form is usable again (not stuck busy), and nothing was said twice.
    await screen.findByRole('button', { name: 'Sign In' });
    expect(toasts).toEqual([]);
  });

  it('shows the stored lockout message once for ?locked=true', async () => {
    const auth = authSpies();
    auth.takeLockoutMessage.mockReturnValueOnce('You have been logged out due to security reasons.');
    renderLogin(auth, '/login?locked=true');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Session Expired');
    expect(alert.textContent).toContain('You have been logged out due to security reasons.');
  });

  it('shows no alert without the flag, and does not take the message', async () => {
    const auth = authSpies();
    auth.takeLockoutMessage.mockReturnValue('stale');
    renderLogin(auth);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(auth.takeLockoutMessage).not.toHaveBeenCalled();
  });

  it('shows no alert for ?locked=true when nothing was stored', async () => {
    renderLogin(authSpies(), '/login?locked=true');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
