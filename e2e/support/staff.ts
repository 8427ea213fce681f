/**
 * Staff people for e2e specs (docs/decisions/052): `enrolStaff` makes a person with staff roles
 * and an enrolled authenticator through the real API, `staffCode` computes their authenticator's
 * code (otpauth, as the API), `staffSignIn` opens a two-factor staff session.
 *
 * Who grants the roles and issues the enrolment codes: the bootstrap administrator
 * (STAFF_ADMIN_PHONE, in ADMIN_PHONES of e2e/support/start-server.mjs), enrolled without a code
 * by the bootstrap rule the first time any worker needs it. Workers are separate processes, so
 * its secret and staff token are kept in a file beside the server's data (wiped with it at each
 * server start), written under a lock: the first worker enrols it, the others reuse its session.
 * A finance or admin grant the bootstrap administrator proposes is confirmed by a second
 * configured administrator (docs/decisions/065): see `confirmerToken`.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TEST_CODE, uniquePhone } from './session.ts';

/** The staff roles as the API names them (shared/contracts/src/staff.ts `StaffRoleName`). */
export type StaffRoleName = 'support' | 'finance' | 'compliance' | 'release_manager' | 'admin';

/** The e2e server's bootstrap administrator (ADMIN_PHONES in start-server.mjs). */
export const STAFF_ADMIN_PHONE = '+254799000010';
const STAFF_ADMIN_PASSWORD = 'staff-admin-9';
/** Every staff person's password here. */
export const STAFF_PASSWORD = 'staff-person-9';

export interface StaffPerson {
  phone: string;
  password: string;
  /** The authenticator's secret (base32): `staffCode(person.secret)` is what the app shows. */
  secret: string;
  recoveryCodes: string[];
}

/** A phone no other test of the run uses: specs make their staff people with it, in parallel. */
export const staffPhone = uniquePhone;

const PERIOD_MS = 30_000;
const totp = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** The last 30-second step whose code was used, per secret (this worker). */
const lastStep = new Map<string, number>();

/**
 * The 6-digit code of `secret`: at `at` if given; otherwise one the API will take now. A code is
 * taken once (its step and every earlier one are spent) and the API accepts one step of drift
 * either way (decision 052): when this step's code was used, the next step's is given; when that
 * one was used too, this waits for the next step to begin.
 */
export async function staffCode(secret: string, at?: number): Promise<string> {
  if (at !== undefined) return totp(secret).generate({ timestamp: at });
  for (;;) {
    const step = Math.floor(Date.now() / PERIOD_MS);
    const next = Math.max(step, (lastStep.get(secret) ?? -1) + 1);
    if (next <= step + 1) {
      lastStep.set(secret, next);
      return totp(secret).generate({ timestamp: next * PERIOD_MS });
    }
    await sleep((step + 1) * PERIOD_MS - Date.now() + 50);
  }
}

