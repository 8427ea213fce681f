/**
 * Load tickets (docs/decisions/031-release-health-tickets.md). The page (index.html) and the
 * release manifest come with a short-lived ticket, an HttpOnly cookie signed by the server,
 * naming the remote versions that page view may load (the live active and canary versions, and a
 * tester's override) and the browser it was given to (its client id, another signed cookie).
 * The shell's load beacon and the error reports go to the same origin, so the browser sends both
 * cookies with them, and only a report with a valid ticket for its version, from that browser,
 * is counted. Nothing is stored to issue one: a ticket is checked by its signature alone.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UncountedReason } from '@mchezo/contracts/release-health';
import { REMOTE_NAMES, type ReleaseManifest, type RemoteName } from '@mchezo/contracts/releases';
import { readCookie } from '@mchezo/site/cookies';
import type { AppContext } from '../../context.js';
import { randomToken } from '../../lib/crypto.js';
import { countInWindow } from '../../lib/window-counter.js';
import type { ReleaseHealthConfig } from './release-health.config.js';

/**
 * The browser's id: sent with pages too (so a page view can name its browser). It carries its
 * own expiry, signed with it (LOAD_CLIENT_TTL_DAYS): a kept cookie stops being a browser then,
 * whatever the script holding it does (docs/decisions/060-health-counts-people.md).
 */
export const CLIENT_COOKIE = 'mchezo_client';
/** The page view's ticket: only the API's own requests need it. */
export const TICKET_COOKIE = 'mchezo_load_ticket';
/** The `rate_limits` keys of new browsers per address a minute and an hour (pruned with release health). */
export const NEW_CLIENTS = 'load-clients:ip:';
export const NEW_CLIENTS_HOURLY = 'load-clients-hour:ip:';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A client id's expiry, epoch milliseconds (its value is `random:expiry in base 36`); null: none. */
export function clientExpiry(client: string): number | null {
  const [, exp, extra] = client.split(':');
  if (!exp || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(exp)) return null;
  return Number.parseInt(exp, 36);
}

export type TicketVersions = Partial<Record<RemoteName, string[]>>;

export interface LoadTicket {
  /** Random: each ticket counts once per version and outcome. */
  id: string;
  /** The client id of the browser it was given to. */
  client: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
  versions: TicketVersions;
}

export type TicketCheck = { ok: true; ticket: LoadTicket } | { ok: false; reason: UncountedReason };

/**
 * Signs and checks tickets and client ids with a key of their own, derived from JWT_SECRET
 * (as release overrides are): a ticket can never pass for an access token or the reverse.
 */
export class TicketSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('mchezo load ticket v1').digest();
  }

  private mac(kind: 'client' | 'ticket', value: string): string {
    return createHmac('sha256', this.key).update(`${kind}:${value}`).digest('base64url');
  }

  private verify(kind: 'client' | 'ticket', signed: string | undefined): string | null {
    const [value, mac, extra] = (signed ?? '').split('.');
    if (!value || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(kind, value));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? value : null;
  }

  signClient(id: string): string {
    return `${id}.${this.mac('client', id)}`;
  }

  /** The client id of a `Cookie` header, or null when it has none signed by this server, or it expired. */
  clientOf(cookieHeader: string | undefined, now: number): string | null {
    const client = this.verify('client', readCookie(cookieHeader, CLIENT_COOKIE));
    const exp = client === null ? null : clientExpiry(client);
    return exp !== null && exp > now ? client : null;
  }

  signTicket(ticket: LoadTicket): string {
    const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
    return `${payload}.${this.mac('ticket', payload)}`;
  }

  /** The request's ticket, if it is valid, unexpired and sent by the browser it was given to. */
  check(cookieHeader: string | undefined, now: number): TicketCheck {
    const cookie = readCookie(cookieHeader, TICKET_COOKIE);
    if (!cookie) return { ok: false, reason: 'no_ticket' };
    const payload = this.verify('ticket', cookie);
    const ticket = payload === null ? null : parseTicket(payload);
    if (!ticket) return { ok: false, reason: 'invalid_ticket' };
    if (ticket.exp <= now) return { ok: false, reason: 'expired' };
    if (this.clientOf(cookieHeader, now) !== ticket.client) return { ok: false, reason: 'client_mismatch' };
    return { ok: true, ticket };
  }
}

