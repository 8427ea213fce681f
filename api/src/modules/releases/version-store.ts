/**
 * The version store (docs/decisions/049-version-store.md): where a published version's files are
 * kept, and where everything that reads them goes (publish's checks, the compatibility and
 * integrity checks, the critical path, the entry hashes, the site's first screens and its
 * `/remotes/…` answers). One small interface, two backends:
 * - `FolderStore`: `<root>/<remote>/<version>/<path>`, today's SITE_DIR/remotes layout (`npm start`);
 * - `DatabaseStore`: the `release_files` table (0023), what every API instance reaches.
 * A version is written whole or not at all, and never changed: `put` of a version the store
 * already holds keeps it when its files are the same, and refuses (409) when they differ.
 * `remove` takes a retired version's files away whole (docs/decisions/058-retiring-versions.md);
 * only VersionService.retire calls it, once the version is marked retired.
 * The folder store marks what it stores, `<version>/.upload.json` (who, when), in the same atomic
 * rename as the version's files: every version it holds came in by upload, and start-up's first
 * manifest names only unmarked folders, the ones this repository's build placed
 * (docs/decisions/059-canary-floors-and-start-up.md). A version file's path never starts with a
 * dot (`versionPathProblem`), so the marker is never one of its files: listings leave it out.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { versionPathProblem, versionPathsProblem } from '@mchezo/contracts/releases';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { inTransaction, isUniqueViolation } from '../../db/tx.js';
import { newId, sha384Integrity } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';

/** `path → sha384-…` of a version's files. */
export type FileHashes = Record<string, string>;

export interface VersionStore {
  /** `folder` or `database`: said in logs and errors. */
  readonly kind: 'folder' | 'database';
  /** The version's files and their sha384, or undefined when the store has none of it. */
  list(remote: string, version: string): Promise<FileHashes | undefined>;
  /** One file's bytes, or undefined (no such version or file, or a path outside the version). */
  read(remote: string, version: string, path: string): Promise<Buffer | undefined>;
  /**
   * Stores a whole version, uploaded by `by`. Already held with the same files: nothing changes;
   * with other files: 409 VERSION_CONTENT_DIFFERS, nothing changes.
   */
  put(remote: string, version: string, files: ReadonlyMap<string, Buffer>, by?: string): Promise<void>;
  /** Removes every file of a version (a retired one); nothing when the store holds none of it. */
  remove(remote: string, version: string): Promise<void>;
}

export const hashesOf = (files: ReadonlyMap<string, Buffer>): FileHashes =>
  Object.fromEntries([...files].map(([path, bytes]) => [path, sha384Integrity(bytes)]));

export function sameFiles(a: FileHashes, b: FileHashes): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

const contentDiffers = (remote: string, version: string) =>
  refuse(
    'VERSION_CONTENT_DIFFERS',
    `${remote} ${version} is already stored with other files; a published version never changes: publish under a new version`,
  );

/** A version file's path by the contracts' one rule (`versionPathProblem`): what uploads are checked by. */
const safePath = (path: string) => versionPathProblem(path) === null;

/**
 * A whole version's paths by the same rule (and no file also a folder): the edge refused any
 * other already, so this is the stores' own guard, a 400 rather than a half-written version.
 */
function checkPaths(files: ReadonlyMap<string, Buffer>): void {
  const problem = versionPathsProblem(files.keys());
  if (problem) throw refuse('INVALID_VERSION_PATH', `Not a version file path: ${problem}`);
}
const safeName = (name: string) => /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/.test(name);

/** The folder store's mark of an uploaded version, inside its folder: never a version file. */
export const UPLOAD_MARKER = '.upload.json';

/** Whether a version folder came in by upload (the folder store's marker), not from a build. */
export const isUploadFolder = (dir: string): boolean => existsSync(join(dir, UPLOAD_MARKER));

/** A folder's entries that are the version's: the upload marker at its top is not. */
async function entries(dir: string, d: string): Promise<string[]> {
  const names = await readdir(d);
  return d === dir ? names.filter((n) => n !== UPLOAD_MARKER) : names;
}

/** `file → sha384-…` for every file under a folder (paths `/`-separated, relative to it). */
export async function hashesOfFolder(dir: string): Promise<FileHashes> {
  // Collected in a Map, made an object with own properties only (a file may be `__proto__`).
  const out = new Map<string, string>();
  async function walk(d: string): Promise<void> {
    for (const name of await entries(dir, d)) {
      const p = join(d, name);
      if ((await stat(p)).isDirectory()) await walk(p);
      else out.set(relative(dir, p).split(sep).join('/'), sha384Integrity(await readFile(p)));
    }
  }
  await walk(dir);
  return Object.fromEntries(out);
}

/** Every file under a folder, by relative path. */
export async function filesOfFolder(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  async function walk(d: string): Promise<void> {
    for (const name of (await entries(dir, d)).sort()) {
      const p = join(d, name);
      if ((await stat(p)).isDirectory()) await walk(p);
      else out.set(relative(dir, p).split(sep).join('/'), await readFile(p));
    }
  }
  await walk(dir);
  return out;
}

/** `<root>/<remote>/<version>/<path>`: the layout builds write and `npm start` serves. */
export class FolderStore implements VersionStore {
  readonly kind = 'folder';
  constructor(readonly root: string) {}

