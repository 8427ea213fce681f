/**
 * Release control: published versions of each remote and the revisions of the release manifest.
 *
 * Every manifest change is a new revision (who, when, why, what), written in one transaction
 * that first checks the caller's base revision is still the current one (compare-and-swap):
 * a stale base is refused with 409. A version going live (activate, canary, promote, enable,
 * roll back) first passes the compatibility check (releases.compat.ts), outside the
 * transaction, so no file is read while the write lock is held.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type {
  ActivateRequest,
  CanaryRequest,
  OverrideRequest,
  OverrideResponse,
  PublishedVersion,
  PublishVersionRequest,
  ReleaseManifest,
  RemoteName,
  RemoteRelease,
  RemotesResponse,
  RevisionEntry,
  RollbackRequest,
  ToggleRequest,
} from '@mchezo/contracts/releases';
import { ReleaseManifest as ReleaseManifestSchema } from '@mchezo/contracts/releases';
import { RELEASE_MANAGER_ROLE, REMOTE_NAMES } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation } from '../../db/tx.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { checkCompatibility, sha384Integrity } from './releases.compat.js';
import { applyOverride, isAllowedDevEntry, signOverride, verifyOverride } from './releases.overrides.js';
import {
  findRevision,
  findVersion,
  insertRevision,
  insertVersion,
  latestRevision,
  listRevisions,
  listVersions,
  type RevisionRow,
  type VersionRow,
} from './releases.repository.js';

export const EMPTY_MANIFEST: ReleaseManifest = { revision: 0, remotes: {} };
type Remotes = ReleaseManifest['remotes'];

export const defaultEntry = (remote: string, version: string) =>
  `/remotes/${remote}/${version}/mf-manifest.json`;

function toRevisionEntry(row: RevisionRow): RevisionEntry {
  return {
    revision: row.revision,
    author: row.author,
    reason: row.reason,
    action: row.action,
    created_at: iso(row.created_at),
    manifest: JSON.parse(row.manifest) as ReleaseManifest,
  };
}

function toPublished(row: VersionRow): PublishedVersion {
  return {
    remote: row.remote as RemoteName,
    version: row.version,
    entry: row.entry,
    files: Object.keys(JSON.parse(row.integrity) as object).length,
    published_by: row.published_by,
    published_at: iso(row.published_at),
    reason: row.reason,
  };
}

/** (remote, version) pairs players can get from a manifest: enabled actives and canaries. */
function livePairs(remotes: Remotes): Set<string> {
  const out = new Set<string>();
  for (const [name, r] of Object.entries(remotes)) {
    if (!r?.enabled) continue;
    out.add(`${name}\0${r.version}`);
    if (r.canary) out.add(`${name}\0${r.canary.version}`);
  }
  return out;
}

/** `file → sha384-…` for every file under a version folder. */
export async function integrityOfFolder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(d: string): Promise<void> {
    for (const name of await readdir(d)) {
      const p = join(d, name);
      if ((await stat(p)).isDirectory()) await walk(p);
      else out[relative(dir, p).split(sep).join('/')] = sha384Integrity(await readFile(p));
    }
  }
  await walk(dir);
  return out;
}

export interface Change {
  action: string;
  remotes: Remotes;
}

export class ReleaseService {
  constructor(private readonly ctx: AppContext) {}

  private get cdnDir(): string | undefined {
    return this.ctx.env.SITE_DIR;
  }

  /** The served manifest as stored (compact JSON), so the ETag is stable. */
  async manifestJson(): Promise<string> {
    const row = await latestRevision(this.ctx.database.db);
    return row ? row.manifest : JSON.stringify(EMPTY_MANIFEST);
  }

  async current(): Promise<ReleaseManifest> {
    return JSON.parse(await this.manifestJson()) as ReleaseManifest;
  }

  async history(limit: number): Promise<RevisionEntry[]> {
    return (await listRevisions(this.ctx.database.db, limit)).map(toRevisionEntry);
  }

  async remotes(): Promise<RemotesResponse> {
    const [manifest, versions] = await Promise.all([this.current(), listVersions(this.ctx.database.db)]);
    return {
      revision: manifest.revision,
      remotes: REMOTE_NAMES.map((name) => {
        const r = manifest.remotes[name];
        return {
          name,
          active: r?.version ?? null,
          enabled: r?.enabled ?? false,
          canary: r?.canary ?? null,
          versions: versions.filter((v) => v.remote === name).map(toPublished),
        };
      }),
    };
  }

  // ---- publish --------------------------------------------------------------------------

