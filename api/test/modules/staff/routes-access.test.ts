/**
 * Every staff route is a two-factor staff route (docs/decisions/052): this walks EVERY
 * route registered with a staff guard (`requireStaff`, or a wrapper marked with markStaffGuard),
 * whatever module added it, and checks it refuses no token (401), a player's token (403) and
 * the password-only token of a person holding every staff role (403 SECOND_FACTOR_REQUIRED), and
 * that no route under /staff/ but sign-in and enrolment goes without a staff guard.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../../src/app.js';
import { isStaffGuard } from '../../../src/modules/staff/staff.service.js';
import { prepareStart } from '../../../src/startup.js';
import { bearer, freshPhone, json } from '../../helpers.js';

/** The staff routes a person reaches before they hold a staff session. */
const OPEN_STAFF_ROUTES = [
  'POST /api/v1/staff/totp/enrol',
  'POST /api/v1/staff/totp/confirm',
  'POST /api/v1/staff/sign-in',
];

const hooksOf = (route: RouteOptions) =>
  [route.onRequest, route.preValidation, route.preHandler].flat().filter((h) => h !== undefined);

/** A value a path parameter accepts: the enum's first option, else an id. */
function sampleParam(route: RouteOptions, name: string): string {
  const params = route.schema?.params;
  const field = params instanceof z.ZodObject ? params.shape[name] : undefined;
  if (field instanceof z.ZodEnum) return String(field.options[0]);
  return randomUUID();
}

describe('every staff route takes a two-factor staff session', () => {
  const routes: RouteOptions[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'mchezo-staff-routes-'));
  let app: FastifyInstance;
  let close = async () => {};
  let player: Record<string, string>;
  let passwordOnly: Record<string, string>;

  /** A verified account signed in with its password: its access token's headers. */
  async function signedIn(roles?: string): Promise<Record<string, string>> {
    const phone = freshPhone();
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
    await post('/auth/register', { phone, password: 'correct-horse' });
    await post('/auth/verify/request', { phone });
    await post('/auth/verify/confirm', { phone, code: '123456' });
    if (roles)
      await app.ctx.database.db.updateTable('users').set({ roles }).where('phone', '=', phone).execute();
    const login = await post('/auth/login', { phone, password: 'correct-horse' });
    expect(login.statusCode, login.body).toBe(200);
    return bearer(json(login).access_token);
  }

  beforeAll(async () => {
    const { env, database } = await prepareStart({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      SIMULATOR_DELAY_MS: '600000',
      RECONCILE_INTERVAL_SECONDS: '0',
      RATE_LIMIT_PER_IP: '100000',
      SIMULATOR_TEST_CONTROL: 'true',
    });
    app = buildApp(env, { database, logger: false });
    // Before ready: every module's routes are registered then, so each one passes through here.
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
    player = await signedIn();
    passwordOnly = await signedIn('user,support,finance,compliance,release_manager,admin');
  });
  afterAll(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const staffRoutes = () => routes.filter((r) => hooksOf(r).some(isStaffGuard));

  it('finds the staff routes of every module', () => {
    const urls = staffRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/v1/staff/me',
      'POST /api/v1/staff/people/:user_id/enrolment',
      'GET /api/v1/releases/remotes',
      'POST /api/v1/releases/remotes/:remote/versions',
      'PUT /api/v1/releases/remotes/:remote/versions/:version',
      'GET /api/v1/releases/health',
      'GET /api/v1/finance/review',
      'GET /api/v1/aml/alerts',
      'GET /api/v1/regulator-feed/status',
      'GET /api/v1/health/reconciliation',
    ])
      expect(urls).toContain(expected);
  });

  it('no route under /staff/ goes without a staff guard but sign-in and enrolment', () => {
    const unguarded = routes
      .filter((r) => r.url.startsWith('/api/v1/staff/') && !hooksOf(r).some(isStaffGuard))
      .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`))
      .filter((r) => !r.startsWith('HEAD '));
    expect(unguarded.sort()).toEqual([...OPEN_STAFF_ROUTES].sort());
  });

  it('refuses no token (401), a player (403) and a password-only staff token (403 SECOND_FACTOR_REQUIRED)', async () => {
    const checked: string[] = [];
    /** Each refusal that went otherwise (a guard run after validation answers 400 first: use onRequest). */
    const wrong: string[] = [];
    for (const route of staffRoutes()) {
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => sampleParam(route, name));
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const call = (headers: Record<string, string>) =>
          app.inject({ method: method as 'GET', url, headers, ...(method === 'GET' ? {} : { payload: {} }) });
        const what = `${method} ${route.url}`;
        const none = await call({});
        if (none.statusCode !== 401) wrong.push(`${what} without a token: ${none.statusCode}`);
        const asPlayer = await call(player);
        if (asPlayer.statusCode !== 403) wrong.push(`${what} as a player: ${asPlayer.statusCode}`);
        const res = await call(passwordOnly);
        if (res.statusCode !== 403 || json(res).code !== 'SECOND_FACTOR_REQUIRED')
          wrong.push(`${what} with a password-only staff token: ${res.statusCode} ${json(res).code}`);
        checked.push(what);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThan(40);
  });
});
