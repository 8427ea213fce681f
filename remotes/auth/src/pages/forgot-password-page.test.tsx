import { renderRemote, stubApi } from '@mchezo/host/render-remote';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseCountry, currentLocation, LocationProbe, typeInto } from '../test/helpers.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';

const CODE_SENT = {
  message: 'If this phone has an account, a reset code has been sent.',
  resend_after_seconds: 60,
  expires_in_seconds: 600,
};

async function renderForgot() {
  const view = renderRemote(
    <>
      <ForgotPasswordPage />
      <LocationProbe />
    </>,
    { url: '/forgot-password' },
  );
  await screen.findByRole('heading', { name: 'Reset Password' });
  return view;
}

async function requestCode(toasts: { kind: string }[]) {
  chooseCountry('+255');
  typeInto('Phone Number', '0712 345 678');
  fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  await screen.findByText('Enter the code sent to +255712345678 and choose a new password.');
  await act(async () => {});
  toasts.length = 0;
}

describe('ForgotPasswordPage', () => {
  it('shows its instructions and the way back to login', async () => {
    await renderForgot();
    expect(screen.getByText('Enter your phone number to receive reset instructions')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  it('asks for the phone', async () => {
    const calls = stubApi({});
    const { toasts } = await renderForgot();
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(toasts).toEqual([
      { kind: 'error', title: 'Error', description: 'Please fill in all required fields' },
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Phone Number'));
    expect(calls).toEqual([]);
  });

  it('sends a code to the normalised phone, then resets the password and ends on /login', async () => {
    const calls = stubApi({
      'POST /auth/password/reset/request': { body: CODE_SENT },
      'POST /auth/password/reset/confirm': { status: 204 },
    });
    const { toasts } = await renderForgot();
    chooseCountry('+255');
    typeInto('Phone Number', '0712 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText('Enter the code sent to +255712345678 and choose a new password.');
    expect(toasts).toEqual([
      {
        kind: 'success',
        title: 'Code Sent',
        description: 'If this phone number has an account, a reset code has been sent to it.',
      },
    ]);
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
    toasts.length = 0;

    typeInto('Verification code', '123456');
    typeInto('New Password', 'new-secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(toasts).toEqual([
      {
        kind: 'success',
        title: 'Password Reset',
        description: 'Your password has been changed. Please sign in with your new password.',
      },
    ]);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/auth/password/reset/request', { phone: '+255712345678' }],
      [
        'POST',
        '/auth/password/reset/confirm',
        { phone: '+255712345678', code: '123456', new_password: 'new-secret-1' },
      ],
    ]);
    expect(calls.every((c) => !('Authorization' in c.headers))).toBe(true);
  });

  it('checks the code and the password length before calling', async () => {
    const calls = stubApi({ 'POST /auth/password/reset/request': { body: CODE_SENT } });
    const { toasts } = await renderForgot();
    await requestCode(toasts);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Verification code'));
    typeInto('Verification code', '123456');
    typeInto('New Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(document.activeElement).toBe(screen.getByLabelText('New Password'));
    expect(toasts).toEqual([
      { kind: 'error', title: 'Error', description: 'Please enter a valid 6-digit verification code' },
      { kind: 'error', title: 'Error', description: 'Password must be at least 8 characters' },
    ]);
    expect(calls).toHaveLength(1);
  });

  it("shows the server's reason when the reset is refused, and stays", async () => {
    stubApi({
      'POST /auth/password/reset/request': { body: CODE_SENT },
      'POST /auth/password/reset/confirm': { status: 400, body: { error: 'Invalid verification code' } },
    });
    const { toasts } = await renderForgot();
    await requestCode(toasts);
    typeInto('Verification code', '000000');
    typeInto('New Password', 'new-secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        { kind: 'error', title: 'Reset Failed', description: 'Invalid verification code' },
      ]),
    );
    expect(currentLocation()).toBe('/forgot-password');
  });

  it('shows a refused request and stays on the first step', async () => {
    stubApi({
      'POST /auth/password/reset/request': { status: 429, body: { error: 'Please wait 42 seconds.' } },
    });
    const { toasts } = await renderForgot();
    typeInto('Phone Number', '712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ kind: 'error', title: 'Error', description: 'Please wait 42 seconds.' }]),
    );
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });

  it('lets the player go back and use another number', async () => {
    stubApi({ 'POST /auth/password/reset/request': { body: CODE_SENT } });
    const { toasts } = await renderForgot();
    await requestCode(toasts);
    fireEvent.click(screen.getByRole('button', { name: 'Use a different number' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });
});