async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  data?: unknown,
) {
  return request.fetch(`/api/v1${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

async function ok(res: Awaited<ReturnType<typeof call>>, what: string) {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : res.json();
}

/** Registers and verifies the phone's player account unless it exists; its password-only access token. */
async function playerToken(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const login = () => call(request, 'POST', '/auth/login', undefined, { phone, password });
  let answer = await login();
  if (answer.status() === 401) {
    const register = await call(request, 'POST', '/auth/register', undefined, {
      phone,
      password,
      full_name: 'Wanjiru Kamau',
    });
    // 409: another worker registered it meanwhile and verifies it.
    if (register.status() !== 409) {
      await ok(register, `register ${phone}`);
      await ok(await call(request, 'POST', '/auth/verify/request', undefined, { phone }), 'verify');
      await ok(
        await call(request, 'POST', '/auth/verify/confirm', undefined, { phone, code: TEST_CODE }),
        'confirm',
      );
    }
    answer = await login();
  }
  return (await ok(answer, `login ${phone}`)).access_token as string;
}

/** Starts the enrolment (with an enrolment code unless bootstrapping) and confirms it. */
async function enrolWith(
  request: APIRequestContext,
  token: string,
  enrolmentCode: string | null,
): Promise<Omit<StaffPerson, 'phone' | 'password'>> {
  const body = enrolmentCode ? { enrolment_code: enrolmentCode } : {};
  const enrolled = await ok(await call(request, 'POST', '/staff/totp/enrol', token, body), 'enrol');
  const code = await staffCode(enrolled.secret);
  await ok(await call(request, 'POST', '/staff/totp/confirm', token, { code }), 'confirm enrolment');
  return { secret: enrolled.secret, recoveryCodes: enrolled.recovery_codes };
}

/** A two-factor staff session of `person`: its `stf_…` token. */
export async function staffSignIn(request: APIRequestContext, person: StaffPerson): Promise<string> {
  const { phone, password, secret } = person;
  const res = await call(request, 'POST', '/staff/sign-in', undefined, {
    phone,
    password,
    code: await staffCode(secret),
  });
  return (await ok(res, `staff sign-in ${phone}`)).token as string;
}

// ---- People shared by the workers (the bootstrap administrator, the release manager) ----------

interface SharedState {
  secret: string;
  token: string;
  lastStep: number;
}

/** Beside the e2e server's DATA_DIR (playwright.config.ts), which start-server.mjs wipes. */
const port = process.env.E2E_PORT ?? '8190';
const stateDir = join(tmpdir(), `mchezo-e2e-${port}`);

function readState(path: string): SharedState | null {
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as SharedState;
    lastStep.set(state.secret, Math.max(lastStep.get(state.secret) ?? -1, state.lastStep));
    return state;
  } catch {
    return null;
  }
}

/** A lock older than this was left by a worker that died holding it. */
const STALE_LOCK_MS = 60_000;

/** One worker at a time (a directory made atomically is the lock). */
async function withLock<T>(lockPath: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(lockPath), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockPath);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lockPath, { recursive: true, force: true });
      else await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockPath, { recursive: true, force: true });
  }
}

const sessionStands = async (request: APIRequestContext, token: string) =>
  (await call(request, 'GET', '/staff/me', token)).ok();

/**
 * The staff token of a person every worker shares (a fixed phone): the first worker to need it
 * registers and enrols them (`enrolment`: the enrolment code to use, null for the bootstrap
 * administrator) and keeps their secret and session in `e2e-staff-<name>.json`; the others
 * reuse the session, or sign in again when it ended.
 */
async function sharedStaffToken(
  request: APIRequestContext,
  name: string,
  phone: string,
  password: string,
  enrolment: (userId: string) => Promise<string | null>,
): Promise<string> {
  const path = join(stateDir, `e2e-staff-${name}.json`);
  const known = readState(path);
  if (known && (await sessionStands(request, known.token))) return known.token;
  return withLock(`${path}.lock`, async () => {
    const state = readState(path);
    if (state && (await sessionStands(request, state.token))) return state.token;
    let secret = state?.secret;
    if (!secret) {
      const token = await playerToken(request, phone, password);
      const me = await ok(await call(request, 'GET', '/auth/me', token), 'who am I');
      secret = (await enrolWith(request, token, await enrolment(me.user.id))).secret;
    }
    const token = await staffSignIn(request, { phone, password, secret, recoveryCodes: [] });
    const next: SharedState = { secret, token, lastStep: lastStep.get(secret) ?? -1 };
    writeFileSync(path, JSON.stringify(next), { mode: 0o600 });
    return token;
  });
}

/** The bootstrap administrator's staff token: enrolled by the bootstrap rule on first use. */
export const staffAdminToken = (request: APIRequestContext): Promise<string> =>
  sharedStaffToken(request, 'admin', STAFF_ADMIN_PHONE, STAFF_ADMIN_PASSWORD, async () => null);

/**
 * Two more administrators of ADMIN_PHONES (start-server.mjs). The confirmer confirms the finance
 * and admin grants the bootstrap administrator proposes, so four eyes must see no link between
 * them (decision 061): the deputy's enrolment code comes from the bootstrap administrator, the
 * confirmer's from the deputy, and the confirmer signs in from a request context of its own
 * (another staff device than the test's).
 */
export const STAFF_DEPUTY_PHONE = '+254799000011';
export const STAFF_CONFIRMER_PHONE = '+254799000012';

const deputyToken = (request: APIRequestContext): Promise<string> =>
  sharedStaffToken(request, 'deputy', STAFF_DEPUTY_PHONE, STAFF_ADMIN_PASSWORD, (userId) =>
    issueEnrolmentCode(request, userId),
  );

async function confirmerToken(request: APIRequestContext): Promise<string> {
  const own = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    return await sharedStaffToken(
      own,
      'confirmer',
      STAFF_CONFIRMER_PHONE,
      STAFF_ADMIN_PASSWORD,
      async (userId) => issueEnrolmentCode(request, userId, await deputyToken(request)),
    );
  } finally {
    await own.dispose();
  }
}

/** A one-time enrolment code an administrator (the bootstrap one unless given) issues for `userId`. */
export async function issueEnrolmentCode(
  request: APIRequestContext,
  userId: string,
  issuer?: string,
): Promise<string> {
  const admin = issuer ?? (await staffAdminToken(request));
  const issued = await ok(
    await call(request, 'POST', `/staff/people/${userId}/enrolment`, admin, { reason: 'e2e staff person' }),
    'issue enrolment code',
  );
  return issued.enrolment_code as string;
}

/**
 * The staff token of a person with a fixed phone whose role the server's environment grants
 * (RELEASE_MANAGER_PHONES…): enrolled once with a code the administrator issues, shared by the
 * workers.
 */
export const configuredStaffToken = (
  request: APIRequestContext,
  name: string,
  phone: string,
  password: string,
): Promise<string> =>
  sharedStaffToken(request, name, phone, password, (userId) => issueEnrolmentCode(request, userId));

/**
 * A person holding `roles` with an enrolled authenticator, made through the API as a new member
 * of staff is: their player account registered and verified, the administrator grants the roles
 * and issues an enrolment code, the person enrols with it and confirms. Use a fresh `phone`
 * (`staffPhone()`) per test.
 */
export async function enrolStaff(
  request: APIRequestContext,
  phone: string,
  roles: StaffRoleName[],
): Promise<StaffPerson> {
  const token = await playerToken(request, phone, STAFF_PASSWORD);
  const admin = await staffAdminToken(request);
  const query = `/staff/people?phone=${encodeURIComponent(phone)}`;
  const [member] = (await ok(await call(request, 'GET', query, admin), 'find person')).people;
  for (const role of roles) {
    const res = await call(request, 'POST', `/staff/people/${member.user_id}/roles`, admin, {
      role,
      reason: 'e2e staff person',
    });
    // A role the environment grants (RELEASE_MANAGER_PHONES…) is held already.
    if (res.status() !== 409) await ok(res, `grant ${role}`);
    // Finance and admin wait for a second administrator (202, decision 065).
    if (res.status() === 202) {
      const grant = (await res.json()).pending_grants.find((g: { role: string }) => g.role === role);
      const path = `/staff/role-grants/${grant.id}/confirm`;
      const confirmer = await confirmerToken(request);
      await ok(
        await call(request, 'POST', path, confirmer, { reason: 'e2e second administrator' }),
        'confirm',
      );
    }
  }
  const code = await issueEnrolmentCode(request, member.user_id);
  return { phone, password: STAFF_PASSWORD, ...(await enrolWith(request, token, code)) };
}

/**
 * A code of a shared person's authenticator for the staff site's sign-in screen: their
 * staff token made first (enrolled on first use), the code's step recorded for the workers.
 */
export async function configuredStaffCode(
  request: APIRequestContext,
  name: string,
  phone: string,
  password: string,
): Promise<string> {
  await configuredStaffToken(request, name, phone, password);
  const path = join(stateDir, `e2e-staff-${name}.json`);
  return withLock(`${path}.lock`, async () => {
    const state = readState(path);
    if (!state) throw new Error(`no shared staff person ${name}`);
    const code = await staffCode(state.secret);
    writeFileSync(path, JSON.stringify({ ...state, lastStep: lastStep.get(state.secret) ?? -1 }), {
      mode: 0o600,
    });
    return code;
  });
}
