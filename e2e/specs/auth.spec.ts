/**
 * The auth remote against the real API: join with its code step, a pending player's login through
 * /verify back to where they were going, the failure and validation messages, the resend cooldown,
 * the lockout alert and the forgot-password reset. Every test makes its own players; the server
 * runs in OTP test mode (code 123456).
 */
import type { Page } from '@playwright/test';
import { createPlayer, TEST_CODE, uniquePhone } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'parallel' });

const PASSWORD = 'correct-horse-9';

/** A sonner toast (the shell's "Notifications" region) whose text contains `title`. */
function toast(page: Page, title: string) {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title });
}

/** The national part typed in the phone field: "+254712345678" → "712345678" (country select stays +254). */
function national(phone: string): string {
  expect(phone.startsWith('+254')).toBe(true);
  return phone.slice(4);
}

async function expectSignedIn(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Balance: KSh \d/ })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
}

async function expectGuest(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Balance:/ })).toHaveCount(0);
}

async function fillJoinForm(page: Page, phone: string) {
  await page.goto('/join');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Phone Number').fill(national(phone));
  await page.getByLabel('Full Name (optional)').fill('Wanjiku Kamau');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    toast(page, 'Registration successful! Please verify your account with the code sent to your phone.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code sent to your phone')).toBeVisible();
}

async function signInThroughForm(page: Page, phone: string, password: string) {
  await page.getByLabel('Phone Number').fill(national(phone));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('join → code → signed in, with the balance in the header instead of Login', async ({ page }) => {
  const phone = uniquePhone();
  await fillJoinForm(page, phone);
  await expectGuest(page);

  await page.getByRole('textbox', { name: 'Verification code' }).fill(TEST_CODE);
  await page.getByRole('button', { name: 'Verify Phone' }).click();

  await expect(toast(page, 'Your account has been verified! You are now logged in.')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Balance: KSh 0.00' })).toBeVisible();
  // The session is real: it survives a reload.
  await page.reload();
  await expectSignedIn(page);
});

/** Every value the page's local and session storage hold, by storage and key. */
function storedValues(page: Page) {
  return page.evaluate(() => {
    const all: string[] = [];
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const)
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? '';
        all.push(`${name}.${key}=${storage.getItem(key)}`);
      }
    return all;
  });
}

// Decision 062: the browser keeps the server's verification ticket between sign-up and the code,
// never the password, which any script of the origin could read.
test('no password in local or session storage: join, the code step, then signed in', async ({ page }) => {
  await fillJoinForm(page, uniquePhone());
  const pending = await storedValues(page);
  expect(pending.filter((v) => v.includes(PASSWORD))).toEqual([]);
  expect(pending.some((v) => v.startsWith('sessionStorage.verificationTicket='))).toBe(true);

  await page.getByRole('textbox', { name: 'Verification code' }).fill(TEST_CODE);
  await page.getByRole('button', { name: 'Verify Phone' }).click();
  await expect(toast(page, 'Your account has been verified! You are now logged in.')).toBeVisible();
  await expectSignedIn(page);
  const signedIn = await storedValues(page);
  expect(signedIn.filter((v) => v.includes(PASSWORD))).toEqual([]);
  // Spent: nothing of the verification stays.
  expect(signedIn.filter((v) => v.startsWith('sessionStorage.verificationTicket='))).toEqual([]);
});

test('no password in storage after a pending login either', async ({ page, request }) => {
  const player = await createPlayer(request, { verified: false });
  await page.goto('/login');
  await signInThroughForm(page, player.phone, player.password);
  await expect(page).toHaveURL('/verify');
  expect((await storedValues(page)).filter((v) => v.includes(player.password))).toEqual([]);
});

