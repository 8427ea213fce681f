/**
 * Release health counts only what a page the platform served reports
 * (docs/decisions/031-release-health-tickets.md): the page and the manifest set a signed load
 * ticket naming the versions that page view may load, bound to the browser's client id; a beacon
 * or error report counts only with a valid, unexpired ticket for its version from that browser,
 * once per ticket. Everything else is kept apart under its reason, visible, never counted.
 */
import { describe, expect, it } from 'vitest';
import { proofHolds } from '../../../src/modules/release-health/load-proof.js';
import {
  type Browser,
  beacon,
  cookieHeader,
  envelopeOf,
  freshIp,
  mint,
  proveLoad,
  renderErrorEvent,
  report,
  visit,
} from '../../browsers.js';
import { DB_MODES, json, startApp } from '../../helpers.js';
import { CANARY, healthKit, LIVE, OTHER } from './kit.js';

const load = (version: string, ok = 1, failed = 0) => [{ remote: 'lobby', version, ok, failed }];
const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat() as string[];

describe.each(DB_MODES)('release health tickets (%s)', (mode) => {
  const k = healthKit(mode);
  const fresh = (): Browser => ({ ip: freshIp(), jar: new Map() });

  it("sets the browser's client id and a load ticket with the page and the manifest; the page is the same for everyone", async () => {
    const a = fresh();
    const b = fresh();
    const pageA = await k.t.app.inject({ url: '/', remoteAddress: a.ip });
    const pageB = await k.t.app.inject({ url: '/', remoteAddress: b.ip });
    expect(pageA.body).toBe(pageB.body);
    const [client, ticket] = setCookies(pageA);
    expect(client).toMatch(
      /^mchezo_client=[\w-]+:[0-9a-z]+\.[\w-]+; Path=\/; Max-Age=604800; SameSite=Lax; HttpOnly$/,
    );
    expect(ticket).toMatch(
      /^mchezo_load_ticket=[\w-]+\.[\w-]+; Path=\/api\/v1\/; Max-Age=3600; SameSite=Strict; HttpOnly$/,
    );
    // A browser that has its client id gets a new ticket only, from the manifest too.
    await visit(k.t.app, a, '/');
    const manifest = await k.t.app.inject({
      url: '/api/v1/releases/manifest',
      remoteAddress: a.ip,
      headers: { cookie: cookieHeader(a) },
    });
    expect(setCookies(manifest)).toEqual([expect.stringMatching(/^mchezo_load_ticket=/)]);
    expect(manifest.headers['cache-control']).toBe('private, max-age=10');
  });

  it('counts a genuine load, and keeps anonymous, forged, stolen, replayed, other-version and expired ones apart', async () => {
    k.t.clock.advance(60 * 60_000);
    const genuine = await visit(k.t.app);
    expect((await beacon(k.t.app, genuine, load(LIVE))).statusCode).toBe(204);
    // Anonymous: no ticket at all.
    await beacon(k.t.app, null, load(CANARY, 0, 1000));
    // Forged: a ticket naming whatever version, with a made-up signature.
    const forged = await visit(k.t.app);
    const payload = Buffer.from(
      JSON.stringify({ id: 'x', client: 'y', exp: Date.now() * 2, versions: { lobby: [CANARY] } }),
    ).toString('base64url');
    forged.jar.set('mchezo_load_ticket', `${payload}.${'A'.repeat(43)}`);
    await beacon(k.t.app, forged, load(CANARY, 0, 1000));
    // Stolen: the genuine browser's ticket, sent from another browser.
    const thief = await visit(k.t.app);
    thief.jar.set('mchezo_load_ticket', genuine.jar.get('mchezo_load_ticket') as string);
    await beacon(k.t.app, thief, load(LIVE, 0, 1000));
    // Replayed: the genuine browser's ticket again, for the version it already counted.
    await beacon(k.t.app, genuine, load(LIVE, 1000));
    // Another version: one the ticket does not name (published, but not live).
    await beacon(k.t.app, await visit(k.t.app), load(OTHER, 0, 1000));
    // Expired: a ticket used after its hour.
    const late = await visit(k.t.app);
    k.t.clock.advance(3600_000);
    await beacon(k.t.app, late, load(CANARY, 0, 1000));

    const window = await k.health(2 * 60);
    const lobby = window.versions.filter((v) => v.remote === 'lobby');
    expect(lobby.map((v) => [v.version, v.loads, v.failures, v.clients])).toEqual([
      [LIVE, 1, 0, 1],
      [CANARY, 0, 0, 0],
    ]);
    expect(window.uncounted.filter((u) => u.remote === 'lobby')).toEqual(
      [
        ['client_mismatch', 0, 1000],
        ['expired', 0, 1000],
        ['invalid_ticket', 0, 1000],
        ['no_ticket', 0, 1000],
        ['replayed', 1000, 0],
        ['version_not_in_ticket', 0, 1000],
      ].map(([reason, loads, failures]) => ({ remote: 'lobby', reason, loads, failures, render_errors: 0 })),
    );
  });

  it('a ticket counts one load and one failed load of a version; a browser weighs at most 3 a minute', async () => {
    k.t.clock.advance(3 * 60 * 60_000);
    const browser = await visit(k.t.app);
    await beacon(k.t.app, browser, load(CANARY, 1000, 1000));
    expect(await k.lobby(CANARY)).toMatchObject({ loads: 1, failures: 1, clients: 1 });
    // A failed try, then the retry in a later beacon: each counts once.
    const retry = await visit(k.t.app, browser);
    await beacon(k.t.app, retry, load(CANARY, 0, 1));
    await beacon(k.t.app, retry, load(CANARY, 1, 0));
    await beacon(k.t.app, retry, load(CANARY, 1, 1));
    expect(await k.lobby(CANARY)).toMatchObject({ loads: 2, failures: 2, clients: 1 });
    // Page after page from one browser: a new ticket each time, still at most 3 a minute.
    for (let i = 0; i < 10; i++) await beacon(k.t.app, await visit(k.t.app, browser), load(CANARY, 1, 1));
    expect(await k.lobby(CANARY)).toMatchObject({ loads: 3, failures: 3, clients: 1 });
    k.t.clock.advance(60_000);
    await beacon(k.t.app, await visit(k.t.app, browser), load(CANARY, 1));
    expect(await k.lobby(CANARY)).toMatchObject({ loads: 4, failures: 3, clients: 1 });
  });

  it('mints at most LOAD_CLIENTS_PER_IP_PER_MINUTE new browsers per address a minute; known browsers still get tickets', async () => {
    k.t.clock.advance(60 * 60_000);
    const ip = freshIp();
    const known = await visit(k.t.app, { ip, jar: new Map() });
    const minted: number[] = [];
    for (let i = 1; i < 23; i++) {
      const res = await k.t.app.inject({ url: '/api/v1/releases/manifest', remoteAddress: ip });
      minted.push(setCookies(res).length);
      // Past the limit, no cookie: the answer is the same for everyone again.
      expect(res.headers['cache-control']).toBe(i < 20 ? 'private, max-age=10' : 'public, max-age=10');
    }
    expect(minted).toEqual([...Array(19).fill(2), 0, 0, 0]);
    const page = await k.t.app.inject({ url: '/', remoteAddress: ip });
    expect(page.statusCode).toBe(200);
    expect(setCookies(page)).toEqual([]);
    // A browser that has its client id still gets its tickets; the next minute, new browsers again.
    const again = await k.t.app.inject({
      url: '/',
      remoteAddress: ip,
      headers: { cookie: cookieHeader(known) },
    });
    expect(setCookies(again)).toEqual([expect.stringMatching(/^mchezo_load_ticket=/)]);
    k.t.clock.advance(60_000);
    expect((await visit(k.t.app, { ip, jar: new Map() })).jar.size).toBe(2);
  });

  it('mints at most LOAD_CLIENTS_PER_IP_PER_HOUR new browsers per address an hour, whatever the minutes and the pruning between', async () => {
    k.t.clock.advance(60 * 60_000);
    const ip = freshIp();
    const minted: number[] = [];
    // 20 a minute for five minutes: the minute's bound alone would let 100 through.
    for (let minute = 0; minute < 5; minute++) {
      let n = 0;
      for (let i = 0; i < 20; i++) if ((await mint(k.t.app, ip)).jar.has('mchezo_client')) n++;
      minted.push(n);
      // A beacon each minute: release health prunes its windows from the write path.
      await beacon(k.t.app, null, load(LIVE));
      k.t.clock.advance(60_000);
    }
    expect(minted).toEqual([20, 20, 20, 0, 0]);
    // The next hour, new browsers again.
    k.t.clock.advance(60 * 60_000);
    expect((await mint(k.t.app, ip)).jar.has('mchezo_client')).toBe(true);
  });

  it("counts a browser's loads and render errors only once its page has proved a load; a wrong proof proves nothing", async () => {
    k.t.clock.advance(60 * 60_000);
    const script = await mint(k.t.app);
    const wrong = await mint(k.t.app);
    // The challenge is the ticket's: without one, nothing to prove.
    expect(json(await k.t.get('/releases/health/challenge'))).toEqual({ challenge: null, bits: 4 });
    const challenge = await k.t.app.inject({
      url: '/api/v1/releases/health/challenge',
      remoteAddress: wrong.ip,
      headers: { cookie: cookieHeader(wrong) },
    });
    const { challenge: id } = challenge.json() as { challenge: string };
    // A nonce that does not hold answers the same, and proves nothing.
    let n = 0;
    while (proofHolds(id, n.toString(36), 4)) n++;
    const nonce = n.toString(36);
    const sent = await k.t.app.inject({
      method: 'POST',
      url: '/api/v1/releases/health/proof',
      remoteAddress: wrong.ip,
      headers: { cookie: cookieHeader(wrong), 'content-type': 'application/json' },
      payload: JSON.stringify({ nonce }),
    });
    expect(sent.statusCode).toBe(204);
    for (const bad of [{}, { nonce: '' }, { nonce: 'A!' }, { nonce: 'x'.repeat(33) }]) {
      const res = await k.t.post('/releases/health/proof', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const before = (await k.lobby(LIVE))?.loads ?? 0;
    for (const b of [script, wrong]) {
      await beacon(k.t.app, b, load(LIVE, 1, 1));
      await report(k.t.app, b, envelopeOf([renderErrorEvent('lobby', LIVE)]));
    }
    expect(await k.lobby(LIVE)).toMatchObject({ loads: before });
    expect(await k.uncounted('unproven')).toEqual({
      remote: 'lobby',
      reason: 'unproven',
      loads: 2,
      failures: 2,
      render_errors: 2,
    });
    const stored = async () =>
      json(await k.t.get(`/errors/events?remote=lobby&version=${LIVE}&limit=2`, k.rm.headers)).events.map(
        (e: { counted: boolean }) => e.counted,
      );
    expect(await stored()).toEqual([false, false]);
    // The page proves its load later (its proof and its beacon race): its figures count from then.
    await proveLoad(k.t.app, script);
    expect(await k.lobby(LIVE)).toMatchObject({ loads: before + 1 });
    expect(await k.uncounted('unproven')).toMatchObject({ loads: 1, failures: 1, render_errors: 1 });
    // `wrong` reported last: listed first, still not counted.
    expect(await stored()).toEqual([false, true]);
  });

  it("a tester's override version is in the ticket the manifest sets with it", async () => {
    const issued = await k.t.post(
      '/releases/overrides',
      { remote: 'lobby', version: OTHER, minutes: 60, reason: 'testers' },
      k.rm.headers,
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const tester = await visit(k.t.app);
    const before = (await k.lobby(OTHER))?.loads ?? 0;
    await beacon(k.t.app, tester, load(OTHER));
    expect((await k.lobby(OTHER))?.loads ?? 0).toBe(before);
    await visit(
      k.t.app,
      tester,
      `/api/v1/releases/manifest?override=${encodeURIComponent(json(issued).token)}`,
    );
    await beacon(k.t.app, tester, load(OTHER));
    expect((await k.lobby(OTHER))?.loads).toBe(before + 1);
  });

  it('counts a render error once per ticket and version, only with a valid ticket; others are stored uncounted', async () => {
    k.t.clock.advance(3 * 60 * 60_000);
    const errors = (n: number) => envelopeOf(Array(n).fill(renderErrorEvent('lobby', CANARY)));
    const player = await visit(k.t.app);
    expect(json(await report(k.t.app, player, errors(3)))).toEqual({ stored: 3 });
    const thief = await visit(k.t.app);
    thief.jar.set('mchezo_load_ticket', player.jar.get('mchezo_load_ticket') as string);
    expect(json(await report(k.t.app, thief, errors(2)))).toEqual({ stored: 2 });
    expect(json(await report(k.t.app, null, errors(2)))).toEqual({ stored: 2 });
    expect(await k.lobby(CANARY)).toMatchObject({ render_errors: 1, errors: 3 });
    expect(await k.uncounted('replayed')).toMatchObject({ render_errors: 2 });
    expect(await k.uncounted('client_mismatch')).toMatchObject({ render_errors: 2 });
    expect(await k.uncounted('no_ticket')).toMatchObject({ render_errors: 2 });
    const events = json(await k.t.get('/errors/events?limit=7', k.rm.headers)).events as {
      counted: boolean;
    }[];
    expect(events.map((e) => e.counted).sort()).toEqual([false, false, false, false, true, true, true]);
  });

  it('answers an envelope nested 7,000 deep with 200 or 400, never 500, and stores nothing of it', async () => {
    const deep = `${'['.repeat(7000)}${']'.repeat(7000)}`;
    const deepObject = `${'{"a":'.repeat(7000)}1${'}'.repeat(7000)}`;
    const before = await k.rows('error_events');
    const bodies = [
      `{}\n{"type":"event"}\n${deepObject}\n`,
      `{}\n{"type":"event"}\n{"tags":{"remote":"lobby"},"extra":${deep}}\n`,
      `${deep}\n{"type":"event"}\n{}\n`,
      `{}\n{"type":"event","x":${deep}}\n{}\n`,
    ];
    for (const body of bodies) {
      for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
        const res = await k.t.app.inject({
          method: 'POST',
          url: '/api/v1/errors/envelope',
          payload: body,
          headers: { 'content-type': type },
        });
        expect([200, 400], `${type} ${body.slice(0, 40)}`).toContain(res.statusCode);
        if (res.statusCode === 200) expect(json(res)).toEqual({ stored: 0 });
        else expect(json(res).code).toBe('INVALID_ENVELOPE');
      }
    }
    expect(await k.rows('error_events')).toBe(before);
  });
});

describe('release health tickets over https', () => {
  it('marks both cookies Secure when the public URL is https', async () => {
    const t = await startApp('sqlite', { PUBLIC_BASE_URL: 'https://mchezo.example' });
    try {
      const res = await t.app.inject({ url: '/api/v1/releases/manifest', remoteAddress: freshIp() });
      const cookies = setCookies(res);
      expect(cookies).toHaveLength(2);
      for (const cookie of cookies) expect(cookie).toMatch(/; HttpOnly; Secure$/);
    } finally {
      await t.close();
    }
  });
});
