/**
 * The e2e staff helpers (e2e/support/staff.ts) against the real API: a person made with roles
 * and an enrolled authenticator signs in with two factors, twice in a row (a code is taken once),
 * and their password alone opens no staff route.
 */
import { expect, test } from '@playwright/test';
import { enrolStaff, staffCode, staffPhone, staffSignIn } from '../support/staff.ts';

test('enrolStaff makes a two-factor staff person with the roles asked for', async ({ request }) => {
  // The third code of one secret may wait for the next 30-second step.
  test.setTimeout(60_000);
  const person = await enrolStaff(request, staffPhone(), ['support', 'compliance']);
  expect(person.recoveryCodes).toHaveLength(10);
  const token = await staffSignIn(request, person);
  const me = await request.get('/api/v1/staff/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.ok()).toBe(true);
  const { member, session } = await me.json();
  expect(member).toMatchObject({ phone: person.phone, two_factor: true });
  expect(member.roles.sort()).toEqual(['compliance', 'support']);
  expect(session.second_factor).toBe('totp');
  // A second session at once: staffCode gives a code the API has not taken yet.
  expect(await staffSignIn(request, person)).not.toBe(token);
  // The code a person's app shows now is six digits.
  expect(await staffCode(person.secret, Date.now())).toMatch(/^\d{6}$/);
});

test('a staff person’s password-only token opens no staff route', async ({ request }) => {
  const person = await enrolStaff(request, staffPhone(), ['finance']);
  const login = await request.post('/api/v1/auth/login', {
    data: { phone: person.phone, password: person.password },
  });
  const { access_token } = await login.json();
  const me = await request.get('/api/v1/staff/me', { headers: { Authorization: `Bearer ${access_token}` } });
  expect(me.status()).toBe(403);
  expect((await me.json()).code).toBe('SECOND_FACTOR_REQUIRED');
});