test('a pending player logs in, is sent to /verify, opens a protected page, verifies and lands on it', async ({
  page,
  request,
}) => {
  // Registered through the API, never verified.
  const player = await createPlayer(request, { verified: false });
  expect(player.user.status).toBe('pending_verification');

  await page.goto('/login');
  await signInThroughForm(page, player.phone, player.password);
  await expect(page).toHaveURL('/verify');
  await expect(page.getByRole('heading', { name: 'Verify Your Account' })).toBeVisible();
  await expect(page.getByText(`We sent a verification code to ${player.phone}.`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Testing Information' })).toContainText(TEST_CODE);
  // Pending players have no session yet: no balance in the header.
  await expect(page.getByRole('banner').getByRole('link', { name: /^Balance:/ })).toHaveCount(0);

  // A protected page sends them back here, remembering where they were going.
  await page.goto('/transactions');
  await expect(page).toHaveURL('/verify');
  await expect(page.getByRole('heading', { name: 'Verify Your Account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transactions' })).toHaveCount(0);

  const submit = page.getByRole('button', { name: 'Verify Account' });
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(TEST_CODE);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(toast(page, 'Your account has been verified successfully!')).toBeVisible();
  await expect(page).toHaveURL('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  await expectSignedIn(page);
});

test("a wrong code shows 'Verification Failed' and keeps the player on the code step", async ({ page }) => {
  await fillJoinForm(page, uniquePhone());

  await page.getByRole('textbox', { name: 'Verification code' }).fill('654321');
  await page.getByRole('button', { name: 'Verify Phone' }).click();

  const failed = toast(page, 'Verification Failed');
  await expect(failed).toBeVisible();
  // The server's message is preferred over the fallback.
  await expect(failed).toContainText('Invalid verification code');
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify Phone' })).toBeEnabled();
  await expectGuest(page);
});

test('the resend link waits out a 60 s countdown', async ({ page }) => {
  await page.clock.install();
  await fillJoinForm(page, uniquePhone());

  const countdown = page.getByText(/^Resend code in \d+s$/);
  const resend = page.getByRole('button', { name: 'Resend Code' });
  await expect(countdown).toHaveText(/^Resend code in (60|59)s$/);
  await expect(resend).toHaveCount(0);

  // Stop the page's clock (a little ahead of now: reading it takes time), let the countdown's 1 s
  // tick run once, then read where it is.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3000);
  await page.clock.runFor(1000);
  const start = Number((await countdown.textContent())?.match(/(\d+)s$/)?.[1]);
  expect(start).toBeGreaterThan(40);
  expect(start).toBeLessThanOrEqual(60);

  await page.clock.runFor(10_000);
  await expect(countdown).toHaveText(`Resend code in ${start - 10}s`);
  await expect(resend).toHaveCount(0);

  await page.clock.runFor((start - 11) * 1000);
  await expect(countdown).toHaveText('Resend code in 1s');
  await expect(resend).toHaveCount(0);

  await page.clock.runFor(1000);
  await expect(countdown).toHaveCount(0);
  await expect(resend).toBeVisible();
  await expect(resend).toBeEnabled();
});

test("missing fields → 'Please fill in all required fields' on login and join", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const error = toast(page, 'Error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('Please fill in all required fields');
  await expect(page.getByLabel('Phone Number')).toBeFocused();
  await expect(page).toHaveURL('/login');

  await page.goto('/join');
  await page.getByLabel('Phone Number').fill('712345678');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const joinError = toast(page, 'Error');
  await expect(joinError).toBeVisible();
  await expect(joinError).toContainText('Please fill in all required fields');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
});

test("/login?locked=true shows the stored message under 'Session Expired' once", async ({ page }) => {
  const message = 'You have been logged out due to security reasons.';
  // What the shell stores on auth:lockout; set on the first load of this tab only.
  await page.addInitScript((m) => {
    if (sessionStorage.getItem('e2e-lockout-stored')) return;
    sessionStorage.setItem('e2e-lockout-stored', '1');
    sessionStorage.setItem('lockoutMessage', m);
  }, message);

  await page.goto('/login?locked=true');
  const alert = page.getByRole('alert').filter({ hasText: 'Session Expired' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(message);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Session Expired')).toHaveCount(0);
  await expect(page.getByText(message)).toHaveCount(0);
});

test('a suspended account signing in gets the lockout alert once, and no second failure toast', async ({
  page,
}) => {
  const message = 'Your account is suspended. Please contact support.';
  // The API's answer for a suspended account (api/src/lib/errors.ts lockedOut, tested there).
  await page.route('**/api/v1/auth/login', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        error: message,
        code: 'ACCOUNT_SUSPENDED',
        locked_out: true,
        reason: 'ACCOUNT_SUSPENDED',
        message,
      }),
    }),
  );
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill('712345678');
  await page.getByLabel('Password').fill('a-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Session Expired' });
  await expect(alert).toContainText(message);
  await expect(page).toHaveURL(/\/login\?locked=true$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  // Toasts load on first use: a later toast on screen means an earlier one would be too.
  await page.getByLabel('Password').fill('');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
  // Counted once, now: a retrying assertion would wait for a toast to expire (4 s) and pass.
  expect(await toast(page, 'Login Failed').count()).toBe(0);
  expect(await page.getByText(message).count()).toBe(1);
});

test('forgot password → code and new password → the new password signs in, the old one no longer does', async ({
  page,
  request,
}) => {
  const player = await createPlayer(request);
  const newPassword = 'new-zebra-crossing-4';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Enter your phone number to receive reset instructions')).toBeVisible();
  await page.getByLabel('Phone Number').fill(national(player.phone));
  await page.getByRole('button', { name: 'Send Reset Link' }).click();

  await expect(toast(page, 'Code Sent')).toBeVisible();
  await expect(
    page.getByText(`Enter the code sent to ${player.phone} and choose a new password.`),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(TEST_CODE);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  const reset = toast(page, 'Password Reset');
  await expect(reset).toBeVisible();
  await expect(reset).toContainText('Your password has been changed. Please sign in with your new password.');
  await expect(page).toHaveURL('/login');
  await expectGuest(page);

  await signInThroughForm(page, player.phone, player.password);
  const failed = toast(page, 'Login Failed');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Invalid phone number or password');
  await expect(page).toHaveURL('/login');
  await expectGuest(page);

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);
});
