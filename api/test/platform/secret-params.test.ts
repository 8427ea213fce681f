/**
 * Secrets kept out of the log: the callback secret once reached the request log on every Paybill (C2B)
 * line, because only `/payments/callbacks/…` URLs were redacted. Secrets are now cut out by the
 * route parameter that carries them (lib/redact.ts, docs/decisions/032): these tests walk every
 * registered route that declares one and look for the secret everywhere it could leak.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.js';
import type { Env } from '../../src/env.js';
import { UrlRedactor } from '../../src/lib/redact.js';
import { prepareStart } from '../../src/startup.js';
import { logCapture } from '../helpers.js';

const fresh = () => randomBytes(24).toString('base64url');

/** An app whose routes are recorded as they are registered, logging every line to `lines`. */
function recordingApp() {
  const log = logCapture();
  const handle = {
    get lines() {
      return log.text;
    },
    routes: [] as RouteOptions[],
  } as {
    app: FastifyInstance;
    env: Env;
    lines: string;
    routes: RouteOptions[];
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'mchezo-secrets-'));
  let close = async () => {};
  beforeAll(async () => {
    const { env, database } = await prepareStart({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      SIMULATOR_DELAY_MS: '600000',
      RECONCILE_INTERVAL_SECONDS: '0',
      SIMULATOR_TEST_CONTROL: 'true',
    });
    const app = buildApp(env, { database, logger: undefined, logStream: log.stream });
    // Before ready: every module's routes are registered then, so each one passes through here.
    app.addHook('onRoute', (route) => {
      handle.routes.push(route);
    });
    await app.ready();
    Object.assign(handle, { app, env });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return handle;
}

/** A value a path parameter accepts: the enum's first option, the provider's name, else an id. */
function sampleParam(route: RouteOptions, name: string, provider: string): string {
  if (name === 'provider') return provider;
  const params = route.schema?.params;
  const field = params instanceof z.ZodObject ? params.shape[name] : undefined;
  if (field instanceof z.ZodEnum) return String(field.options[0]);
  return randomUUID();
}

describe('secrets in URLs never reach a log line or an answer', () => {
  const t = recordingApp();

  /** Each route that declares a secret, once per method and path (HEAD twins left out). */
  const secretRoutes = () =>
    t.routes.filter((r) => (r.config?.secretParams?.length ?? 0) > 0 && r.method !== 'HEAD');

  /** The URL of `route` with every declared secret set to `secret` (path segment or query key). */
  function urlFor(route: RouteOptions, secret: string): string {
    const declared = route.config?.secretParams ?? [];
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
      declared.includes(name) ? secret : sampleParam(route, name, t.app.ctx.payments.name),
    );
    const query = declared.filter((name) => !route.url.includes(`:${name}`));
    return query.length ? `${path}?${query.map((k) => `${k}=${secret}`).join('&')}` : path;
  }

  /** Where the secret could show in an answer: its body and its headers. */
  const answerText = (res: LightMyRequestResponse) => `${res.body}\n${JSON.stringify(res.headers)}`;

  it('finds the routes that carry a secret: the payment callbacks, C2B, the game launch, overrides', () => {
    const urls = secretRoutes().map((r) => r.url);
    for (const url of [
      '/api/v1/payments/callbacks/:provider/:secret/:kind',
      '/api/v1/payments/callbacks/:provider/:secret/:kind/:tx',
      '/api/v1/payments/c2b/:provider/:secret/:kind',
      '/api/v1/games/demo/play',
      '/api/v1/releases/manifest',
    ])
      expect(urls).toContain(url);
  });

  it('every route with a secret parameter, asked with the real secret, a wrong one and malformed URLs', async () => {
    const routes = secretRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(5);
    let requests = 0;
    for (const route of routes) {
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as 'GET' | 'POST';
      for (const secret of [t.env.PAYMENT_CALLBACK_SECRET, fresh()]) {
        const url = urlFor(route, secret);
        const [path, query] = url.split('?');
        const variants = [
          url,
          // No route: a 404 that names the URL.
          `${path}/extra${query ? `?${query}` : ''}`,
          // Bad percent-encoding and a segment over the length limit: Fastify quotes the path.
          `${path}%${query ? `?${query}` : ''}`,
          urlFor(route, `${secret}${'x'.repeat(210)}`),
        ];
        for (const variant of variants) {
          const before = t.lines.length;
          const res = await t.app.inject({
            method,
            url: variant,
            payload: method === 'POST' ? {} : undefined,
          });
          requests++;
          expect(res.statusCode, `${method} ${route.url}`).toBeLessThan(500);
          expect(answerText(res), `answer of ${method} ${route.url}`).not.toContain(secret);
          // The line is written when the answer is finished, which may be just after inject resolves.
          await expect.poll(() => t.lines.slice(before)).toContain('"msg":"request completed"');
          const written = t.lines.slice(before);
          expect(written, `log of ${method} ${route.url}`).not.toContain(secret);
          expect(written).toContain('[secret]');
        }
      }
    }
    expect(requests).toBe(routes.length * 8);
  });
});

