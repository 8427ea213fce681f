/**
 * Load tickets and client ids (docs/decisions/031-release-health-tickets.md), free of I/O: only
 * this server's signature passes, a ticket works until it expires and only beside the client
 * cookie of the browser it was given to, and it names the versions the manifests serve.
 */
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_COOKIE,
  type LoadTicket,
  refusalOf,
  TICKET_COOKIE,
  TicketSigner,
  ticketVersions,
} from '../../../src/modules/release-health/load-ticket.service.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const NOW = 1_800_000_000_000;
const DAY = 86_400_000;
const signer = new TicketSigner(SECRET);
/** A client id as the server mints it: random, then its expiry in base 36 (a week on). */
const C1 = `c1:${(NOW + 7 * DAY).toString(36)}`;
const ticket: LoadTicket = {
  id: 'tk1',
  client: C1,
  exp: NOW + 60_000,
  versions: { lobby: ['1.0.0', '1.1.0'] },
};
const cookies = (t = signer.signTicket(ticket), client = signer.signClient(C1)) =>
  `lang=sw; ${CLIENT_COOKIE}=${client}; ${TICKET_COOKIE}=${t}`;

describe('load tickets', () => {
  it('passes a ticket this server signed, with the client it was given to, until it expires', () => {
    expect(signer.check(cookies(), NOW)).toEqual({ ok: true, ticket });
    expect(signer.check(cookies(), ticket.exp)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a missing, tampered, foreign or malformed ticket', () => {
    expect(signer.check(`${CLIENT_COOKIE}=${signer.signClient(C1)}`, NOW)).toEqual({
      ok: false,
      reason: 'no_ticket',
    });
    const [payload, mac] = signer.signTicket(ticket).split('.') as [string, string];
    const widened = Buffer.from(
      JSON.stringify({ ...ticket, versions: { lobby: ['6.6.6'] }, exp: NOW * 2 }),
    ).toString('base64url');
    const other = new TicketSigner('another-secret-of-enough-length-987654');
    for (const forged of [
      `${widened}.${mac}`,
      `${payload}.${mac.slice(1)}x`,
      other.signTicket(ticket),
      payload,
      `${payload}.${mac}.extra`,
      // Signed, but not a ticket: a client id's signature is not a ticket's.
      signer.signClient(C1),
    ])
      expect(signer.check(cookies(forged), NOW), forged).toEqual({ ok: false, reason: 'invalid_ticket' });
  });

  it("refuses a ticket sent without its browser's client cookie (stolen)", () => {
    for (const client of [signer.signClient('c2'), 'c1', `c1.${'x'.repeat(43)}`])
      expect(signer.check(cookies(undefined, client), NOW)).toEqual({ ok: false, reason: 'client_mismatch' });
    expect(signer.check(`${TICKET_COOKIE}=${signer.signTicket(ticket)}`, NOW)).toEqual({
      ok: false,
      reason: 'client_mismatch',
    });
  });

  it('reads a client id only with its signature', () => {
    expect(signer.clientOf(`${CLIENT_COOKIE}=${signer.signClient(C1)}`, NOW)).toBe(C1);
    expect(signer.clientOf(`${CLIENT_COOKIE}=${C1}`, NOW)).toBeNull();
    expect(
      signer.clientOf(`${CLIENT_COOKIE}=${new TicketSigner(`${SECRET}x`).signClient(C1)}`, NOW),
    ).toBeNull();
    expect(signer.clientOf(undefined, NOW)).toBeNull();
  });

  it('reads a client id only until the expiry it was signed with (a kept cookie is no browser for ever)', () => {
    const cookie = `${CLIENT_COOKIE}=${signer.signClient(C1)}`;
    expect(signer.clientOf(cookie, NOW + 7 * DAY - 1)).toBe(C1);
    expect(signer.clientOf(cookie, NOW + 7 * DAY)).toBeNull();
    // Without an expiry of its own, a signed id is no client id at all.
    expect(signer.clientOf(`${CLIENT_COOKIE}=${signer.signClient('c1')}`, NOW)).toBeNull();
    expect(signer.check(cookies(), NOW + 7 * DAY)).toEqual({ ok: false, reason: 'expired' });
  });

  it('counts a version only when the ticket names it', () => {
    const check = signer.check(cookies(), NOW);
    expect(refusalOf(check, 'lobby', '1.1.0')).toBeNull();
    expect(refusalOf(check, 'lobby', '9.9.9')).toBe('version_not_in_ticket');
    expect(refusalOf(check, 'wallet', '1.0.0')).toBe('version_not_in_ticket');
    expect(refusalOf({ ok: false, reason: 'expired' }, 'lobby', '1.0.0')).toBe('expired');
  });

  it("names the served versions: each remote's active and canary, with an override's too", () => {
    const entry = (version: string) => ({
      version,
      entry: `/remotes/x/${version}/mf-manifest.json`,
      enabled: true,
    });
    const served: ReleaseManifest = {
      revision: 3,
      remotes: {
        lobby: { ...entry('1.0.0'), canary: { ...entry('1.1.0'), percent: 10 } },
        wallet: entry('2.0.0'),
      },
    } as ReleaseManifest;
    const overridden = {
      ...served,
      remotes: { ...served.remotes, wallet: entry('2.5.0-test') },
    } as ReleaseManifest;
    expect(ticketVersions(served)).toEqual({ lobby: ['1.0.0', '1.1.0'], wallet: ['2.0.0'] });
    expect(ticketVersions(served, overridden)).toEqual({
      lobby: ['1.0.0', '1.1.0'],
      wallet: ['2.0.0', '2.5.0-test'],
    });
  });
});
