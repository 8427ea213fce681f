/**
 * The kit of the cluster money tests (scripts/test-cluster.mjs starts the cluster and hands it
 * over in CLUSTER_* variables): HTTP calls to one instance or through nginx, players, the
 * database both instances share.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { seamlessKey, signSeamless } from '../../src/lib/seamless-signature.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the cluster tests with \`node scripts/test-cluster.mjs\``);
  return value;
}

export const cluster = {
  /** nginx: the load balancer and CDN. */
  url: required('CLUSTER_URL'),
  /** The API instances, each addressed directly. */
  instances: required('CLUSTER_INSTANCES').split(','),
  secrets: JSON.parse(required('CLUSTER_SECRETS')) as Record<
    'JWT_SECRET' | 'PAYMENT_CALLBACK_SECRET' | 'CHAT_TOKEN_SECRET' | 'GAME_PROVIDER_SECRET',
    string
  >,
  databaseUrl: required('CLUSTER_DATABASE_URL'),
  schema: required('CLUSTER_SCHEMA'),
  siteDir: required('CLUSTER_SITE_DIR'),
  releaseManagerPhone: required('CLUSTER_RELEASE_MANAGER_PHONE'),
};

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field by the assertions
export type Json = any;

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/** A call under /api/v1 of `base` (an instance or nginx); a network failure answers status 0. */
export async function call(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: Json = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers };
  } catch (err) {
    return { status: 0, body: String(err), headers: new Headers() };
  }
}

export interface Player {
  phone: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  headers: Record<string, string>;
}

/** The refresh token an answer set in the refresh cookie (docs/decisions/034-session-cookies.md). */
export const refreshCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('mchezo_refresh='))
    ?.slice('mchezo_refresh='.length)
    .split(';')[0] ?? '';

/** A refresh token as a client that is not a browser sends it (no Origin: the staff CLIs' way). */
export const refreshCookie = (token: string) => ({ cookie: `mchezo_refresh=${token}` });

/** A random valid Kenyan phone, away from the simulator's test numbers (+2547000000xx). */
const randomPhone = () => `+2547${randomInt(10_000_000, 99_999_999)}`;

/** Registers, asks for and confirms the (test-mode) code, logs in on `base` and confirms an identity. */
export async function signedInPlayer(base: string, phone = randomPhone()): Promise<Player> {
  const password = 'correct-horse';
  const reg = await call(base, 'POST', '/auth/register', { phone, password });
  if (reg.status !== 201) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
  const asked = await call(base, 'POST', '/auth/verify/request', { phone });
  if (asked.status >= 300) throw new Error(`code request ${asked.status} ${JSON.stringify(asked.body)}`);
  const conf = await call(base, 'POST', '/auth/verify/confirm', { phone, code: '123456' });
  if (conf.status !== 200) throw new Error(`verify ${conf.status} ${JSON.stringify(conf.body)}`);
  const login = await call(base, 'POST', '/auth/login', { phone, password });
  if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  const headers = { authorization: `Bearer ${login.body.access_token}` };
  // Money and play need a confirmed identity (docs/decisions/019-age-and-identity.md): an adult
  // with a number the identity simulator confirms (it ends in 1).
  const identity = await call(
    base,
    'PUT',
    '/identity',
    {
      fullName: 'Amani Wanjiru',
      dateOfBirth: '1990-05-17',
      documentType: 'national_id',
      documentNumber: `${randomInt(1_000_000, 9_999_999)}1`,
    },
    headers,
  );
  if (identity.body?.status !== 'confirmed')
    throw new Error(`identity ${identity.status} ${JSON.stringify(identity.body)}`);
  return {
    phone,
    password,
    accessToken: login.body.access_token,
    refreshToken: refreshCookieOf(login.headers),
    headers,
  };
}

/** The authenticator's code for `secret`, `steps` 30-second steps from now (the API takes one step of drift). */
const totpCode = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/**
 * The release manager, signed in to a two-factor staff session on `base` (staff routes take
 * nothing less, docs/decisions/052-staff-two-factor.md). Their phone is also the cluster's
 * bootstrap administrator (ADMIN_PHONES in scripts/test-cluster.mjs), so they enrol without an
 * enrolment code; the enrolment takes this step's code, the sign-in the next step's.
 */
