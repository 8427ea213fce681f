import { type APIRequestContext, expect } from '@playwright/test';
import { TEST_CODE } from './session.ts';

/** The release manager the e2e server knows (RELEASE_MANAGER_PHONES). */
export const RELEASE_MANAGER_PHONE = '+254799000001';
/** Its password: the first spec to need it registers it with this one. */
export const RELEASE_MANAGER_PASSWORD = 'release-manager-9';

/** Registers (test-mode code) and verifies the release manager once per server; then logs in. */
export async function releaseManagerToken(request: APIRequestContext): Promise<string> {
  const phone = RELEASE_MANAGER_PHONE;
  const register = await request.post('/api/v1/auth/register', {
    data: { phone, password: RELEASE_MANAGER_PASSWORD, full_name: 'Release Manager' },
  });
  if (register.status() !== 409) {
    expect(register.status(), await register.text()).toBe(201);
    expect((await request.post('/api/v1/auth/verify/request', { data: { phone } })).ok()).toBe(true);
    const confirm = await request.post('/api/v1/auth/verify/confirm', { data: { phone, code: TEST_CODE } });
    expect(confirm.ok(), await confirm.text()).toBe(true);
  }
  const login = await request.post('/api/v1/auth/login', {
    data: { phone, password: RELEASE_MANAGER_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()).access_token as string;
}
