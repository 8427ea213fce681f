import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigResponse } from '@mchezo/contracts/config';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../src/env.js';
import { DB_MODES, type Json, json, startApp, suiteApp } from '../../helpers.js';

describe.each(DB_MODES)('config and OpenAPI (%s)', (mode) => {
  const t = suiteApp(mode, { FEATURE_AFFILIATE_ENABLED: 'true', FEATURE_LIVE_CHAT: 'on' });

  // The fields of docs/product-rules.md#configuration.
  it('GET /config returns the public configuration under data, features from configuration', async () => {
    const res = await t.get('/config');
    expect(res.statusCode).toBe(200);
    const body = ConfigResponse.parse(json(res));
    expect(body.data.default_language).toBe('en');
    expect(body.data.default_currency).toBe('KES');
    expect(body.data.supported_languages.map((l) => l.code)).toEqual(['en', 'es', 'fr', 'sw']);
    expect(body.data.supported_currencies.map((c) => c.code)).toEqual(['KES', 'USD', 'EUR']);
    expect(body.data.features).toEqual({
      mobile_money_enabled: true,
      wallet_enabled: true,
      affiliate_enabled: true,
      multi_currency: false,
      live_chat: true,
      multi_language: true,
    });
    expect(body.data.otp_test_mode).toBe(true);
    expect(body.data.otp_test_code).toBe('123456');
    // Reports always go to the platform's own tunnel; without SENTRY_DSN the DSN names this site.
    expect(body.data.error_reporting).toEqual({
      dsn: expect.stringMatching(/^http:\/\/platform@[^/]+\/1$/),
      environment: 'test',
      tunnel: '/api/v1/errors/envelope',
    });
    expect(body.data.support_chat).toBeNull();
    expect(body.data.regulation).toEqual({
      regulator_name: 'Gambling Regulatory Authority of Kenya',
      licence_number: null,
      min_stake: 20,
    });
  });

  it('publishes the licence number, the regulator and the minimum stake from configuration', async () => {
    const configured = await startApp(mode, {
      LICENCE_NUMBER: ' GRA-0042 ',
      REGULATOR_NAME: 'Test Gaming Authority',
      MIN_STAKE_KES: '50',
    });
    try {
      const { data } = ConfigResponse.parse(json(await configured.get('/config')));
      expect(data.regulation).toEqual({
        regulator_name: 'Test Gaming Authority',
        licence_number: 'GRA-0042',
        min_stake: 50,
      });
    } finally {
      await configured.close();
    }
  });

  it('publishes the error-reporting DSN and the support-chat widget only when configured', async () => {
    const configured = await startApp(mode, {
      SENTRY_DSN: 'https://public123@errors.example.com/42',
      SUPPORT_CHAT_WIDGET_URL: 'https://chat.example.com/',
      SUPPORT_CHAT_WEBSITE_TOKEN: 'site-token-1',
      SUPPORT_EMAIL: 'care@operator.example',
      SUPPORT_PHONE: '+254711000111',
      SUPPORT_WHATSAPP: '+254722000222',
    });
    try {
      const { data } = ConfigResponse.parse(json(await configured.get('/config')));
      expect(data.support_contacts).toEqual({
        email: 'care@operator.example',
        phone: '+254711000111',
        whatsapp: '+254722000222',
      });
      expect(data.error_reporting).toEqual({
        dsn: 'https://public123@errors.example.com/42',
        environment: 'test',
        tunnel: '/api/v1/errors/envelope',
      });
      expect(data.support_chat).toEqual({
        widget_url: 'https://chat.example.com',
        website_token: 'site-token-1',
      });
    } finally {
      await configured.close();
    }
  });

  it('publishes an OpenAPI document covering every call', async () => {
    const res = await t.get('/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = json(res);
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/v1/auth/login',
      '/api/v1/auth/register',
      '/api/v1/auth/logout',
      '/api/v1/auth/refresh',
      '/api/v1/auth/verify/request',
      '/api/v1/auth/verify/confirm',
      '/api/v1/auth/password/reset/request',
      '/api/v1/auth/password/reset/confirm',
      '/api/v1/auth/chat-token',
      '/api/v1/casino/games',
      '/api/v1/casino/game/link',
      '/api/v1/wallet/balance',
      '/api/v1/wallet/deposit',
      '/api/v1/wallet/withdraw',
      '/api/v1/wallet/transactions',
      '/api/v1/config',
    ]) {
      expect(paths).toContain(p);
    }
    const login = doc.paths['/api/v1/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'password',
      'phone',
    ]);
    expect(login.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'needs_verification',
    );
    const tx = doc.paths['/api/v1/wallet/transactions'].get.parameters.map((p: Json) => p.name).sort();
    expect(tx).toEqual(['page_size', 'page_token', 'type']);
  });

  it('unknown API paths answer a JSON 404', async () => {
    const res = await t.get('/nope');
    expect(res.statusCode).toBe(404);
    expect(typeof json(res).error).toBe('string');
  });
});

