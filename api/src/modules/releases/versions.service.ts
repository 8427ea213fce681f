/**
 * Published versions of each remote. A version is published once, with the sha384 of every file
 * of its folder (checked again before it goes live, releases.compat.ts); publishing puts nothing
 * live.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type {
  PublishedVersion,
  PublishVersionRequest,
  ReleaseManifest,
  RemoteName,
  RemotesResponse,
} from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation } from '../../db/tx.js';
import { conflict, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { sha384Integrity } from './releases.compat.js';
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

  /** Each remote's state in `manifest` and every version published for it, newest first. */
  async remotes(manifest: ReleaseManifest): Promise<RemotesResponse> {
    const versions = await listVersions(this.ctx.database.db);
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
}

const versionExists = (remote: string, version: string) =>
  conflict(`${remote} ${version} is already published; a published version never changes`, 'VERSION_EXISTS');
