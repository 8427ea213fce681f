/**
 * The sign-in screen's states: the password first, then the code (asked for because the API
 * answered CODE_REQUIRED), wrong and used codes, a lock with its time, a recovery code,
 * the not-enrolled person sent to enrolment, busy text, and the session-ended notice.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../session/session-store.ts';
import { fakeApi, member, renderAt, session } from '../../testing/render-app.tsx';

const refusal = (status: number, code: string, extra: object = {}): [number, unknown] => [
  status,
  { error: `server words for ${code}`, code, ...extra },
];

function typePassword() {
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0700000001' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const codeField = () => screen.findByLabelText('6-digit code from your authenticator app');

describe('staff sign-in', () => {
  it('asks for the code after the password, says a wrong code plainly, and opens the site with the right one', async () => {
    const calls = fakeApi(({ path, body }) => {
      if (path === '/staff/me') return [200, { member, session }];
      const { code } = body as { code?: string };
      if (!code) return refusal(401, 'CODE_REQUIRED');
      if (code === '000000') return refusal(401, 'CODE_INVALID');
      return [200, { token: 'stf_abc', member, session }];
    });
    const router = renderAt('/sign-in');
    typePassword();
    fireEvent.change(await codeField(), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('That code is wrong. Check the app and try the code it shows now.'),
    ).toBeTruthy();
    expect(useSession.getState().token).toBeNull();

    fireEvent.change(await codeField(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().token).toBe('stf_abc');
    expect(calls.filter((c) => c.path === '/staff/sign-in').map((c) => c.body)).toEqual([
      { phone: '0700000001', password: 'secret-pass-1' },
      { phone: '0700000001', password: 'secret-pass-1', code: '000000' },
      { phone: '0700000001', password: 'secret-pass-1', code: '123456' },
    ]);
    // The token is kept in memory, never in the browser's storage.
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('stf_abc');
  });

  it('asks for the phone and password before calling the API', async () => {
    const calls = fakeApi(() => [500, null]);
    renderAt('/sign-in');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your phone number and password.');
    expect(calls).toEqual([]);
  });

  it('shows busy text on the button while the API answers', async () => {
    let release: (v: [number, unknown]) => void = () => {};
    fakeApi(() => new Promise((resolve) => (release = resolve)));
    renderAt('/sign-in');
    typePassword();
    const busy = await screen.findByRole('button', { name: 'Checking…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release(refusal(401, 'INVALID_CREDENTIALS'));
    expect(await screen.findByText('Wrong phone number or password.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('says a used code, and a lock with the minutes to wait', async () => {
    let next: [number, unknown] = refusal(401, 'CODE_USED');
    fakeApi(({ body }) => ((body as { code?: string }).code ? next : refusal(401, 'CODE_REQUIRED')));
    renderAt('/sign-in');
    typePassword();
    fireEvent.change(await codeField(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('That code was used already. Wait for the next code in the app.'),
    ).toBeTruthy();

    next = refusal(429, 'RATE_LIMITED', { retry_after_seconds: 90 });
    fireEvent.change(await codeField(), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many wrong attempts. Try again in 2 minutes.',
    );
  });

  it('signs in with a recovery code instead of the app', async () => {
    const calls = fakeApi(({ path, body }) => {
      if (path === '/staff/me') return [200, { member, session }];
      const b = body as { recovery_code?: string };
      return b.recovery_code ? [200, { token: 'stf_r', member, session }] : refusal(401, 'CODE_REQUIRED');
    });
    renderAt('/sign-in');
    typePassword();
    await codeField();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeTruthy();
    expect(calls.at(-2)?.body).toEqual({
      phone: '0700000001',
      password: 'secret-pass-1',
      recovery_code: 'abcde-12345',
    });
  });

  it('sends a person without an authenticator to enrolment', async () => {
    fakeApi(() => refusal(403, 'TWO_FACTOR_NOT_ENROLLED'));
    const router = renderAt('/sign-in');
    typePassword();
    expect(await screen.findByRole('heading', { name: 'Enrol your authenticator' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/enrol');
    expect(
      screen.getByText('You need an authenticator app before you can sign in to the staff site.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0700000001');
  });

  it('tells a person whose session ended to sign in again', async () => {
    fakeApi(() => [401, { error: 'Your staff session has ended', code: 'STAFF_SESSION_ENDED' }]);
    useSession.getState().signedIn({ token: 'stf_old', member, session } as never);
    renderAt('/');
    // /staff/me answers 401: the session is forgotten and sign-in says why.
    expect(await screen.findByText('Your session ended, sign in again')).toBeTruthy();
    await waitFor(() => expect(useSession.getState().token).toBeNull());
  });
});
