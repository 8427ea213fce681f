/**
 * Prometheus metrics (docs/decisions/044-metrics.md): `GET /metrics` only with the
 * operators' token (404 without one configured, 401 with a wrong one, never logged), in the text
 * format, with requests labelled by route template, the money moved by kind, the reconciliation
 * queue, the regulator feed's backlog and the open money-laundering alerts by rule, read at the
 * scrape; a source that does not answer in time is marked down instead of holding the scrape.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/env.js';
import { MetricsService } from '../../../src/modules/metrics/metrics.service.js';
import { startFeedReceiver } from '../../../src/modules/regulator-feed/receiver-simulator.js';
import { WalletService } from '../../../src/modules/wallet/wallet.service.js';
import { productionProblems } from '../../../src/startup.js';
import { amlKit, THRESHOLD } from '../../aml-kit.js';
import { DB_MODES, logCapture, startApp, suiteApp } from '../../helpers.js';

const TOKEN = randomBytes(32).toString('base64url');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text exposition format, line by line: fails on any line it cannot read. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key as string] = value as string;
    // Go's ParseFloat, which Prometheus reads values with, takes NaN in any case (prom-client writes `Nan`).
    const value = /^nan$/i.test(m[3] as string) ? Number.NaN : Number(m[3]);
    if (Number.isNaN(value) && !/^nan$/i.test(m[3] as string)) throw new Error(`not a value: ${line}`);
    samples.push({ name: m[1] as string, labels, value });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when none. */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]?.value;
}

