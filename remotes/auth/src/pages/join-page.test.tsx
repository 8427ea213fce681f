import { ApiError } from '@mchezo/api-client/errors';
import { renderRemote } from '@mchezo/host/render-remote';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSpies, currentLocation, LocationProbe, typeInto } from '../test/helpers.tsx';
import JoinPage from './join-page.tsx';

function renderJoin(auth = authSpies()) {
  const view = renderRemote(
    <>
      <JoinPage />
      <LocationProbe />
    </>,
    { url: '/join', auth },
  );
  return { ...view, auth };
}

async function register(fullName = '') {
  await screen.findByRole('heading', { name: 'Create Account' });
  typeInto('Phone Number', '0712345678');
  if (fullName) typeInto('Full Name (optional)', fullName);
  typeInto('Password', 'secret-pass');
  fireEvent.submit(screen.getByRole('button', { name: 'Create Account' }).closest('form')!);
  await screen.findByRole('heading', { name: 'Phone Verification' });
  await act(async () => {}); // the step's effects (its countdown) run before a test moves the clock
}

const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify Phone' }));

describe('JoinPage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the form with its password minimum and the sign-in link', async () => {
    renderJoin();
    await screen.findByRole('heading', { name: 'Create Account' });
    expect(screen.getByLabelText('Password').getAttribute('minlength')).toBe('8');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('asks for phone and password', async () => {
    const { auth, toasts } = renderJoin();
    await screen.findByRole('heading', { name: 'Create Account' });
    typeInto('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(toasts).toEqual([
      { kind: 'error', title: 'Error', description: 'Please fill in all required fields' },
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Phone Number'));
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('registers with the normalised phone, then moves to the verification step', async () => {
    const { auth, toasts } = renderJoin();
    await register('  Wanjiku Kamau ');
    expect(auth.register).toHaveBeenCalledWith({
      phone: '+254712345678',
      password: 'secret-pass',
      countryCode: '+254',
      fullName: 'Wanjiku Kamau',
    });
    expect(toasts).toEqual([
      {
        kind: 'success',
        title: 'Registration successful! Please verify your account with the code sent to your phone.',
      },
    ]);
    expect(screen.getByText('Enter the 6-digit code sent to your phone')).toBeTruthy();
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
    expect(screen.getByText(/Already verified\?/)).toBeTruthy();
    // Registration asked for the code already; the step does not ask again.
    expect(auth.requestVerification).not.toHaveBeenCalled();
  });

  it('leaves the full name out when none was given', async () => {
    const { auth } = renderJoin();
    await register();
    expect(auth.register.mock.calls[0]![0]).toEqual({
      phone: '+254712345678',
      password: 'secret-pass',
      countryCode: '+254',
    });
  });

  it('shows a failed registration and stays on the form', async () => {
    const auth = authSpies();
    auth.register.mockRejectedValue(
      new ApiError('This phone number is already registered', 409, {
        error: 'This phone number is already registered',
      }),
    );
    const { toasts } = renderJoin(auth);
    await screen.findByRole('heading', { name: 'Create Account' });
    typeInto('Phone Number', '712345678');
    typeInto('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          kind: 'error',
          title: 'Registration Failed',
          description: 'This phone number is already registered',
        },
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
  });

  it('goes on to the code step when the account was made but the code could not be sent', async () => {
    const auth = authSpies();
    auth.register.mockResolvedValue({ codeSent: false });
    const { toasts } = renderJoin(auth);
    await register();
    expect(toasts).toEqual([
      {
        kind: 'error',
        title: 'Failed to Resend Code',
        description: 'Failed to send verification code. Please try again.',
      },
    ]);
    // No cooldown was started: the player can ask for a code at once.
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeTruthy();
  });

  it('asks for the code before verifying', async () => {
    const { auth, toasts } = renderJoin();
    await register();
    toasts.length = 0;
    verify();
    expect(toasts).toEqual([
      { kind: 'error', title: 'Error', description: 'Please enter the verification code' },
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Verification code'));
    expect(auth.confirmVerification).not.toHaveBeenCalled();
  });

  it('verifies, signs in with the kept credentials and goes to the redirect target', async () => {
    const { auth, toasts } = renderJoin();
    await register();
    toasts.length = 0;
    typeInto('Verification code', '12a3456');
    typeInto('Verification code', '123456');
    verify();
    await waitFor(() => expect(currentLocation()).toBe('/deposit'));
    expect(auth.confirmVerification).toHaveBeenCalledWith('+254712345678', '123456');
    expect(auth.signInWithStoredCredentials).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([
      { kind: 'success', title: 'Your account has been verified! You are now logged in.' },
    ]);
  });

  it('asks the player to sign in when the automatic sign-in fails', async () => {
    const auth = authSpies();
    auth.signInWithStoredCredentials.mockResolvedValue('failed');
    const { toasts } = renderJoin(auth);
    await register();
    toasts.length = 0;
    typeInto('Verification code', '123456');
    verify();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(toasts).toEqual([
      {
        kind: 'success',
        title: 'Verification Successful',
        description: 'Please log in with your credentials.',
      },
    ]);
  });

  it('sends the player to sign in again when the verification ticket has expired (docs/decisions/062)', async () => {
    const auth = authSpies();
    auth.confirmVerification.mockRejectedValue(
      new ApiError('This verification has expired. Sign in to get a new code.', 401, {
        error: 'This verification has expired. Sign in to get a new code.',
        code: 'VERIFICATION_EXPIRED',
      }),
    );
    const { toasts } = renderJoin(auth);
    await register();
    toasts.length = 0;
    typeInto('Verification code', '123456');
    verify();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(toasts).toEqual([
      {
        kind: 'error',
        title: 'Verification Expired',
        description: 'This verification has expired. Sign in to get a new code.',
      },
    ]);
    expect(auth.signInWithStoredCredentials).not.toHaveBeenCalled();
  });

  it('shows a wrong code', async () => {
    const auth = authSpies();
    auth.confirmVerification.mockRejectedValue(
      new ApiError('Invalid verification code', 400, { error: 'Invalid verification code' }),
    );
    const { toasts } = renderJoin(auth);
    await register();
    toasts.length = 0;
    typeInto('Verification code', '000000');
    verify();
    await waitFor(() =>
      expect(toasts).toEqual([
        { kind: 'error', title: 'Verification Failed', description: 'Invalid verification code' },
      ]),
    );
    expect(auth.signInWithStoredCredentials).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Verify Phone' })).toBeTruthy();
  });

  it('offers a resend after 60 s, and again at once when it fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const auth = authSpies();
    const { toasts } = renderJoin(auth);
    await register();
    toasts.length = 0;
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByText('Resend code in 1s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));

    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
    await waitFor(() =>
      expect(toasts).toEqual([{ kind: 'success', title: 'Verification code has been resent.' }]),
    );
    expect(auth.requestVerification).toHaveBeenCalledWith('+254712345678');

    act(() => vi.advanceTimersByTime(60_000));
    auth.requestVerification.mockRejectedValueOnce(
      new ApiError('Too many requests', 429, { error: 'Too many requests' }),
    );
    toasts.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        { kind: 'error', title: 'Failed to Resend Code', description: 'Too many requests' },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeTruthy();
  });
});
