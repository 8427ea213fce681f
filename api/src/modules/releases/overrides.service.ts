/**
 * Signed, expiring release overrides for testers. A token names one remote, the version (and
 * entry) to load instead, and when it stops working; it is an HMAC over those, so the browser
 * can carry it but never forge or stretch it. The server checks it on every manifest read: a bad
 * signature, an expired token, an unpublished or retired version or a URL outside the allow-list
 * is ignored, and the normal manifest is served. A published version passes the same compatibility
 * check as activation before a token is signed, and every token issued is kept (who, when,
 * remote, version, why) for the history (docs/decisions/021-release-decisions-survive-restarts.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  OverrideEntry,
  OverrideRequest,
  OverrideResponse,
  ReleaseManifest,
  RemoteName,
} from '@mchezo/contracts/releases';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import type { ReleasesConfig } from './releases.config.js';
import { insertOverride, listOverrides, type OverrideRow } from './releases.repository.js';
import type { RevisionService } from './revisions.service.js';
import type { VersionService } from './versions.service.js';

interface OverrideClaims {
  remote: RemoteName;
  version: string;
  entry: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

/** Dev servers a development build may be pointed at (never in production). */
function isAllowedDevEntry(entry: string): boolean {
  try {
    const url = new URL(entry);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    );
  } catch {
    return false;
  }
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('mchezo release override v1').digest();
const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

function signOverride(secret: string, claims: OverrideClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

function verifyOverride(secret: string, token: string, now: number): OverrideClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as OverrideClaims;
    if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
    if (
      typeof claims.remote !== 'string' ||
      typeof claims.version !== 'string' ||
      typeof claims.entry !== 'string'
    )
      return null;
    return claims;
  } catch {
    return null;
  }
}

function applyOverride(manifest: ReleaseManifest, claims: OverrideClaims): ReleaseManifest {
  return {
    ...manifest,
    remotes: {
      ...manifest.remotes,
      [claims.remote]: { version: claims.version, entry: claims.entry, enabled: true },
    },
    override: {
      remote: claims.remote,
      version: claims.version,
      expires_at: new Date(claims.exp).toISOString(),
    },
  };
}

export class OverrideService {
  constructor(
    private readonly ctx: AppContext,
    private readonly revisions: RevisionService,
    private readonly versions: VersionService,
    private readonly config: ReleasesConfig,
  ) {}

  /** A signed override for testers: a published version, or a local dev server outside production. */
  async create(actor: string, req: OverrideRequest): Promise<OverrideResponse> {
    let version: string;
    let entry: string;
    if (req.dev_entry !== undefined) {
      if (this.config.NODE_ENV !== 'development' || !isAllowedDevEntry(req.dev_entry)) {
        throw refuse(
          'OVERRIDE_NOT_ALLOWED',
          'A dev-server override needs a development server and a localhost URL',
        );
      }
      version = 'dev';
      entry = req.dev_entry;
    } else if (req.version !== undefined) {
      const row = await this.versions.require(req.remote, req.version);
      // Testers get only what could go live: the same check as activate and canary.
      await this.revisions.checkVersion(req.remote, req.version);
      version = row.version;
      entry = row.entry;
    } else {
      throw refuse('OVERRIDE_TARGET_REQUIRED', 'Name a published version (or, in development, a dev_entry)');
    }
    const now = this.ctx.clock.now();
    const exp = now + req.minutes * 60_000;
    const token = signOverride(this.config.JWT_SECRET, { remote: req.remote, version, entry, exp });
    const row: OverrideRow = {
      id: newId(),
      remote: req.remote,
      version,
      entry,
      reason: req.reason,
      issued_by: actor,
      issued_at: now,
      expires_at: exp,
    };
    await insertOverride(this.ctx.database.db, row);
    this.ctx.log.info(
      { remote: req.remote, version, issued_by: actor, expires_at: exp },
      'release override issued',
    );
    return { token, expires_at: new Date(exp).toISOString() };
  }

  /** The newest overrides issued, newest first. */
  async history(limit: number): Promise<OverrideEntry[]> {
    return (await listOverrides(this.ctx.database.db, limit)).map((r) => ({
      id: r.id,
      remote: r.remote as RemoteName,
      version: r.version,
      entry: r.entry,
      reason: r.reason,
      issued_by: r.issued_by,
      issued_at: iso(r.issued_at),
      expires_at: iso(r.expires_at),
    }));
  }

  /** The manifest as a tester with this override token sees it, or null when it is not valid. */
  async manifestJson(token: string): Promise<string | null> {
    const claims = verifyOverride(this.config.JWT_SECRET, token, this.ctx.clock.now());
    if (!claims) return null;
    let allowed: boolean;
    if (claims.version === 'dev')
      allowed = this.config.NODE_ENV === 'development' && isAllowedDevEntry(claims.entry);
    else {
      const row = await this.versions.find(claims.remote, claims.version);
      // A version failing its integrity check, or retired since, is offered to nobody, testers included.
      allowed = row?.entry === claims.entry && row.integrity_failed_at === null && row.retired_at === null;
    }
    return allowed ? JSON.stringify(applyOverride(await this.revisions.served(), claims)) : null;
  }
}