describe('environment', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'mchezo-env-')) });
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      OTP_MODE: 'test',
      OTP_TEST_CODE: '123456',
      PAYMENT_PROVIDER: 'simulator',
      SMS_PROVIDER: 'console',
      FEATURE_WALLET_ENABLED: true,
      FEATURE_AFFILIATE_ENABLED: false,
      PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
      MIN_STAKE_KES: 20,
      REGULATOR_NAME: 'Gambling Regulatory Authority of Kenya',
    });
    expect(env.LICENCE_NUMBER).toBeUndefined();
    expect(env.SQLITE_PATH.endsWith('mchezo.sqlite')).toBe(true);
  });

  it('refuses invalid values with a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mchezo-env-'));
    expect(() => loadEnv({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: dir, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ DATA_DIR: dir, OTP_MODE: 'sometimes' })).toThrow(/OTP_MODE/);
    expect(() => loadEnv({ DATA_DIR: dir, SUPPORT_PHONE: '0700 000 000' })).toThrow(/SUPPORT_PHONE/);
    expect(() => loadEnv({ DATA_DIR: dir, SUPPORT_EMAIL: 'care' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadEnv({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    for (const bad of ['0', '-5', '12.5', 'twenty'])
      expect(() => loadEnv({ DATA_DIR: dir, MIN_STAKE_KES: bad })).toThrow(/MIN_STAKE_KES/);
    expect(() => loadEnv({ DATA_DIR: dir, FEATURE_WALLET_ENABLED: 'maybe' })).toThrow(
      /FEATURE_WALLET_ENABLED/,
    );
  });

  it('takes access tokens shorter than 30 s only under NODE_ENV=test (decision 034)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mchezo-env-'));
    for (const NODE_ENV of ['development', undefined]) {
      expect(() => loadEnv({ DATA_DIR: dir, NODE_ENV, ACCESS_TOKEN_TTL_SECONDS: '4' })).toThrow(
        /ACCESS_TOKEN_TTL_SECONDS: must be at least 30/,
      );
      expect(loadEnv({ DATA_DIR: dir, NODE_ENV, ACCESS_TOKEN_TTL_SECONDS: '30' })).toMatchObject({
        ACCESS_TOKEN_TTL_SECONDS: 30,
      });
    }
    expect(loadEnv({ DATA_DIR: dir, NODE_ENV: 'test', ACCESS_TOKEN_TTL_SECONDS: '4' })).toMatchObject({
      ACCESS_TOKEN_TTL_SECONDS: 4,
    });
    expect(() => loadEnv({ DATA_DIR: dir, NODE_ENV: 'test', ACCESS_TOKEN_TTL_SECONDS: '1' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS/,
    );
  });

  it('refuses the test-only switches outside NODE_ENV=test (the simulator control also in development)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mchezo-env-'));
    // NODE_ENV defaults to development.
    for (const NODE_ENV of ['development', undefined]) {
      expect(loadEnv({ DATA_DIR: dir, NODE_ENV, SIMULATOR_TEST_CONTROL: 'true' })).toMatchObject({
        SIMULATOR_TEST_CONTROL: true,
      });
    }
    expect(() => loadEnv({ DATA_DIR: dir, NODE_ENV: 'production', SIMULATOR_TEST_CONTROL: 'true' })).toThrow(
      /SIMULATOR_TEST_CONTROL: is for development and tests only/,
    );
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => loadEnv({ DATA_DIR: dir, NODE_ENV, DEMO_GAME_SEED: '25' })).toThrow(
        /DEMO_GAME_SEED: is for tests only/,
      );
      expect(
        loadEnv({ DATA_DIR: dir, NODE_ENV, SIMULATOR_TEST_CONTROL: 'false', DEMO_GAME_SEED: '' }),
      ).toMatchObject({ SIMULATOR_TEST_CONTROL: false, DEMO_GAME_SEED: undefined });
    }
    expect(
      loadEnv({ DATA_DIR: dir, NODE_ENV: 'test', SIMULATOR_TEST_CONTROL: 'true', DEMO_GAME_SEED: '25' }),
    ).toMatchObject({ SIMULATOR_TEST_CONTROL: true, DEMO_GAME_SEED: 25 });
    expect(() =>
      loadEnv({
        DATA_DIR: dir,
        NODE_ENV: 'test',
        SIMULATOR_TEST_CONTROL: 'true',
        PAYMENT_PROVIDER: 'daraja',
      }),
    ).toThrow(/SIMULATOR_TEST_CONTROL: needs PAYMENT_PROVIDER=simulator/);
    expect(() => loadEnv({ DATA_DIR: dir, NODE_ENV: 'test', DEMO_GAME_SEED: 'lucky' })).toThrow(
      /DEMO_GAME_SEED/,
    );
  });
});