// Both databases: SQL: money moved by kind and queue sizes, summed by the database at the scrape.
describe.each(DB_MODES)('metrics without a token configured (%s)', (mode) => {
  const t = suiteApp(mode);

  it('GET /metrics answers 404, with or without a bearer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer x' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe.each(DB_MODES)('metrics (%s)', (mode) => {
  const log = logCapture();
  const t = suiteApp(
    mode,
    { METRICS_TOKEN: TOKEN, AML_SCAN_INTERVAL_MS: '0', LOG_LEVEL: 'info' },
    { logger: undefined, logStream: log.stream },
  );
  const { money, scan } = amlKit(t);
  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, samples: parseExposition(res.body) };
  };

  it('401 without the token or with a wrong one (same length or not); the token is never logged', async () => {
    const wrong = [undefined, 'Bearer nope', `Bearer ${TOKEN.slice(0, -1)}x`, `Basic ${TOKEN}`, TOKEN];
    for (const authorization of wrong) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('METRICS_TOKEN_REQUIRED');
    }
    await scrape();
    expect(log.text).toContain('"url":"/metrics"');
    expect(log.text).not.toContain(TOKEN);
    expect(log.text).not.toContain(TOKEN.slice(0, 20));
  });

  it('after a deposit, a bet, a pending deposit, an alert and undelivered feed events: their figures', async () => {
    const p = await t.signedInPlayer();
    await t.depositFor(p, 100);
    const player_id = await t.playerRef(p);
    const bet = await t.seamless('bet', {
      player_id,
      round_id: 'metrics-r1',
      game_id: 'lucky-sevens',
      currency: 'KES',
      transaction_id: 'metrics-b1',
      amount: 20,
    });
    expect(bet.statusCode, bet.body).toBe(200);
    // Waits for the provider (its callback is held until settlePayments): the reconciliation queue.
    expect((await t.walletRequest('deposit', p, 50)).statusCode).toBe(200);
    // A deposit at the reporting threshold, booked days ago (outside the money window): one alert.
    await money(p.userId, 'deposit', THRESHOLD, t.clock.now() - 5 * 86_400_000);
    await scan();

    const { samples } = await scrape();
    expect(sampleValue(samples, 'mchezo_ledger_entries', { kind: 'deposit', pot: 'main' })).toBe(1);
    expect(sampleValue(samples, 'mchezo_ledger_amount_cents', { kind: 'deposit', pot: 'main' })).toBe(10_000);
    expect(sampleValue(samples, 'mchezo_ledger_entries', { kind: 'bet', pot: 'main' })).toBe(1);
    expect(sampleValue(samples, 'mchezo_ledger_amount_cents', { kind: 'bet', pot: 'main' })).toBe(-2_000);

    expect(sampleValue(samples, 'mchezo_reconciliation_pending')).toBe(1);
    expect(sampleValue(samples, 'mchezo_reconciliation_review')).toBe(0);
    expect(sampleValue(samples, 'mchezo_reconciliation_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(
      0,
    );

    expect(sampleValue(samples, 'mchezo_aml_open_alerts', { rule: 'large_transaction' })).toBe(1);
    expect(sampleValue(samples, 'mchezo_aml_open_alerts', { rule: 'structuring' })).toBe(0);

    const undelivered = await t.app.ctx.database.db
      .selectFrom('regulator_feed_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('delivered_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(undelivered.n)).toBeGreaterThanOrEqual(3);
    expect(sampleValue(samples, 'mchezo_regulator_feed_backlog')).toBe(Number(undelivered.n));
    expect(sampleValue(samples, 'mchezo_regulator_feed_enabled')).toBe(0);
    // The threshold deposit, five days old, is the oldest undelivered event.
    expect(
      sampleValue(samples, 'mchezo_regulator_feed_oldest_undelivered_age_seconds'),
    ).toBeGreaterThanOrEqual(5 * 86_400);
    // Never delivered (no receiver in tests): 0.
    expect(sampleValue(samples, 'mchezo_regulator_feed_last_delivered_timestamp_seconds')).toBe(0);

    for (const source of ['ledger', 'reconciliation', 'regulator_feed', 'aml'])
      expect(sampleValue(samples, 'mchezo_metrics_source_up', { source })).toBe(1);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('requests are labelled by route template and status class, never the raw URL', async () => {
    const id = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    for (let i = 0; i < 2; i++) expect((await t.get(`/aml/cases/${id}`)).statusCode).toBe(401);
    expect((await t.get(`/no-such-route/${id}`)).statusCode).toBe(404);
    expect((await t.get('/health')).statusCode).toBe(200);
    const { text, samples } = await scrape();
    expect(text).not.toContain(id);
    expect(
      sampleValue(samples, 'mchezo_http_requests_total', {
        method: 'GET',
        route: '/api/v1/aml/cases/:id',
        status_class: '4xx',
      }),
    ).toBe(2);
    expect(
      sampleValue(samples, 'mchezo_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/aml/cases/:id',
        status_class: '4xx',
      }),
    ).toBe(2);
    expect(
      sampleValue(samples, 'mchezo_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(samples, 'mchezo_http_requests_total', {
        method: 'GET',
        route: '/api/v1/health',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('a source that does not answer in time is marked down; the others and the scrape go on', async () => {
    const metrics = new MetricsService(
      t.app.ctx,
      {
        feed: t.app.regulatorFeed,
        aml: { openAlertsByRule: () => new Promise(() => {}) },
        wallet: new WalletService(t.app.ctx, t.env),
      },
      t.env,
    );
    const started = Date.now();
    const samples = parseExposition(await metrics.scrape());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sampleValue(samples, 'mchezo_metrics_source_up', { source: 'aml' })).toBe(0);
    expect(sampleValue(samples, 'mchezo_aml_open_alerts', { rule: 'large_transaction' })).toBeUndefined();
    expect(sampleValue(samples, 'mchezo_metrics_source_up', { source: 'regulator_feed' })).toBe(1);
  });
});

describe.each(DB_MODES)('metrics of the feed delivery (%s)', (mode) => {
  const SECRET = 'metrics-feed-secret-0123456789abcdef';
  let close = async () => {};
  afterAll(() => close());

  it('after a delivery: backlog 0, the last delivery, and each event age in the histogram', async () => {
    const receiver = await startFeedReceiver(SECRET);
    const t = await startApp(mode, {
      METRICS_TOKEN: TOKEN,
      REGULATOR_FEED_URL: receiver.url,
      REGULATOR_FEED_SECRET: SECRET,
      REGULATOR_FEED_INTERVAL_MS: '0',
    });
    close = async () => {
      await t.close();
      await receiver.close();
    };
    const p = await t.signedInPlayer();
    await t.depositFor(p, 100);
    await t.depositFor(p, 200);
    t.clock.advance(20_000);
    const round = await t.app.regulatorFeed.job.runOnce();
    const delivered = round.leader ? round.result.delivered : 0;
    expect(delivered).toBe(2);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const samples = parseExposition(res.body);
    expect(sampleValue(samples, 'mchezo_regulator_feed_enabled')).toBe(1);
    expect(sampleValue(samples, 'mchezo_regulator_feed_backlog')).toBe(0);
    expect(sampleValue(samples, 'mchezo_regulator_feed_oldest_undelivered_age_seconds')).toBe(0);
    expect(sampleValue(samples, 'mchezo_regulator_feed_last_delivered_timestamp_seconds')).toBe(
      t.clock.now() / 1000,
    );
    expect(sampleValue(samples, 'mchezo_regulator_feed_last_attempt_success')).toBe(1);
    expect(sampleValue(samples, 'mchezo_regulator_feed_consecutive_failures')).toBe(0);
    expect(sampleValue(samples, 'mchezo_regulator_feed_parked')).toBe(0);
    const age = 'mchezo_regulator_feed_delivery_age_seconds';
    expect(sampleValue(samples, `${age}_count`)).toBe(2);
    expect(sampleValue(samples, `${age}_bucket`, { le: '10' })).toBe(0);
    expect(sampleValue(samples, `${age}_bucket`, { le: '30' })).toBe(2);
  });
});

describe('METRICS_TOKEN in production', () => {
  const production = (token: string) =>
    productionProblems(
      loadEnv({
        NODE_ENV: 'production',
        DATA_DIR: join(tmpdir(), 'mchezo-metrics-env'),
        PUBLIC_BASE_URL: 'https://mchezo.example',
        OTP_MODE: 'live',
        METRICS_TOKEN: token,
      }),
    ).filter((line) => line.includes('METRICS_TOKEN'));

  it('refuses a token shorter than 32 characters, and names the variable, never the value', () => {
    const short = randomBytes(32).toString('base64url').slice(0, 31);
    const problems = production(short);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('at least 32 characters');
    expect(problems[0]).not.toContain(short);
    expect(production(TOKEN)).toEqual([]);
  });
});
