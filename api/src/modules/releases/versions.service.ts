/**
 * Published versions of each remote. A version is published once, with the sha384 of every file
 * of its folder, and its files are in the version store (version-store.ts, decision 049): either
 * uploaded with it (`upload`: checked file by file, then stored) or already there (`publish`: a
 * build placed the folder in the folder store), holding exactly the files recorded, with the same
 * hashes (version-files.ts; checked again before it goes live, releases.compat.ts); publishing
 * puts nothing live.
 * A version nobody needs any more is retired (`retire`, docs/decisions/058-retiring-versions.md):
 * its files leave the store, its row stays, and its name is never published again.
 */
import type { ByteBudgetFigures } from '@mchezo/contracts/errors';
import type {
  CriticalPath,
  PublishedVersion,
  PublishVersionRequest,
  PublishVersionResponse,
  ReleaseManifest,
  RemoteName,
  RemotesResponse,
  RetireVersionRequest,
  UploadVersionRequest,
} from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation } from '../../db/tx.js';
import { AppError, refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { toCanaryPlan } from './canary-plans.js';
import { latestPlans, type PlanRow } from './canary-plans.repository.js';
import { budgetFigures, measureCriticalPath, type ReadVersionFile } from './critical-path.js';
import type { ReleasesConfig } from './releases.config.js';
import {
  findVersion,
  insertVersion,
  latestRevision,
  listVersions,
  retireVersion,
  unexpiredOverride,
  type VersionRow,
} from './releases.repository.js';
import { checkNamedFiles, checkStored, uploadedFiles } from './version-files.js';
import { alreadyRetired, noStore, versionExists, versionRetired } from './version-refusals.js';
import { type FileHashes, hashesOfFolder, sameFiles, type VersionStore } from './version-store.js';

const defaultEntry = (remote: string, version: string) => `/remotes/${remote}/${version}/mf-manifest.json`;

function toPublished(row: VersionRow): PublishedVersion {
  return {
    remote: row.remote as RemoteName,
    version: row.version,
    entry: row.entry,
    files: Object.keys(JSON.parse(row.integrity) as object).length,
    published_by: row.published_by,
    published_at: iso(row.published_at),
    reason: row.reason,
    integrity_failure:
      row.integrity_failed_at === null
        ? null
        : { since: iso(row.integrity_failed_at), problem: row.integrity_problem ?? '' },
    critical_path: row.critical_path === null ? null : (JSON.parse(row.critical_path) as CriticalPath),
    retired_at: row.retired_at === null ? null : iso(row.retired_at),
    retired_by: row.retired_by,
    retire_reason: row.retire_reason,
  };
}

/** `file → sha384-…` for every file under a version folder. */
export const integrityOfFolder = hashesOfFolder;

export class VersionService {
  constructor(
    private readonly ctx: AppContext,
    /** Where versions' files are kept; null: nowhere configured (no SITE_DIR, folder store). */
    readonly store: VersionStore | null,
    private readonly config: ReleasesConfig,
  ) {}

  /** Reads one file of a version from the store (undefined without a store). */
  reader(remote: string, version: string): ReadVersionFile {
    const { store } = this;
    return async (file) => (store ? store.read(remote, version, file) : undefined);
  }

  find(remote: RemoteName, version: string): Promise<VersionRow | undefined> {
    return findVersion(this.ctx.database.db, remote, version);
  }

  async require(remote: RemoteName, version: string): Promise<VersionRow> {
    const row = await this.find(remote, version);
    if (!row) throw refuse('NOT_FOUND', `${remote} ${version} is not published; publish it first`);
    return row;
  }

  /**
   * Lists a version whose folder matches its hashes, with its critical path measured from that
   * folder; answers its size against `active`'s (the remote's active version) and the budget.
   */
  async publish(
    actor: string,
    remote: RemoteName,
    req: PublishVersionRequest,
    active: string | null = null,
  ): Promise<PublishVersionResponse> {
    const existing = await this.find(remote, req.version);
    if (existing)
      throw existing.retired_at === null
        ? versionExists(remote, req.version)
        : versionRetired(remote, req.version, existing);
    if (!this.store) throw noStore();
    await checkStored(this.store, remote, req.version, req.integrity);
    const path = await measureCriticalPath(this.reader(remote, req.version));
    const row = await this.record(actor, remote, req.version, req.integrity, req, path);
    return { ...toPublished(row), byte_budget: await this.budget(remote, row, active) };
  }

  /**
   * Publish over HTTP: a whole version folder uploaded (decision 049). Every file is checked
   * against its declared sha384 and the sizes against RELEASES_UPLOAD_MAX_*, its mf-manifest.json
   * must be JSON naming only uploaded files, its critical path is measured from the uploaded
   * bytes; then the files are stored and the version listed. Any refusal stores nothing. The same
   * files under a published version again: `created: false`, nothing changes; other files: 409.
   */
  async upload(
    actor: string,
    remote: RemoteName,
    version: string,
    req: UploadVersionRequest,
    active: string | null = null,
  ): Promise<{ created: boolean; published: PublishVersionResponse }> {
    const { store } = this;
    if (!store) throw noStore();
    const existing = await this.find(remote, version);
    // A retired version's name is never published again, whatever the files (its own files too).
    if (existing?.retired_at != null) throw versionRetired(remote, version, existing);
    if (existing) return this.again(remote, existing, req.integrity, active);
    const files = uploadedFiles(remote, version, req, this.config);
    checkNamedFiles(remote, version, files);
    const read: ReadVersionFile = async (file) => files.get(file);
    const path = await measureCriticalPath(read);
    await store.put(remote, version, files, actor);
    try {
      const row = await this.record(actor, remote, version, req.integrity, req, path);
      return {
        created: true,
        published: { ...toPublished(row), byte_budget: await this.budget(remote, row, active) },
      };
    } catch (err) {
      // Published by another request meanwhile (the store took the same files from both).
      const raced = await this.find(remote, version);
      if (raced) return this.again(remote, raced, req.integrity, active);
      throw err;
    }
  }

  /** An upload of a version already published: the same files are a no-op, others 409. */
  private async again(remote: RemoteName, row: VersionRow, integrity: FileHashes, active: string | null) {
    if (!sameFiles(JSON.parse(row.integrity) as FileHashes, integrity))
      throw refuse(
        'VERSION_CONTENT_DIFFERS',
        `${remote} ${row.version} is already published with other files; a published version never changes: publish under a new version`,
      );
    return {
      created: false,
      published: { ...toPublished(row), byte_budget: await this.budget(remote, row, active) },
    };
  }

  private async record(
    actor: string,
    remote: RemoteName,
    version: string,
    integrity: FileHashes,
    req: { entry?: string | undefined; reason?: string | undefined },
    path: CriticalPath | null,
  ): Promise<VersionRow> {
    const row: VersionRow = {
      remote,
      version,
      entry: req.entry ?? defaultEntry(remote, version),
      integrity: JSON.stringify(integrity),
      published_by: actor,
      reason: req.reason ?? null,
      published_at: this.ctx.clock.now(),
      integrity_failed_at: null,
      integrity_problem: null,
      critical_path: path ? JSON.stringify(path) : null,
      retired_at: null,
      retired_by: null,
      retire_reason: null,
    };
    try {
      await inTransaction(this.ctx.database, async (trx) => {
        if (await findVersion(trx, remote, version)) throw versionExists(remote, version);
        await insertVersion(trx, row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw versionExists(remote, version);
      throw err;
    }
    return row;
  }

  /**
   * Retires a published version (docs/decisions/058-retiring-versions.md): refused (409) while it
   * is its remote's active version or canary in the manifest, or a tester's override of it has
   * not expired; else marked retired (who, when, why) and its files removed from the store. The
   * row stays: the history, health and canary records name it. Marked first, under the row's lock
   * (a change naming it takes the same lock, live-check.ts), and only then the manifest read: a
   * version is never retired while a revision puts it live. Answers the version as now listed.
   */
  async retire(
    actor: string,
    remote: RemoteName,
    version: string,
    req: RetireVersionRequest,
  ): Promise<PublishedVersion> {
    const now = this.ctx.clock.now();
    await inTransaction(this.ctx.database, async (trx) => {
      const row = await findVersion(trx, remote, version);
      if (!row) throw refuse('NOT_FOUND', `${remote} ${version} is not published`);
      const fields = { retired_at: now, retired_by: actor, retire_reason: req.reason };
      if (!(await retireVersion(trx, remote, version, fields))) throw alreadyRetired(remote, version, row);
      const latest = await latestRevision(trx);
      const r = latest ? (JSON.parse(latest.manifest) as ReleaseManifest).remotes[remote] : undefined;
      if (r?.version === version)
        throw refuse(
          'VERSION_ACTIVE',
          `${remote} ${version} is ${remote}'s active version (revision ${latest?.revision}): activate another version first`,
        );
      if (r?.canary?.version === version)
        throw refuse(
          'VERSION_CANARY',
          `${remote} ${version} is ${remote}'s canary (revision ${latest?.revision}): promote or abort it first`,
        );
      const override = await unexpiredOverride(trx, remote, version, now);
      if (override)
        throw refuse(
          'VERSION_OVERRIDDEN',
          `A tester's override of ${remote} ${version} runs until ${iso(override.expires_at)}: retire it after that`,
        );
    }).catch(async (err: unknown) => {
      // Retired before: files a failed removal may have left go now; the answer stays 409.
      if (err instanceof AppError && err.extra.code === 'ALREADY_RETIRED')
        await this.store?.remove(remote, version);
      throw err;
    });
    await this.store?.remove(remote, version);
    this.ctx.log.info({ remote, version, retired_by: actor }, 'release version retired');
    return toPublished(await this.require(remote, version));
  }

  /** As measured at publish; a version listed before sizes were kept is measured from its files now. */
  private async criticalPath(row: VersionRow): Promise<CriticalPath | null> {
    if (row.critical_path !== null) return JSON.parse(row.critical_path) as CriticalPath;
    return this.store ? measureCriticalPath(this.reader(row.remote, row.version)) : null;
  }

  /** The version's critical path against its remote's byte budget and `active`'s (decision 048). */
  async budget(remote: RemoteName, row: VersionRow, active: string | null): Promise<ByteBudgetFigures> {
    const activeRow = active ? await this.find(remote, active) : undefined;
    return budgetFigures(
      remote,
      row.version,
      await this.criticalPath(row),
      this.config.REMOTE_BYTE_BUDGETS[remote],
      activeRow ? { version: activeRow.version, path: await this.criticalPath(activeRow) } : null,
    );
  }

  /** Each remote's state in `manifest`, its latest guard plan, and every version published for it, newest first. */
  async remotes(manifest: ReleaseManifest): Promise<RemotesResponse> {
    const [versions, plans] = await Promise.all([
      listVersions(this.ctx.database.db),
      latestPlans(this.ctx.database.db),
    ]);
    return {
      revision: manifest.revision,
      remotes: REMOTE_NAMES.map((name) => {
        const r = manifest.remotes[name];
        return {
          name,
          active: r?.version ?? null,
          enabled: r?.enabled ?? false,
          canary: r?.canary ?? null,
          plan: plans.has(name) ? toCanaryPlan(plans.get(name) as PlanRow) : null,
          versions: versions.filter((v) => v.remote === name).map(toPublished),
        };
      }),
    };
  }
}