function parseTicket(payload: string): LoadTicket | null {
  try {
    const t = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LoadTicket;
    const versionsOk =
      t.versions !== null &&
      typeof t.versions === 'object' &&
      Object.values(t.versions).every((v) => Array.isArray(v) && v.every((x) => typeof x === 'string'));
    return typeof t.id === 'string' && typeof t.client === 'string' && typeof t.exp === 'number' && versionsOk
      ? t
      : null;
  } catch {
    return null;
  }
}

/** Why a report of `remote`@`version` is not counted, before replays; null: it may be. */
export function refusalOf(check: TicketCheck, remote: RemoteName, version: string): UncountedReason | null {
  if (!check.ok) return check.reason;
  return check.ticket.versions[remote]?.includes(version) ? null : 'version_not_in_ticket';
}

/** The versions the manifests serve (active and canary of each remote), together. */
export function ticketVersions(...manifests: ReleaseManifest[]): TicketVersions {
  const out: TicketVersions = {};
  for (const remote of REMOTE_NAMES) {
    const versions = new Set<string>();
    for (const m of manifests) {
      const entry = m.remotes[remote];
      if (entry) versions.add(entry.version);
      if (entry?.canary) versions.add(entry.canary.version);
    }
    if (versions.size > 0) out[remote] = [...versions];
  }
  return out;
}

/** Issues the cookies of a page view: a ticket, and the browser's client id when it has none. */
export class LoadTicketIssuer {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: ReleaseHealthConfig,
    private readonly signer: TicketSigner,
  ) {}

  private cookie(name: string, value: string, attributes: string): string {
    const secure = this.config.PUBLIC_BASE_URL.startsWith('https://') ? '; Secure' : '';
    return `${name}=${value}; ${attributes}; HttpOnly${secure}`;
  }

  /**
   * `Set-Cookie` values for a page or manifest request: a ticket for the versions the manifests
   * serve (the live one; with a tester's override, that one too). A browser without a client id gets a new
   * one, at most LOAD_CLIENTS_PER_IP_PER_MINUTE per address a minute and
   * LOAD_CLIENTS_PER_IP_PER_HOUR an hour (counts every instance shares); past that, nothing: the
   * page works, its loads are just not counted.
   */
  async cookies(
    request: { cookie: string | undefined; ip: string },
    ...manifests: ReleaseManifest[]
  ): Promise<string[]> {
    const { clock, database } = this.ctx;
    const env = this.config;
    const now = clock.now();
    const out: string[] = [];
    let client = this.signer.clientOf(request.cookie, now);
    if (!client) {
      const minute = await countInWindow(database.db, `${NEW_CLIENTS}${request.ip}`, MINUTE, now);
      if (minute.count > env.LOAD_CLIENTS_PER_IP_PER_MINUTE) return [];
      const hour = await countInWindow(database.db, `${NEW_CLIENTS_HOURLY}${request.ip}`, HOUR, now);
      if (hour.count > env.LOAD_CLIENTS_PER_IP_PER_HOUR) return [];
      const ttlMs = env.LOAD_CLIENT_TTL_DAYS * DAY;
      client = `${randomToken(16)}:${(now + ttlMs).toString(36)}`;
      // Lax, not Strict: a visit arriving by a link from elsewhere must still send it, or every
      // such visit would mint a new browser (and spend its address's allowance).
      out.push(
        this.cookie(
          CLIENT_COOKIE,
          this.signer.signClient(client),
          `Path=/; Max-Age=${env.LOAD_CLIENT_TTL_DAYS * 86_400}; SameSite=Lax`,
        ),
      );
    }
    const ttl = env.LOAD_TICKET_TTL_SECONDS;
    const versions = ticketVersions(...manifests);
    const ticket = this.signer.signTicket({ id: randomToken(16), client, exp: now + ttl * 1000, versions });
    out.push(this.cookie(TICKET_COOKIE, ticket, `Path=/api/v1/; Max-Age=${ttl}; SameSite=Strict`));
    return out;
  }
}