  async publish(actor: string, remote: RemoteName, req: PublishVersionRequest): Promise<PublishedVersion> {
    const row: VersionRow = {
      remote,
      version: req.version,
      entry: req.entry ?? defaultEntry(remote, req.version),
      integrity: JSON.stringify(req.integrity),
      published_by: actor,
      reason: req.reason ?? null,
      published_at: this.ctx.clock.now(),
    };
    try {
      await inTransaction(this.ctx.database, async (trx) => {
        if (await findVersion(trx, remote, req.version)) throw versionExists(remote, req.version);
        await insertVersion(trx, row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw versionExists(remote, req.version);
      throw err;
    }
    return toPublished(row);
  }

  // ---- manifest changes -----------------------------------------------------------------

  async activate(actor: string, remote: RemoteName, req: ActivateRequest): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const v = await this.requireVersion(remote, req.version);
      const existing = m.remotes[remote];
      if (existing?.version === req.version) throw noChange(`${remote} is already at ${req.version}`);
      const next: RemoteRelease = { version: v.version, entry: v.entry, enabled: existing?.enabled ?? true };
      if (existing?.canary && existing.canary.version !== req.version) next.canary = existing.canary;
      return { action: `activate ${remote} ${req.version}`, remotes: { ...m.remotes, [remote]: next } };
    });
  }