describe('the Paybill (C2B) line of the request log', () => {
  const t = recordingApp();

  it('writes the route with [secret], never the callback secret (the same logger in every NODE_ENV)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/c2b/simulator/${t.env.PAYMENT_CALLBACK_SECRET}/confirmation`,
      payload: unknownAccountConfirmation(),
    });
    expect(res.statusCode).toBe(200);
    const line = t.lines
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'request completed' && l.req.url.includes('/payments/c2b/'));
    expect(line?.req.url).toBe('/api/v1/payments/c2b/simulator/[secret]/confirmation');
    expect(t.lines).not.toContain(t.env.PAYMENT_CALLBACK_SECRET);
  });
});

/** A C2B confirmation for an account nobody holds (it goes to suspense: a 200 all the same). */
function unknownAccountConfirmation() {
  return {
    TransactionType: 'Pay Bill',
    TransID: `TGS${Date.now().toString(36).slice(-7).toUpperCase()}`,
    TransTime: '20261201102115',
    TransAmount: '500.00',
    BusinessShortCode: '174379',
    BillRefNumber: '12345678',
    MSISDN: '254708374149',
    FirstName: 'John',
  };
}

describe('a route must declare the secrets it carries', () => {
  it('refuses to register a secret-looking path parameter or query key left undeclared', async () => {
    const app = Fastify({ logger: false });
    new UrlRedactor().watch(app);
    expect(() => app.post('/hooks/:secret/ping', async () => ({}))).toThrow(/secret.*config\.secretParams/);
    expect(() =>
      app.get('/things', { schema: { querystring: z.object({ ticket: z.string() }) } }, async () => ({})),
    ).toThrow(/ticket/);
    expect(() =>
      app.post('/hooks/:secret/ping', { config: { secretParams: ['secret'] } }, async () => ({})),
    ).not.toThrow();
    await app.close();
  });

  it('cuts a declared secret out of matched, unmatched, encoded and doubled-slash URLs', () => {
    const urls = new UrlRedactor();
    urls.add('/api/v1/payments/c2b/:provider/:secret/:kind', ['secret']);
    urls.add('/api/v1/releases/manifest', ['override'], ['override']);
    for (const [url, expected] of [
      [
        '/api/v1/payments/c2b/daraja/S3CRET/confirmation',
        '/api/v1/payments/c2b/daraja/[secret]/confirmation',
      ],
      ['/api/v1/payments/c2b/daraja/S3CRET/x/y?a=1', '/api/v1/payments/c2b/daraja/[secret]/x/y?a=1'],
      [
        '/api/v1/payments/%63%32b/daraja/S3CRET/validation',
        '/api/v1/payments/%63%32b/daraja/[secret]/validation',
      ],
      ['/api/v1//payments/c2b/daraja/S3CRET', '/api/v1//payments/c2b/daraja/[secret]'],
      ['/api/v1/releases/manifest?override=S3CRET&x=1', '/api/v1/releases/manifest?override=[secret]&x=1'],
      ['/api/v1/games/demo/play?launch=S3CRET', '/api/v1/games/demo/play?launch=[secret]'],
      ['/api/v1/wallet/balance', '/api/v1/wallet/balance'],
    ])
      expect(urls.redact(url as string)).toBe(expected);
  });
});