export async function signedInReleaseManager(base: string): Promise<{ headers: Record<string, string> }> {
  const player = await signedInPlayer(base, cluster.releaseManagerPhone);
  const enrolled = await call(base, 'POST', '/staff/totp/enrol', {}, player.headers);
  if (enrolled.status !== 201) throw new Error(`enrol ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  const secret = enrolled.body.secret as string;
  const confirmed = await call(
    base,
    'POST',
    '/staff/totp/confirm',
    { code: totpCode(secret) },
    player.headers,
  );
  if (confirmed.status >= 300)
    throw new Error(`confirm ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const signIn = await call(base, 'POST', '/staff/sign-in', {
    phone: player.phone,
    password: player.password,
    code: totpCode(secret, 1),
  });
  if (signIn.status !== 200) throw new Error(`staff sign-in ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return { headers: { authorization: `Bearer ${signIn.body.token}` } };
}

export const walletRequest = (
  base: string,
  kind: 'deposit' | 'withdraw',
  player: Player,
  amount: number,
  key?: string,
) =>
  call(
    base,
    'POST',
    `/wallet/${kind}`,
    { amount, currency: 'KES', phone_number: player.phone },
    key === undefined ? player.headers : { ...player.headers, 'idempotency-key': key },
  );

export async function balances(base: string, player: Player): Promise<Record<string, number>> {
  const res = await call(base, 'GET', '/wallet/balance', undefined, player.headers);
  if (res.status !== 200) throw new Error(`balance ${res.status}`);
  return Object.fromEntries(res.body.balances.map((b: Json) => [b.balance_type, b.amount]));
}

/** The shared database, in the cluster's schema. */
export async function withDatabase<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    await client.query(`set search_path to "${cluster.schema}"`);
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function userId(phone: string): Promise<{ id: string; player_ref: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query('select id, player_ref from users where phone = $1', [phone]);
    if (!rows[0]) throw new Error(`no user ${phone}`);
    return rows[0];
  });
}

/** Puts winnings (the withdrawable pot) through the seamless-wallet win call, as a game provider. */
export async function creditWinnings(base: string, player: Player, amount: number): Promise<void> {
  const { player_ref } = await userId(player.phone);
  const id = `cluster-win-${randomInt(1e9)}`;
  const raw = JSON.stringify({
    transaction_id: id,
    player_id: player_ref,
    round_id: id,
    game_id: 'lucky-sevens',
    amount,
    currency: 'KES',
  });
  const ts = Math.floor(Date.now() / 1000);
  const res = await fetch(`${base}/api/v1/casino/seamless/win`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(ts),
      'x-signature': signSeamless(seamlessKey(cluster.secrets.GAME_PROVIDER_SECRET), ts, raw),
    },
    body: raw,
  });
  if (res.status !== 200) throw new Error(`win ${res.status} ${await res.text()}`);
}

/**
 * The ledger of one user, in the shared database: each pot against the sum of its entries, and
 * the entries per kind.
 */
export async function ledger(phone: string) {
  const { id } = await userId(phone);
  return withDatabase(async (db) => {
    const wallet = (await db.query('select main, withdrawal, bonus from wallets where user_id = $1', [id]))
      .rows[0];
    const sums = (
      await db.query(
        'select pot, sum(amount)::bigint as total from ledger_entries where user_id = $1 group by pot',
        [id],
      )
    ).rows;
    const entries = (
      await db.query(
        'select kind, pot, amount, ref_id from ledger_entries where user_id = $1 order by created_at, id',
        [id],
      )
    ).rows;
    const transactions = (
      await db.query(
        'select id, type, status, amount, idempotency_key from wallet_transactions where user_id = $1',
        [id],
      )
    ).rows;
    type Pot = 'main' | 'withdrawal' | 'bonus';
    const pots = {} as Record<Pot, { wallet: number; ledger: number }>;
    for (const pot of ['main', 'withdrawal', 'bonus'] as const)
      pots[pot] = {
        wallet: Number(wallet[pot]),
        ledger: Number(sums.find((s) => s.pot === pot)?.total ?? 0),
      };
    return { pots, entries, transactions };
  });
}

/** A `[cluster] …` line in the test output: the numbers a run measured. */
export const report = (line: string) => console.log(`[cluster] ${line}`);

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 50 ms until it answers something other than false; throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | false> | T | false,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

/** The run folder of the cluster command (its instances file, logs, rolling deploy status). */
export const runDir = () => required('CLUSTER_RUN_DIR');

/** The instances as the cluster command runs them now (a restarted one has a new pid). */
export const instancesNow = () =>
  JSON.parse(readFileSync(join(runDir(), 'instances.json'), 'utf8')) as {
    name: string;
    url: string;
    pid: number;
  }[];