  async setEnabled(
    actor: string,
    remote: RemoteName,
    enabled: boolean,
    req: ToggleRequest,
  ): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const existing = m.remotes[remote];
      if (!existing) throw noChange(`${remote} has no active version yet; activate one first`);
      if (existing.enabled === enabled)
        throw noChange(`${remote} is already ${enabled ? 'enabled' : 'disabled'}`);
      return {
        action: `${enabled ? 'enable' : 'disable'} ${remote}`,
        remotes: { ...m.remotes, [remote]: { ...existing, enabled } },
      };
    });
  }

  async canary(actor: string, remote: RemoteName, req: CanaryRequest): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const existing = m.remotes[remote];
      if (!existing) throw noChange(`${remote} has no active version yet; activate one first`);
      if (existing.version === req.version)
        throw noChange(`${req.version} is already ${remote}'s active version`);
      const v = await this.requireVersion(remote, req.version);
      if (existing.canary?.version === req.version && existing.canary.percent === req.percent)
        throw noChange(`${remote} already has ${req.version} as canary at ${req.percent}%`);
      return {
        action: `canary ${remote} ${req.version} ${req.percent}%`,
        remotes: {
          ...m.remotes,
          [remote]: { ...existing, canary: { version: v.version, entry: v.entry, percent: req.percent } },
        },
      };
    });
  }

  async promote(actor: string, remote: RemoteName, req: ToggleRequest): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const existing = m.remotes[remote];
      if (!existing?.canary) throw noCanary(remote);
      const { version, entry } = existing.canary;
      return {
        action: `promote ${remote} canary ${version}`,
        remotes: { ...m.remotes, [remote]: { version, entry, enabled: existing.enabled } },
      };
    });
  }

  async abort(actor: string, remote: RemoteName, req: ToggleRequest): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const existing = m.remotes[remote];
      if (!existing?.canary) throw noCanary(remote);
      const { canary, ...rest } = existing;
      return {
        action: `abort ${remote} canary ${canary.version}`,
        remotes: { ...m.remotes, [remote]: rest },
      };
    });
  }

  async rollback(actor: string, req: RollbackRequest): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const target = await findRevision(this.ctx.database.db, req.revision);
      if (!target) throw notFound(`There is no revision ${req.revision}`);
      if (req.revision === m.revision) throw noChange(`Revision ${req.revision} is the current one`);
      const old = JSON.parse(target.manifest) as ReleaseManifest;
      return { action: `roll back to revision ${req.revision}`, remotes: old.remotes };
    });
  }

  /**
   * Applies one change: `mutate` computes the next remotes from the current manifest; versions
   * it puts live pass the compatibility check; the revision is written only if the manifest is
   * still at `base` (compare-and-swap, checked again inside the write transaction).
   */
  async change(
    actor: string,
    base: number,
    reason: string,
    mutate: (current: ReleaseManifest) => Promise<Change>,
  ): Promise<RevisionEntry> {
    const current = await this.current();
    if (current.revision !== base) throw stale(base, current.revision);
    const { action, remotes } = await mutate(current);
    await this.checkLive(current.remotes, remotes);
    const now = this.ctx.clock.now();
    const manifest: ReleaseManifest = ReleaseManifestSchema.parse({ revision: base + 1, remotes });
    const row: RevisionRow = {
      revision: base + 1,
      manifest: JSON.stringify(manifest),
      author: actor,
      reason,
      action,
      created_at: now,
    };
    try {
      await inTransaction(this.ctx.database, async (trx) => {
        const latest = await latestRevision(trx);
        const at = latest?.revision ?? 0;
        if (at !== base) throw stale(base, at);
        await insertRevision(trx, row);
      });
    } catch (err) {
      // PostgreSQL: a concurrent writer inserted the same revision number first.
      if (isUniqueViolation(err)) throw stale(base, base + 1);
      throw err;
    }
    this.ctx.log.info({ revision: row.revision, author: actor, action }, 'release manifest changed');
    return toRevisionEntry(row);
  }

  /** A signed override for testers: a published version, or a local dev server outside production. */
  async createOverride(req: OverrideRequest): Promise<OverrideResponse> {
    let version: string;
    let entry: string;
    if (req.dev_entry !== undefined) {
      if (this.ctx.env.NODE_ENV !== 'development' || !isAllowedDevEntry(req.dev_entry)) {
        throw unprocessable(
          'A dev-server override needs a development server and a localhost URL',
          'OVERRIDE_NOT_ALLOWED',
        );
      }
      version = 'dev';
      entry = req.dev_entry;
    } else if (req.version !== undefined) {
      const row = await this.requireVersion(req.remote, req.version);
      version = row.version;
      entry = row.entry;
    } else {
      throw unprocessable(
        'Name a published version (or, in development, a dev_entry)',
        'OVERRIDE_TARGET_REQUIRED',
      );
    }
    const exp = this.ctx.clock.now() + req.minutes * 60_000;
    const token = signOverride(this.ctx.env.JWT_SECRET, { remote: req.remote, version, entry, exp });
    return { token, expires_at: new Date(exp).toISOString() };
  }

  /** The manifest as a tester with this override token sees it, or null when it is not valid. */
  async overriddenManifestJson(token: string): Promise<string | null> {
    const claims = verifyOverride(this.ctx.env.JWT_SECRET, token, this.ctx.clock.now());
    if (!claims) return null;
    const allowed =
      claims.version === 'dev'
        ? this.ctx.env.NODE_ENV === 'development' && isAllowedDevEntry(claims.entry)
        : (await findVersion(this.ctx.database.db, claims.remote, claims.version))?.entry === claims.entry;
    return allowed ? JSON.stringify(applyOverride(await this.current(), claims)) : null;
  }

  private async requireVersion(remote: RemoteName, version: string): Promise<VersionRow> {
    const row = await findVersion(this.ctx.database.db, remote, version);
    if (!row) throw notFound(`${remote} ${version} is not published; publish it first`);
    return row;
  }

  /** Every (remote, version) the change newly puts in front of players passes the check. */
  private async checkLive(before: Remotes, after: Remotes): Promise<void> {
    const was = livePairs(before);
    for (const pair of livePairs(after)) {
      if (was.has(pair)) continue;
      const [remote, version] = pair.split('\0') as [RemoteName, string];
      const row = await this.requireVersion(remote, version);
      const problems = await checkCompatibility({
        cdnDir: this.cdnDir,
        remote,
        version,
        integrity: JSON.parse(row.integrity) as Record<string, string>,
      });
      if (problems.length) {
        throw new AppError(422, `${remote} ${version} cannot go live: ${problems.join('; ')}`, {
          code: 'INCOMPATIBLE',
          issues: problems.map((message) => ({ path: `${remote}/${version}`, message })),
        });
      }
    }
  }

  // ---- npm start ------------------------------------------------------------------------

  /** Version folders of a remote in the CDN root, newest build first. */
  builtVersions(remote: string): string[] {
    if (!this.cdnDir) return [];
    const dir = join(this.cdnDir, 'remotes', remote);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((v) => !v.includes('.tmp-') && existsSync(join(dir, v, 'mf-manifest.json')))
      .sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
  }

  /** Registers a built folder as a published version (integrity from disk), unless it is. */
  private async publishFromDisk(actor: string, remote: RemoteName, version: string): Promise<void> {
    if (!this.cdnDir || (await findVersion(this.ctx.database.db, remote, version))) return;
    const integrity = await integrityOfFolder(join(this.cdnDir, 'remotes', remote, version));
    try {
      await this.publish(actor, remote, { version, integrity, reason: 'built locally' });
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 409)) throw err;
    }
  }

  /**
   * At boot. The first time, the manifest the file store used to keep (DATA_DIR/releases/
   * manifest.json) becomes revision 1. Then each remote is pointed at a built version: with
   * `activateLatest` (a local `npm start` deploys what it just built) the newest build;
   * otherwise only remotes with no version yet or whose folder is gone. Versions are published
   * and activated through the same path as the CLI's, as one revision by "npm start".
   */
  async syncWithBuilds(activateLatest: boolean): Promise<void> {
    await this.importLegacyFile();
    const actor = 'npm start';
    const current = await this.current();
    const remotes: Remotes = { ...current.remotes };
    const changed: string[] = [];
    for (const name of REMOTE_NAMES) {
      const built = this.builtVersions(name);
      const [latest] = built;
      if (!latest) continue;
      const existing = remotes[name];
      const exists = existing ? built.includes(existing.version) : false;
      if (existing && exists && !(activateLatest && existing.version !== latest)) continue;
      await this.publishFromDisk(actor, name, latest);
      const v = await findVersion(this.ctx.database.db, name, latest);
      if (!v) continue;
      const next: RemoteRelease = { version: latest, entry: v.entry, enabled: existing?.enabled ?? true };
      if (existing?.canary && existing.canary.version !== latest) next.canary = existing.canary;
      // Checked one by one, so one incompatible build does not hold back the others.
      try {
        await this.checkLive({ ...remotes }, { ...remotes, [name]: next });
      } catch (err) {
        this.ctx.log.warn(
          { remote: name, version: latest, err: (err as Error).message },
          'release: not activated',
        );
        continue;
      }
      remotes[name] = next;
      changed.push(`${name} ${latest}`);
    }
    if (!changed.length) return;
    try {
      await this.change(actor, current.revision, 'npm start: activate the newest builds', async () => ({
        action: `activate ${changed.join(', ')}`,
        remotes,
      }));
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'release: could not activate the builds');
    }
  }

  private async importLegacyFile(): Promise<void> {
    const file = join(this.ctx.env.DATA_DIR, 'releases', 'manifest.json');
    if (!existsSync(file) || (await latestRevision(this.ctx.database.db))) return;
    let legacy: ReleaseManifest;
    try {
      legacy = ReleaseManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      this.ctx.log.warn({ file }, 'release: ignoring an unreadable legacy manifest file');
      return;
    }
    if (!Object.keys(legacy.remotes).length) return;
    const remotes: Remotes = {};
    for (const name of REMOTE_NAMES) {
      const r = legacy.remotes[name];
      if (!r || !this.builtVersions(name).includes(r.version)) continue;
      await this.publishFromDisk('import', name, r.version);
      remotes[name] = r;
    }
    const row: RevisionRow = {
      revision: 1,
      manifest: JSON.stringify({ revision: 1, remotes }),
      author: 'import',
      reason: `imported from ${file}`,
      action: 'import the file-based manifest',
      created_at: this.ctx.clock.now(),
    };
    await inTransaction(this.ctx.database, async (trx) => {
      if (!(await latestRevision(trx))) await insertRevision(trx, row);
    });
  }

  // ---- roles ----------------------------------------------------------------------------

  /** Grants the release-manager role to users listed in RELEASE_MANAGER_PHONES (at boot). */
  async grantConfiguredManagers(): Promise<void> {
    const phones = this.ctx.env.RELEASE_MANAGER_PHONES;
    if (!phones.length) return;
    const users = await this.ctx.database.db
      .selectFrom('users')
      .select(['id', 'phone', 'roles'])
      .where('phone', 'in', phones)
      .execute();
    for (const u of users) await grantReleaseManager(this.ctx, u);
  }
}

