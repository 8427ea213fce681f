import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { ReleaseHealthResponse } from '@mchezo/contracts/release-health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, cookieHeader, genuineLoads, visit } from '../../browsers.js';
import { DB_MODES, freshPhone, type Json, json, type Player, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from '../releases/fixtures.js';
import { managerChange } from './kit.js';

/** A Sentry envelope as the browser SDK sends it: a header line, then an item header and its payload per item. */
function envelope(events: Json[], { withLength = false } = {}): string {
  const lines = [
    JSON.stringify({ event_id: 'e1', sent_at: new Date().toISOString(), dsn: 'http://platform@x/1' }),
  ];
  for (const event of events) {
    const payload = JSON.stringify(event);
    lines.push(
      JSON.stringify(withLength ? { type: 'event', length: Buffer.byteLength(payload) } : { type: 'event' }),
      payload,
    );
  }
  lines.push(JSON.stringify({ type: 'client_report' }), JSON.stringify({ discarded_events: [] }));
  return `${lines.join('\n')}\n`;
}

const renderError = (remote: string, version: string, extra: Json = {}): Json => ({
  event_id: 'abc',
  level: 'error',
  exception: { values: [{ type: 'Error', value: 'Deliberate render failure' }] },
  tags: { remote, version, phase: 'render', expose: 'HomePage' },
  ...extra,
});

/** A stand-in for a real Sentry: records the envelopes forwarded to it. */
async function fakeSentry() {
  const received: { url: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    dsn: `http://forwardkey@127.0.0.1:${port}/42`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DB_MODES)('release health (%s)', (mode) => {
  let t: TestApp;
  let cdn: string;
  let rm: Player;
  let player: Player;
  /** A player's browser on the site: it holds the page's load ticket. */
  let browser: Browser;
  let sentry: Awaited<ReturnType<typeof fakeSentry>>;
  const rmPhone = freshPhone();

  beforeAll(async () => {
    cdn = makeCdn();
    sentry = await fakeSentry();
    t = await startApp(mode, {
      SITE_DIR: cdn,
      RELEASE_MANAGER_PHONES: rmPhone,
      SENTRY_DSN: sentry.dsn,
    });
    rm = await asStaff(t, await t.signedInPlayer(rmPhone));
    player = await t.signedInPlayer();
    for (const version of ['1.0.0-live', '1.1.0-canary']) {
      const integrity = await makeVersion(cdn, 'lobby', version);
      const res = await t.post(
        '/releases/remotes/lobby/versions',
        { version, integrity, reason: 'test' },
        rm.headers,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const change = managerChange(t, rm);
    await change('/remotes/lobby/activate', { version: '1.0.0-live' });
    await change('/remotes/lobby/canary', { version: '1.1.0-canary', percent: 10 });
    browser = await visit(t.app, undefined, '/');
  });
  afterAll(async () => {
    await t.close();
    await sentry.close();
    rmSync(cdn, { recursive: true, force: true });
  });

  const ingest = (body: string, contentType = 'text/plain;charset=UTF-8', from = browser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/errors/envelope',
      payload: body,
      remoteAddress: from.ip,
      headers: { 'content-type': contentType, cookie: cookieHeader(from) },
    });
  const events = async (query: string) =>
    json(await t.get(`/errors/events?${query}`, rm.headers)).events as Json[];
  const health = async (minutes?: number) =>
    ReleaseHealthResponse.parse(
      json(await t.get(`/releases/health${minutes ? `?minutes=${minutes}` : ''}`, rm.headers)),
    );
  const beacon = (loads: Json) => t.post('/releases/health/loads', { loads });

  it('stores an envelope event with its remote, version and phase; the phone kept, secrets scrubbed', async () => {
    const res = await ingest(
      envelope([
        renderError('lobby', '1.1.0-canary', {
          user: { id: 'u-1', phone: '+254712345678' },
          extra: { password: 'hunter2', note: 'Bearer abc.def.ghi' },
          breadcrumbs: [{ message: 'GET /api/v1/x?token=s3cret' }],
        }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ stored: 1 });
    const [stored] = await events('remote=lobby&version=1.1.0-canary');
    expect(stored).toMatchObject({
      remote: 'lobby',
      version: '1.1.0-canary',
      phase: 'render',
      message: 'Error: Deliberate render failure',
      counted: true,
    });
    const text = JSON.stringify(stored);
    expect(text).toContain('+254712345678');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain('s3cret');
  });

  it('forwards the scrubbed event to the configured Sentry, and only there', async () => {
    await expect.poll(() => sentry.received.length).toBeGreaterThan(0);
    const { url, body } = sentry.received[0]!;
    expect(url).toBe('/api/42/envelope/?sentry_key=forwardkey&sentry_version=7');
    expect(body.split('\n')[0]).toContain(sentry.dsn);
    expect(body).toContain('Deliberate render failure');
    expect(body).not.toContain('hunter2');
  });

  it('reads items with a length, and the envelope content type', async () => {
    const res = await ingest(
      envelope([renderError('lobby', '1.0.0-live')], { withLength: true }),
      'application/x-sentry-envelope',
    );
    expect(json(res)).toEqual({ stored: 1 });
  });

  it('refuses what is not an envelope with 400, and an oversized one with 413; nothing stored', async () => {
    const before = (await events('limit=100')).length;
    for (const body of [
      'not json',
      '{"dsn":"x"}\nnot a header\n{}',
      '{}\n{"type":"event","length":999}\n{}',
    ]) {
      const res = await ingest(body);
      expect(res.statusCode, body).toBe(400);
      expect(json(res).code).toBe('INVALID_ENVELOPE');
    }
    const huge = await ingest(
      envelope([renderError('lobby', '1.0.0-live', { extra: { pad: 'x'.repeat(300_000) } })]),
    );
    expect(huge.statusCode).toBe(413);
    expect((await events('limit=100')).length).toBe(before);
  });

  it("counts each browser's ticketed loads per version and minute; bad beacons are refused with 400", async () => {
    await genuineLoads(t.app, 'lobby', '1.0.0-live', 20);
    await genuineLoads(t.app, 'lobby', '1.1.0-canary', 3, 1);
    for (const bad of [
      [{ remote: 'casino', version: '1.0.0-live', ok: 1, failed: 0 }],
      [{ remote: 'lobby', version: '../etc', ok: 1, failed: 0 }],
      [{ remote: 'lobby', version: '1.0.0-live', ok: -1, failed: 0 }],
      [{ remote: 'lobby', version: '1.0.0-live', ok: 1.5, failed: 0 }],
      [{ remote: 'lobby', version: '1.0.0-live', ok: 1, failed: 0, extra: 1 }],
      [],
    ]) {
      const res = await beacon(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json(res).error).toBeTruthy();
    }
    const figures = await health();
    const noVitals = {
      lcp: { p75: null, samples: 0 },
      inp: { p75: null, samples: 0 },
      cls: { p75: null, samples: 0 },
    };
    expect(figures.versions.filter((v) => v.remote === 'lobby')).toEqual([
      {
        remote: 'lobby',
        version: '1.0.0-live',
        role: 'active',
        loads: 20,
        failures: 0,
        render_errors: 1,
        errors: 1,
        clients: 20,
        error_rate: 0.05,
        vitals: noVitals,
      },
      {
        remote: 'lobby',
        version: '1.1.0-canary',
        role: 'canary',
        loads: 3,
        failures: 1,
        render_errors: 1,
        errors: 1,
        clients: 4,
        error_rate: 0.5,
        vitals: noVitals,
      },
    ]);
    expect(figures.uncounted).toEqual([]);
  });

  it('stores at most ERROR_EVENTS_PER_CLIENT_PER_MINUTE reports a browser a minute', async () => {
    t.clock.advance(2 * 60_000); // a minute of its own
    const results: number[] = [];
    for (let i = 0; i < 12; i++)
      results.push(json(await ingest(envelope([renderError('auth', '2.0.0')]))).stored);
    expect(results).toEqual([...Array(10).fill(1), 0, 0]);
    // The next minute, the browser is heard again.
    t.clock.advance(61_000);
    expect(json(await ingest(envelope([renderError('auth', '2.0.0')]))).stored).toBe(1);
  });

  it('shows the figures and the events to release managers only', async () => {
    for (const path of ['/releases/health', '/errors/events']) {
      expect((await t.get(path)).statusCode).toBe(401);
      expect((await t.get(path, player.headers)).statusCode).toBe(403);
    }
    expect((await t.get('/releases/health?minutes=0', rm.headers)).statusCode).toBe(400);
  });

  it('counts only the window asked for', async () => {
    t.clock.advance(2 * 60 * 60_000);
    // The manager's staff session stands (idle less than STAFF_SESSION_IDLE_SECONDS).
    const lobby = (await health(60)).versions.filter((v) => v.remote === 'lobby');
    expect(lobby.map((v) => [v.version, v.loads, v.errors, v.error_rate])).toEqual([
      ['1.0.0-live', 0, 0, null],
      ['1.1.0-canary', 0, 0, null],
    ]);
    expect((await health(24 * 60)).versions.find((v) => v.version === '1.0.0-live')?.loads).toBe(20);
  });
});
