/**
 * Where the release manifest lives: one JSON file under DATA_DIR, replaced atomically
 * (write to a temporary file, then rename), so a reader never sees half a manifest.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { ReleaseManifest } from '@mchezo/contracts/releases';
import { ReleaseManifest as ReleaseManifestSchema } from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';

export class ReleaseStore {
  private readonly file: string;
  constructor(
    dataDir: string,
    /** The CDN root holding `remotes/<name>/<version>/`, when this server serves the site. */
    private readonly siteDir: string | undefined,
  ) {
    const dir = join(dataDir, 'releases');
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'manifest.json');
  }

  read(): ReleaseManifest {
    if (!existsSync(this.file)) return { revision: 0, remotes: {} };
    return ReleaseManifestSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
  }

  write(manifest: ReleaseManifest): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(tmp, this.file);
  }

  /** Version folders of a remote in the CDN root, newest first. */
  builtVersions(remote: string): string[] {
    if (!this.siteDir) return [];
    const dir = join(this.siteDir, 'remotes', remote);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((v) => existsSync(join(dir, v, 'mf-manifest.json')))
      .sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
  }

  /**
   * Points each remote at a version that exists: with `activateLatest` (a local `npm start`
   * deploys what it just built) the newest build; otherwise only remotes that have no
   * version yet, or whose version folder is gone. The enabled flag is kept.
   */
  syncWithBuilds(activateLatest: boolean): ReleaseManifest {
    const current = this.read();
    const remotes = { ...current.remotes };
    let changed = false;
    for (const name of REMOTE_NAMES) {
      const [latest] = this.builtVersions(name);
      if (!latest) continue;
      const existing = remotes[name];
      const exists = existing ? this.builtVersions(name).includes(existing.version) : false;
      if (!existing || !exists || (activateLatest && existing.version !== latest)) {
        remotes[name] = {
          version: latest,
          entry: `/remotes/${name}/${latest}/mf-manifest.json`,
          enabled: existing?.enabled ?? true,
        };
        changed = true;
      }
    }
    if (!changed) return current;
    const next = { revision: current.revision + 1, remotes };
    this.write(next);
    return next;
  }
}