/** Adds the role to a user whose phone is in RELEASE_MANAGER_PHONES; answers the roles. */
export async function grantReleaseManager(
  ctx: Pick<AppContext, 'env' | 'database' | 'clock'>,
  user: { id: string; phone: string; roles: string },
): Promise<string> {
  const roles = user.roles.split(',').filter(Boolean);
  if (!ctx.env.RELEASE_MANAGER_PHONES.includes(user.phone) || roles.includes(RELEASE_MANAGER_ROLE))
    return user.roles;
  const next = [...roles, RELEASE_MANAGER_ROLE].join(',');
  await ctx.database.db
    .updateTable('users')
    .set({ roles: next, updated_at: ctx.clock.now() })
    .where('id', '=', user.id)
    .execute();
  return next;
}

const stale = (base: number, current: number) =>
  conflict(
    `The release manifest is at revision ${current}, not ${base}: someone else changed it. Re-read it (list or history) and try again.`,
    'STALE_REVISION',
  );
const versionExists = (remote: string, version: string) =>
  conflict(`${remote} ${version} is already published; a published version never changes`, 'VERSION_EXISTS');
const noChange = (message: string) => unprocessable(message, 'NO_CHANGE');
const noCanary = (remote: string) => unprocessable(`${remote} has no canary`, 'NO_CANARY');
