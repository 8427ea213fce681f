import { ApiError } from '@mchezo/api-client/errors';
import { renderRemote } from '@mchezo/host/render-remote';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authSpies, currentLocation, LocationProbe, typeInto } from '../test/helpers.tsx';
import { reloadTo } from '../verification/reload.ts';
import { markCodeSent } from '../verification/resend-cooldown.ts';
import VerifyPage from './verify-page.tsx';

vi.mock('../verification/reload.ts', () => ({ reloadTo: vi.fn() }));

const PHONE = '+254712345678';

async function renderVerify(auth = authSpies(), config = {}) {
  const view = renderRemote(
    <>
      <VerifyPage />
      <LocationProbe />
    </>,
    { url: '/verify', auth, config },
  );
  await screen.findByRole('heading', { name: 'Verify Your Account' });
  await act(async () => {});
  return { ...view, auth };
}

const submitButton = () => screen.getByRole('button', { name: 'Verify Account' }) as HTMLButtonElement;

describe('VerifyPage', () => {
  beforeEach(() => vi.mocked(reloadTo).mockReset());

  it('says why, shows where the code went, and sends one on arrival', async () => {
    const { auth } = await renderVerify();
    expect(
      screen.getByText('Your account must be verified before you can access all features.'),
    ).toBeTruthy();
    expect(screen.getByText(`We sent a verification code to ${PHONE}.`)).toBeTruthy();
    expect(auth.requestVerification).toHaveBeenCalledTimes(1);
    expect(auth.requestVerification).toHaveBeenCalledWith(PHONE);
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
  });

  it('does not send a second code when one went out moments ago', async () => {
    markCodeSent('verify', PHONE);
    const { auth } = await renderVerify();
    expect(auth.requestVerification).not.toHaveBeenCalled();
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
  });

  it('reopens the resend link quietly when the code on arrival could not be sent', async () => {
    const auth = authSpies();
    auth.requestVerification.mockRejectedValue(
      new ApiError('Too many requests', 429, { error: 'Too many requests' }),
    );
    const { toasts } = await renderVerify(auth);
    expect(await screen.findByRole('button', { name: 'Resend verification code' })).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('enables the button only with 6 digits', async () => {
    await renderVerify();
    expect(submitButton().disabled).toBe(true);
    typeInto('Verification code', '12345');
    expect(submitButton().disabled).toBe(true);
    typeInto('Verification code', '123456');
    expect(submitButton().disabled).toBe(false);
  });

  it('shows the test code from config only in test mode', async () => {
    await renderVerify(authSpies(), { otp_test_mode: true, otp_test_code: '654321' });
    expect(screen.getByText('Testing Information')).toBeTruthy();
    expect(screen.getByText(/the verification code is always 654321/)).toBeTruthy();
  });

  it('shows no test notice in live mode', async () => {
    await renderVerify(authSpies(), { otp_test_mode: false, otp_test_code: null });
    expect(screen.queryByText('Testing Information')).toBeNull();
  });

  it('verifies, signs in and goes to the redirect target', async () => {
    const { auth, toasts } = await renderVerify();
    typeInto('Verification code', '123456');
    fireEvent.click(submitButton());
    await waitFor(() => expect(currentLocation()).toBe('/deposit'));
    expect(auth.confirmVerification).toHaveBeenCalledWith(PHONE, '123456');
    expect(toasts).toEqual([{ kind: 'success', title: 'Your account has been verified successfully!' }]);
    expect(reloadTo).not.toHaveBeenCalled();
  });

  it.each([
    ['no-credentials', '/deposit'],
    ['failed', '/'],
  ] as const)(
    'without a session (%s) it drops the pending user and reloads to %s after 1 s',
    async (outcome, target) => {
      const auth = authSpies();
      auth.signInWithStoredCredentials.mockResolvedValue(outcome);
      const { toasts } = await renderVerify(auth);
      vi.useFakeTimers();
      try {
        typeInto('Verification code', '123456');
        fireEvent.click(submitButton());
        await act(() => vi.advanceTimersByTimeAsync(0));
        expect(toasts).toEqual([
          {
            kind: 'success',
            title: 'Verification Successful',
            description: 'Please log in with your credentials.',
          },
        ]);
        await act(() => vi.advanceTimersByTimeAsync(999));
        expect(reloadTo).not.toHaveBeenCalled();
        expect(auth.logout).not.toHaveBeenCalled();
        await act(() => vi.advanceTimersByTimeAsync(1));
        expect(reloadTo).toHaveBeenCalledWith(target);
        expect(auth.logout).toHaveBeenCalledTimes(1);
        expect(auth.takeRedirectTarget).toHaveBeenCalledTimes(outcome === 'failed' ? 0 : 1);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it.each([
    [
      new ApiError('Invalid verification code', 400, { error: 'Invalid verification code' }),
      'Invalid verification code',
    ],
    [
      new ApiError('Request failed with status 500', 500, null),
      'Verification failed. Please check the code and try again.',
    ],
    [new TypeError('Failed to fetch'), 'Invalid verification code. Please try again.'],
  ])('shows a failed verification (%s)', async (error, description) => {
    const auth = authSpies();
    auth.confirmVerification.mockRejectedValue(error);
    const { toasts } = await renderVerify(auth);
    typeInto('Verification code', '000000');
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(toasts).toEqual([{ kind: 'error', title: 'Verification Failed', description }]),
    );
    expect(auth.signInWithStoredCredentials).not.toHaveBeenCalled();
    expect(submitButton().disabled).toBe(false);
  });

  it('sends the player to sign in again when the verification ticket has expired (docs/decisions/062)', async () => {
    const auth = authSpies();
    auth.confirmVerification.mockRejectedValue(
      new ApiError('This verification has expired. Sign in to get a new code.', 401, {
        error: 'This verification has expired. Sign in to get a new code.',
        code: 'VERIFICATION_EXPIRED',
      }),
    );
    const { toasts } = await renderVerify(auth);
    typeInto('Verification code', '123456');
    fireEvent.click(submitButton());
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

  it('resends after the cooldown, and reopens at once when that fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    markCodeSent('verify', PHONE);
    const auth = authSpies();
    const { toasts } = await renderVerify(auth);
    try {
      act(() => vi.advanceTimersByTime(60_000));
      fireEvent.click(screen.getByRole('button', { name: 'Resend verification code' }));
      await waitFor(() =>
        expect(toasts).toEqual([
          {
            kind: 'success',
            title: 'Code Sent',
            description: 'A new verification code has been sent to your phone.',
          },
        ]),
      );
      expect(screen.getByText('Resend code in 60s')).toBeTruthy();

      act(() => vi.advanceTimersByTime(60_000));
      auth.requestVerification.mockRejectedValueOnce(new Error('offline'));
      toasts.length = 0;
      fireEvent.click(screen.getByRole('button', { name: 'Resend verification code' }));
      await waitFor(() =>
        expect(toasts).toEqual([
          {
            kind: 'error',
            title: 'Error',
            description: 'Failed to send verification code. Please try again later.',
          },
        ]),
      );
      expect(screen.getByRole('button', { name: 'Resend verification code' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the phone is missing when nobody is known', async () => {
    const auth = authSpies();
    auth.verificationPhone.mockReturnValue(null);
    const { toasts } = await renderVerify(auth);
    expect(screen.getByText('Phone number not available. Please log in first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification code' }));
    expect(toasts).toEqual([
      { kind: 'error', title: 'Error', description: 'Phone number not available. Please log in first.' },
    ]);
    expect(auth.requestVerification).not.toHaveBeenCalled();
  });
});
