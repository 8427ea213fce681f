import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seamlessKey, signSeamless } from '../../src/lib/seamless-signature.js';
import { DB_MODES, json, type Player, suiteApp } from '../helpers.js';

interface Endpoint {
  url: string;
  valid: Record<string, unknown>;
  auth?: boolean;
  signed?: boolean;
  /** Fields where null is a legal value. */
  nullable?: string[];
}

const TABLES = [
  'users',
  'sessions',
  'refresh_tokens',
  'otp_codes',
  'rate_limits',
  'wallets',
  'ledger_entries',
  'wallet_transactions',
  'games',
  'game_transactions',
] as const;

/** Every table's full content: the sweep must leave all of it untouched. */
async function snapshot(app: FastifyInstance): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) {
    out[table] = await app.ctx.database.db.selectFrom(table).selectAll().execute();
  }
  return JSON.stringify(out);
}

describe.each(DB_MODES)('malformed input on every endpoint (%s)', (mode) => {
  const t = suiteApp(mode);
  let p: Player;
  let endpoints: Endpoint[];
  let before: string;

  beforeAll(async () => {
    p = await t.signedInPlayer();
    await t.creditWinnings(p, 500);
    const player_id = await t.playerRef(p);
    const link = new URL(
      json(await t.post('/casino/game/link', { game_id: 'lucky-sevens' }, p.headers)).game_link,
    );
    const launch = link.searchParams.get('launch')!;
    const session = json(await t.post('/games/demo/session', { launch_token: launch })).session_token;
    const money = { amount: 100, currency: 'KES', phone_number: p.phone };
    const game = { transaction_id: 'tx-1', player_id, round_id: 'r-1', game_id: 'lucky-sevens' };
    endpoints = [
      {
        url: '/auth/register',
        valid: { phone: '+254711000222', password: 'password1', full_name: 'A' },
        nullable: ['full_name'],
      },
      { url: '/auth/login', valid: { phone: p.phone, password: p.password } },
      { url: '/auth/refresh', valid: {} },
      { url: '/auth/logout', valid: {}, auth: true },
      { url: '/auth/verify/request', valid: { phone: p.phone } },
      { url: '/auth/verify/confirm', valid: { phone: p.phone, code: '123456' } },
      { url: '/auth/password/reset/request', valid: { phone: p.phone } },
      {
        url: '/auth/password/reset/confirm',
        valid: { phone: p.phone, code: '123456', new_password: 'password2' },
      },
      { url: '/auth/chat-token', valid: {}, auth: true },
      { url: '/casino/game/link', valid: { game_id: 'lucky-sevens' }, auth: true },
      { url: '/wallet/deposit', valid: money, auth: true },
      { url: '/wallet/withdraw', valid: money, auth: true },
      { url: '/games/demo/session', valid: { launch_token: launch } },
      { url: '/games/demo/spin', valid: { session_token: session, stake: 20 } },
      { url: '/casino/seamless/balance', valid: { player_id, currency: 'KES' }, signed: true },
      { url: '/casino/seamless/bet', valid: { ...game, amount: 1, currency: 'KES' }, signed: true },
      { url: '/casino/seamless/win', valid: { ...game, amount: 1, currency: 'KES' }, signed: true },
      {
        url: '/casino/seamless/rollback',
        valid: { ...game, rolled_back_transaction_id: 'tx-0' },
        signed: true,
      },
    ];
    before = await snapshot(t.app);
  });

  function send(e: Endpoint, raw: string, contentType = 'application/json') {
    const headers: Record<string, string> = { 'content-type': contentType, ...(e.auth ? p.headers : {}) };
    if (e.signed) {
      const ts = Math.floor(t.app.ctx.clock.now() / 1000);
      headers['x-timestamp'] = String(ts);
      headers['x-signature'] = signSeamless(seamlessKey(t.env.GAME_PROVIDER_SECRET), ts, raw);
    }
    return t.app.inject({ method: 'POST', url: `/api/v1${e.url}`, headers, payload: raw });
  }

  function expectClientError(res: Awaited<ReturnType<typeof send>>, label: string, status?: number) {
    const body = res.json() as { error?: unknown };
    expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
    if (status) expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
    expect(typeof body.error, label).toBe('string');
    expect((body.error as string).length, label).toBeGreaterThan(3);
  }

  it('malformed JSON → 400 "Malformed JSON body"', async () => {
    for (const e of endpoints) {
      for (const raw of ['{"phone":', '{bad json}', "{'a':1}", '{"a":1}}']) {
        const res = await send(e, raw);
        expectClientError(res, `${e.url} ${raw}`, 400);
        expect(json(res).error).toBe('Malformed JSON body');
      }
    }
  });

  it('wrong types for every field → 400 naming the field', async () => {
    for (const e of endpoints) {
      for (const [field, value] of Object.entries(e.valid)) {
        const wrongs: unknown[] = [typeof value === 'string' ? 12345 : 'text', {}, [], true];
        if (!e.nullable?.includes(field)) wrongs.push(null);
        for (const wrong of wrongs) {
          const res = await send(e, JSON.stringify({ ...e.valid, [field]: wrong }));
          expectClientError(res, `${e.url} ${field}=${JSON.stringify(wrong)}`, 400);
          expect(
            json(res).issues.some((i: { path: string }) => i.path.includes(field)),
            `${e.url} ${field}`,
          ).toBe(true);
        }
      }
    }
  });

  it('non-object bodies → 400', async () => {
    for (const e of endpoints) {
      for (const raw of ['[]', '"text"', '42', 'true']) {
        expectClientError(await send(e, raw), `${e.url} ${raw}`, 400);
      }
    }
  });

  it('unknown fields, including __proto__, → 400', async () => {
    for (const e of endpoints) {
      expectClientError(await send(e, JSON.stringify({ ...e.valid, admin: true })), `${e.url} +admin`, 400);
      const proto = `{${Object.entries(e.valid)
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .concat('"__proto__":{"isAdmin":true}')
        .join(',')}}`;
      expectClientError(await send(e, proto), `${e.url} __proto__`, 400);
    }
  });

  it('huge bodies → 413 before parsing', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(100_000) });
    for (const e of endpoints) {
      expectClientError(await send(e, big), `${e.url} huge`, 413);
    }
  });

  it('other content types → 415', async () => {
    for (const e of endpoints) {
      expectClientError(await send(e, 'phone=1', 'application/x-www-form-urlencoded'), `${e.url} form`, 415);
      expectClientError(await send(e, 'hello', 'text/plain'), `${e.url} text`, 415);
    }
  });

  it('bad query strings, path ids and headers → 400', async () => {
    for (const q of [
      'page_size=abc',
      'page_size=1000',
      'page_size=-1',
      'type=bonus',
      'unknown=1',
      'page_token=',
      'page_size=1.5',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/transactions?${q}`,
        headers: p.headers,
      });
      expectClientError(res, q, 400);
    }
    const longId = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/transactions/${'a'.repeat(100)}`,
      headers: p.headers,
    });
    expectClientError(longId, 'long id', 400);
    const badKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      headers: { ...p.headers, 'idempotency-key': 'bad key with spaces' },
      payload: { amount: 100, currency: 'KES', phone_number: p.phone },
    });
    expectClientError(badKey, 'idempotency key', 400);
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    for (const raw of ['{"provider_ref":1}', '{}', '[]', '{"Body":{}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/payments/callbacks/simulator/${secret}/deposit`,
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expectClientError(res, `callback ${raw}`, 400);
    }
    const badKind = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/callbacks/simulator/${secret}/refund`,
      payload: { provider_ref: 'x', result_code: 0 },
    });
    expectClientError(badKind, 'callback kind', 400);
  });

  it('JSON nested deeper than 64 levels → 400 BODY_TOO_DEEP on every JSON route, public or not', async () => {
    const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    const more: Endpoint[] = [
      { url: `/payments/callbacks/simulator/${secret}/deposit`, valid: {} },
      { url: `/payments/c2b/simulator/${secret}/confirmation`, valid: {} },
      { url: '/releases/health/loads', valid: {} },
      { url: '/releases/health/vitals', valid: {} },
    ];
    for (const e of [...endpoints, ...more]) {
      const field = JSON.stringify(Object.keys(e.valid)[0] ?? 'loads');
      // Inside the body's own object: 7,000 levels (a stack overflow for a recursive walk), 66, 66.
      for (const deep of [arrays(6999), arrays(65), objects(65)]) {
        const res = await send(e, `{${field}:${deep}}`);
        expectClientError(res, `${e.url} deep`, 400);
        expect(json(res).code, e.url).toBe('BODY_TOO_DEEP');
      }
      // 64 levels are not refused for their depth (the schema still refuses the shape).
      const ok = await send(e, `{${field}:${arrays(63)}}`);
      expect(json(ok).code, e.url).not.toBe('BODY_TOO_DEEP');
    }
  });

  it('changed nothing in the database', async () => {
    expect(await snapshot(t.app)).toBe(before);
  });
});
