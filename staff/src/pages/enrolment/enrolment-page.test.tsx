/**
 * Enrolment: the password sign-in's token is what the enrol routes get; the administrator's code
 * goes with the enrolment; the QR code is an image of the API's SVG, the secret and the 10
 * recovery codes are shown once (with a Download), and a code from the app confirms.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '../../testing/render-app.tsx';

const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const ENROLLED = {
  otpauth_uri: 'otpauth://totp/Mchezo%20staff:%2B254700000001?secret=JBSWY3DPEHPK3PXP',
  secret: 'JBSWY3DPEHPK3PXP',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
  recovery_codes: CODES,
};

function passwordStep() {
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0700000001' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('enrolment', () => {
  it('enrols with the administrator’s code, shows the secret once and confirms with a code', async () => {
    const calls = fakeApi(({ path, body }) => {
      if (path === '/auth/login')
        return [200, { access_token: 'player-token', user: {}, expires_in: 900, needs_verification: false }];
      if (path === '/staff/totp/enrol') {
        const code = (body as { enrolment_code?: string }).enrolment_code;
        return code === 'good-code-1234'
          ? [201, ENROLLED]
          : [401, { error: 'Wrong enrolment code', code: 'ENROLMENT_CODE_INVALID' }];
      }
      return [200, { enrolled: true, confirmed_at: '2026-11-26T10:00:00Z' }];
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:codes');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderAt('/enrol');
    passwordStep();

    const code = await screen.findByLabelText('Enrolment code');
    fireEvent.change(code, { target: { value: 'wrong-code-0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my QR code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This enrolment code is wrong, used or expired. Ask your administrator for a new one.',
    );
    fireEvent.change(code, { target: { value: 'good-code-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my QR code' }));

    const qr = await screen.findByRole('img', {
      name: 'QR code to add Mchezo staff to your authenticator app',
    });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ENROLLED.qr_svg)}`,
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    const list = screen.getByRole('list', { name: '2. Save your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await blob.text();
    for (const c of CODES) expect(text).toContain(c);

    // The confirm step opens once the person says the codes are saved.
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    fireEvent.change(screen.getByLabelText('3. Enter the 6-digit code from the app'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your authenticator is enrolled')).toBeTruthy();
    // Shown once: the secret and the codes are gone.
    expect(screen.queryByText('JBSWY3DPEHPK3PXP')).toBeNull();
    expect(screen.queryByText(CODES[0] as string)).toBeNull();

    expect(calls.map((c) => [c.path, c.auth, c.body])).toEqual([
      ['/auth/login', null, { phone: '0700000001', password: 'secret-pass-1' }],
      ['/staff/totp/enrol', 'Bearer player-token', { enrolment_code: 'wrong-code-0000' }],
      ['/staff/totp/enrol', 'Bearer player-token', { enrolment_code: 'good-code-1234' }],
      ['/staff/totp/confirm', 'Bearer player-token', { code: '123456' }],
    ]);
  });

  it('lets the first administrator enrol without a code', async () => {
    const calls = fakeApi(({ path }) =>
      path === '/auth/login'
        ? [200, { access_token: 't', user: {}, expires_in: 900, needs_verification: false }]
        : [201, ENROLLED],
    );
    renderAt('/enrol');
    passwordStep();
    await screen.findByLabelText('Enrolment code');
    fireEvent.click(screen.getByRole('button', { name: 'Show my QR code' }));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(calls[1]?.body).toEqual({});
  });

  it('says a wrong password plainly and keeps the person on the first step', async () => {
    fakeApi(() => [401, { error: 'Invalid phone or password', code: 'INVALID_CREDENTIALS' }]);
    renderAt('/enrol');
    passwordStep();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong phone number or password.');
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
