// A player for the benchmarks, made through the real API (test-mode one-time code): verified,
// signed in and with a confirmed identity, so the wallet and game pages show what such a player
// sees. Returns the login answer (`user`, `access_token`) with `refresh_token`, the token of the
// refresh cookie it set (docs/decisions/034-session-cookies.md).
export async function signUp(baseUrl) {
  const phone = `+2547${String(Date.now()).slice(-8)}`;
  const password = 'bench-password-1';
  const post = (path, body) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/auth/register', { phone, password });
  await post('/auth/verify/request', { phone });
  await post('/auth/verify/confirm', { phone, code: process.env.OTP_TEST_CODE ?? '123456' });
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mchezo_refresh=')) ?? '';
  const session = {
    ...(await res.json()),
    refresh_token: cookie.split(';')[0].slice('mchezo_refresh='.length),
  };
  // The deposit page as a player who may deposit sees it: a confirmed identity (the identity
  // simulator confirms numbers ending in 1).
  await fetch(`${baseUrl}/api/v1/identity`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({
      fullName: 'Bench Player',
      dateOfBirth: '1990-05-17',
      documentType: 'national_id',
      documentNumber: `${phone.slice(-7)}1`,
    }),
  });
  return session;
}

/** What the shell keeps in storage after a login (the user), for a page opened signed in. */
export function storeSession(session) {
  localStorage.setItem('user', JSON.stringify(session.user));
}

/** The refresh cookie a login through the site leaves in the browser, for `context.addCookies`. */
export function sessionCookie(baseUrl, session) {
  return {
    name: 'mchezo_refresh',
    value: session.refresh_token,
    domain: new URL(baseUrl).hostname,
    path: '/api/v1/auth/refresh',
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
  };
}