  private dir(remote: string, version: string): string | undefined {
    return safeName(remote) && safeName(version) ? join(this.root, remote, version) : undefined;
  }

  async list(remote: string, version: string): Promise<FileHashes | undefined> {
    const dir = this.dir(remote, version);
    if (!dir || !existsSync(dir) || !(await stat(dir)).isDirectory()) return undefined;
    return hashesOfFolder(dir);
  }

  async read(remote: string, version: string, path: string): Promise<Buffer | undefined> {
    const dir = this.dir(remote, version);
    if (!dir || !safePath(path)) return undefined;
    const file = resolve(dir, path);
    if (!file.startsWith(`${resolve(dir)}${sep}`)) return undefined;
    return readFile(file).catch(() => undefined);
  }

  async put(remote: string, version: string, files: ReadonlyMap<string, Buffer>, by?: string): Promise<void> {
    const dir = this.dir(remote, version);
    if (!dir) throw refuse('INVALID_VERSION_PATH', `Not a version folder: ${remote}/${version}`);
    checkPaths(files);
    const held = await this.list(remote, version);
    if (held) {
      if (!sameFiles(held, hashesOf(files))) throw contentDiffers(remote, version);
      return;
    }
    // Written aside and renamed: a reader sees the whole version or none of it, and never an
    // upload without its marker (start-up would take it for a build).
    const tmp = `${dir}.tmp-${process.pid}-${newId()}`;
    try {
      for (const [path, bytes] of files) {
        const file = join(tmp, path);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, bytes);
      }
      const mark = { uploaded_by: by ?? null, uploaded_at: new Date().toISOString() };
      await writeFile(join(tmp, UPLOAD_MARKER), `${JSON.stringify(mark)}\n`);
      await rename(tmp, dir).catch(async (err) => {
        // Another publish of it won the race: the same files are fine.
        const now = await this.list(remote, version);
        if (!now) throw err;
        if (!sameFiles(now, hashesOf(files))) throw contentDiffers(remote, version);
      });
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  async remove(remote: string, version: string): Promise<void> {
    const dir = this.dir(remote, version);
    // Two plain names under the root: never the root, a remote's folder or anything outside.
    if (!dir || !resolve(dir).startsWith(`${resolve(this.root, remote)}${sep}`))
      throw new Error('not a version folder path');
    if (!(await this.list(remote, version))) return;
    // Renamed aside first (start-up's sync skips `.tmp-` names): the version leaves the store in
    // one step, and a half-deleted folder is never taken for it.
    const gone = `${dir}.tmp-${process.pid}-${newId()}`;
    await rename(dir, gone);
    await rm(gone, { recursive: true, force: true });
  }
}

/** The `release_files` table: a row per file, a version's rows written in one transaction. */
export class DatabaseStore implements VersionStore {
  readonly kind = 'database';
  constructor(private readonly database: Database) {}

  private get db(): Kysely<DB> {
    return this.database.db;
  }

  async list(remote: string, version: string): Promise<FileHashes | undefined> {
    const rows = await this.db
      .selectFrom('release_files')
      .select(['path', 'sha384'])
      .where('remote', '=', remote)
      .where('version', '=', version)
      .execute();
    return rows.length ? Object.fromEntries(rows.map((r) => [r.path, r.sha384])) : undefined;
  }

  async read(remote: string, version: string, path: string): Promise<Buffer | undefined> {
    if (!safePath(path)) return undefined;
    const row = await this.db
      .selectFrom('release_files')
      .select('content')
      .where('remote', '=', remote)
      .where('version', '=', version)
      .where('path', '=', path)
      .executeTakeFirst();
    return row ? Buffer.from(row.content) : undefined;
  }

  async put(remote: string, version: string, files: ReadonlyMap<string, Buffer>): Promise<void> {
    checkPaths(files);
    const hashes = hashesOf(files);
    const check = async () => {
      const held = await this.list(remote, version);
      if (held && !sameFiles(held, hashes)) throw contentDiffers(remote, version);
      return held !== undefined;
    };
    if (await check()) return;
    try {
      await inTransaction(this.database, async (trx) => {
        for (const [path, content] of files)
          await trx
            .insertInto('release_files')
            .values({
              remote,
              version,
              path,
              sha384: sha384Integrity(content),
              size: content.length,
              content,
            })
            .execute();
      });
    } catch (err) {
      // Another instance stored it meanwhile: the same files are fine.
      if (!isUniqueViolation(err)) throw err;
      if (!(await check())) throw err;
    }
  }

  async remove(remote: string, version: string): Promise<void> {
    await this.db
      .deleteFrom('release_files')
      .where('remote', '=', remote)
      .where('version', '=', version)
      .execute();
  }
}

/** The store the configuration names, or null when there is nowhere to keep files (no SITE_DIR). */
export function versionStoreFrom(
  env: { RELEASES_STORE: 'folder' | 'database'; RELEASES_STORE_DIR?: string; SITE_DIR?: string },
  database: Database,
): VersionStore | null {
  if (env.RELEASES_STORE === 'database') return new DatabaseStore(database);
  const root = env.RELEASES_STORE_DIR ?? (env.SITE_DIR ? join(env.SITE_DIR, 'remotes') : undefined);
  return root ? new FolderStore(root) : null;
}
