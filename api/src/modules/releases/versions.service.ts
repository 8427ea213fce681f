/**
 * Published versions of each remote. A version is published once, with the sha384 of every file
 * of its folder: the folder must be in the CDN root (SITE_DIR) and hold exactly the files
 * recorded, with the same hashes (checked again before it goes live, releases.compat.ts);
 * publishing puts nothing live.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ByteBudgetFigures } from '@mchezo/contracts/errors';
import type {
  CriticalPath,
  PublishedVersion,
  PublishVersionRequest,
  PublishVersionResponse,
  ReleaseManifest,
  RemoteName,
  RemotesResponse,
} from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation } from '../../db/tx.js';
import { sha384Integrity } from '../../lib/crypto.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { toCanaryPlan } from './canary-plans.js';
import { latestPlans, type PlanRow } from './canary-plans.repository.js';
import { budgetFigures, measureCriticalPath } from './critical-path.js';
import { findVersion, insertVersion, listVersions, type VersionRow } from './releases.repository.js';

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
  };
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

export class VersionService {
  constructor(private readonly ctx: AppContext) {}

  find(remote: RemoteName, version: string): Promise<VersionRow | undefined> {
    return findVersion(this.ctx.database.db, remote, version);
  }

  async require(remote: RemoteName, version: string): Promise<VersionRow> {
    const row = await this.find(remote, version);
    if (!row) throw notFound(`${remote} ${version} is not published; publish it first`);
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
    if (await this.find(remote, req.version)) throw versionExists(remote, req.version);
    await this.checkFolder(remote, req.version, req.integrity);
    const path = await measureCriticalPath(this.folder(remote, req.version));
    const row: VersionRow = {
      remote,
      version: req.version,
      entry: req.entry ?? defaultEntry(remote, req.version),
      integrity: JSON.stringify(req.integrity),
      published_by: actor,
      reason: req.reason ?? null,
      published_at: this.ctx.clock.now(),
      integrity_failed_at: null,
      integrity_problem: null,
      critical_path: path ? JSON.stringify(path) : null,
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
    return { ...toPublished(row), byte_budget: await this.budget(remote, row, active) };
  }

  private folder(remote: string, version: string): string {
    return join(this.ctx.env.SITE_DIR ?? '', 'remotes', remote, version);
  }

  /** As measured at publish; a version listed before sizes were kept is measured from its folder now. */
  private async criticalPath(row: VersionRow): Promise<CriticalPath | null> {
    if (row.critical_path !== null) return JSON.parse(row.critical_path) as CriticalPath;
    return this.ctx.env.SITE_DIR ? measureCriticalPath(this.folder(row.remote, row.version)) : null;
  }

  /** The version's critical path against its remote's byte budget and `active`'s (decision 048). */
  async budget(remote: RemoteName, row: VersionRow, active: string | null): Promise<ByteBudgetFigures> {
    const activeRow = active ? await this.find(remote, active) : undefined;
    return budgetFigures(
      remote,
      row.version,
      await this.criticalPath(row),
      this.ctx.env.REMOTE_BYTE_BUDGETS[remote],
      activeRow ? { version: activeRow.version, path: await this.criticalPath(activeRow) } : null,
    );
  }

  /**
   * The version's folder is in the CDN root and holds exactly the recorded files, byte for byte:
   * a publish of a folder that is not there, or that changed since its hashes were taken, is
   * refused (422) and nothing is listed.
   */
  private async checkFolder(remote: RemoteName, version: string, integrity: Record<string, string>) {
    const cdnDir = this.ctx.env.SITE_DIR;
    if (!cdnDir)
      throw unprocessable(
        'No CDN folder is configured (SITE_DIR): a version is published from its folder there',
        'NO_CDN_FOLDER',
      );
    const dir = this.folder(remote, version);
    if (!existsSync(dir) || !(await stat(dir)).isDirectory())
      throw unprocessable(
        `${remote} ${version} has no folder remotes/${remote}/${version} in the CDN root: build or copy it there first`,
        'VERSION_FOLDER_MISSING',
      );
    const onDisk = await integrityOfFolder(dir);
    const problems = [
      ...Object.keys(integrity)
        .filter((f) => !(f in onDisk))
        .map((f) => `${f}: recorded but not in the folder`),
      ...Object.keys(integrity)
        .filter((f) => f in onDisk && onDisk[f] !== integrity[f])
        .map((f) => `${f}: differs from its recorded sha384`),
      ...Object.keys(onDisk)
        .filter((f) => !(f in integrity))
        .map((f) => `${f}: in the folder but not recorded`),
    ].sort();
    if (problems.length)
      throw new AppError(
        422,
        `${remote} ${version} does not match its folder (${problems.length} file${problems.length > 1 ? 's' : ''}): ${problems.slice(0, 3).join('; ')}`,
        {
          code: 'INTEGRITY_MISMATCH',
          issues: problems.slice(0, 50).map((message) => ({ path: `${remote}/${version}`, message })),
        },
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

const versionExists = (remote: string, version: string) =>
  conflict(`${remote} ${version} is already published; a published version never changes`, 'VERSION_EXISTS');
