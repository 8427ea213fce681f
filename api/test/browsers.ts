/**
 * Players' browsers as release health sees them (docs/decisions/031-release-health-tickets.md):
 * each from an address of its own, keeping the cookies the site sets (its client id and the page
 * view's load ticket) and sending them with its beacons and error reports, as a browser does.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { proofHolds } from '../src/modules/release-health/load-proof.js';

export interface Browser {
  ip: string;
  /** The trusted proxy it comes through (TRUST_PROXY), which names `ip` in X-Forwarded-For; none: straight. */
  via?: string;
  /** Cookie name → value, as the browser keeps them. */
  jar: Map<string, string>;
}

let addresses = 0;
/** An address no other browser of this test run has used. */
export function freshIp(): string {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const cookieHeader = (b: Browser) => [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** The inject options that make a request come from `b`: its address (through its proxy) and cookies. */
const from = (b: Browser) => ({
  remoteAddress: b.via ?? b.ip,
  headers: { cookie: cookieHeader(b), ...(b.via && { 'x-forwarded-for': b.ip }) },
});

/** Keeps the cookies a response sets (name=value; the attributes are the browser's business). */
function keepCookies(b: Browser, res: LightMyRequestResponse): void {
  const set = res.headers['set-cookie'];
  for (const line of Array.isArray(set) ? set : set ? [set] : []) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    b.jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/**
 * A page view: `GET path` (the release manifest by default, or a page such as `/`) with the
 * browser's cookies, keeping those it sets. A new browser when none is given. A real page then
 * proves its load (docs/decisions/060-health-counts-people.md): so does this one, unless `prove`
 * is false (a script that only mints client ids).
 */
export async function visit(
  app: FastifyInstance,
  browser: Browser = { ip: freshIp(), jar: new Map() },
  path = '/api/v1/releases/manifest',
  prove = true,
): Promise<Browser> {
  const res = await app.inject({ url: path, ...from(browser) });
  expect(res.statusCode, res.body).toBeLessThan(400);
  keepCookies(browser, res);
  if (prove) await proveLoad(app, browser);
  return browser;
}

/** A nonce for `challenge` at `bits`, found as the shell finds it: trying 0, 1, 2… in base 36. */
export function solve(challenge: string, bits: number): string {
  for (let n = 0; ; n++) if (proofHolds(challenge, n.toString(36), bits)) return n.toString(36);
}

/** What the shell does once its page is up: asks its ticket's challenge, solves it, sends the proof. */
export async function proveLoad(app: FastifyInstance, browser: Browser): Promise<void> {
  const res = await app.inject({ url: '/api/v1/releases/health/challenge', ...from(browser) });
  expect(res.statusCode, res.body).toBe(200);
  const { challenge, bits } = res.json() as { challenge: string | null; bits: number };
  if (challenge === null) return;
  const { remoteAddress, headers } = from(browser);
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/releases/health/proof',
    remoteAddress,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ nonce: solve(challenge, bits) }),
  });
  expect(sent.statusCode, sent.body).toBe(204);
}

/**
 * A script's "browser": one free `GET` of the manifest from `ip` (through the trusted proxy `via`
 * when given), keeping its cookies, proving nothing.
 */
export const mint = (app: FastifyInstance, ip = freshIp(), via?: string) =>
  visit(app, { ip, via, jar: new Map() }, '/api/v1/releases/manifest', false);

export interface LoadEntry {
  remote: string;
  version: string;
  ok: number;
  failed: number;
}

/** The shell's load beacon, sent by `browser` (no browser: anonymous, from `ip`). */
export const beacon = (app: FastifyInstance, browser: Browser | null, loads: LoadEntry[], ip = freshIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/releases/health/loads',
    remoteAddress: browser ? from(browser).remoteAddress : ip,
    headers: { 'content-type': 'application/json', ...(browser && from(browser).headers) },
    payload: JSON.stringify({ loads }),
  });

/** A Sentry envelope of one event per payload, as the browser SDK sends it. */
export function envelopeOf(events: Record<string, unknown>[]): string {
  const lines = [JSON.stringify({ event_id: 'e1', sent_at: new Date().toISOString() })];
  for (const event of events) lines.push(JSON.stringify({ type: 'event' }), JSON.stringify(event));
  return `${lines.join('\n')}\n`;
}

export const renderErrorEvent = (remote: string, version: string) => ({
  event_id: 'e1',
  level: 'error',
  exception: { values: [{ type: 'Error', value: 'Deliberate render failure' }] },
  tags: { remote, version, phase: 'render' },
});

/** The SDK's report through the tunnel, sent by `browser` (no browser: anonymous, from `ip`). */
export const report = (app: FastifyInstance, browser: Browser | null, body: string, ip = freshIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/errors/envelope',
    remoteAddress: browser ? from(browser).remoteAddress : ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...(browser && from(browser).headers) },
    payload: body,
  });

/** Genuine loads of one version: a fresh browser each, from its own address, with its own ticket. */
export async function genuineLoads(
  app: FastifyInstance,
  remote: string,
  version: string,
  ok: number,
  failed = 0,
) {
  for (let i = 0; i < ok + failed; i++) {
    const browser = await visit(app);
    const res = await beacon(app, browser, [{ remote, version, ok: i < ok ? 1 : 0, failed: i < ok ? 0 : 1 }]);
    expect(res.statusCode, res.body).toBe(204);
  }
}

/** Genuine render errors of one version: a fresh browser each, reporting through the tunnel. */
export async function genuineRenderErrors(app: FastifyInstance, remote: string, version: string, n: number) {
  for (let i = 0; i < n; i++) {
    const browser = await visit(app);
    const res = await report(app, browser, envelopeOf([renderErrorEvent(remote, version)]));
    expect(res.json()).toEqual({ stored: 1 });
  }
}

/** Page views of one version with their web vitals: a fresh browser each, with its own ticket (decision 051). */
export async function genuineVitals(
  app: FastifyInstance,
  remote: string,
  version: string,
  lcps: number[],
  extra: Record<string, number> = {},
) {
  for (const lcp of lcps) {
    const browser = await visit(app);
    const res = await vitalsBeacon(app, browser, { remote, version, lcp, ...extra });
    expect(res.statusCode, res.body).toBe(204);
  }
}

/** The shell's vitals beacon of one page view, sent by `browser`. */
export const vitalsBeacon = (app: FastifyInstance, browser: Browser, body: Record<string, unknown>) => {
  const { remoteAddress, headers } = from(browser);
  return app.inject({
    method: 'POST',
    url: '/api/v1/releases/health/vitals',
    remoteAddress,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
};
