/**
 * The checks of a version's files before it is listed (docs/decisions/049-version-store.md): an
 * upload's files against their declared sha384 and the size limits, its mf-manifest.json naming
 * only uploaded files; a published folder's files against the hashes recorded with it. Each
 * refusal says which files and why; nothing is stored or listed after one.
 */
import type { RemoteName, UploadVersionRequest } from '@mchezo/contracts/releases';
import { sha384Integrity } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import type { ReleasesConfig } from './releases.config.js';
import type { VersionStore } from './version-store.js';

type UploadLimits = Pick<ReleasesConfig, 'RELEASES_UPLOAD_MAX_FILE_BYTES' | 'RELEASES_UPLOAD_MAX_BYTES'>;

/** The uploaded files, decoded, each matching its declared hash and within the size limits; else 4xx. */
export function uploadedFiles(
  remote: RemoteName,
  version: string,
  req: UploadVersionRequest,
  limits: UploadLimits,
): Map<string, Buffer> {
  const { RELEASES_UPLOAD_MAX_FILE_BYTES: maxFile, RELEASES_UPLOAD_MAX_BYTES: maxTotal } = limits;
  // Maps, never plain-object lookups keyed by a client's strings (`constructor` is in every object).
  const declared = new Map(Object.entries(req.integrity));
  const sent = new Map(Object.entries(req.files));
  const missing = [...declared.keys()].filter((f) => !sent.has(f));
  const extra = [...sent.keys()].filter((f) => !declared.has(f));
  if (missing.length || extra.length)
    throw refuse(
      'UPLOAD_PATHS_DIFFER',
      `${remote} ${version}: files and integrity must name the same paths`,
      {
        issues: [
          ...missing
            .slice(0, 25)
            .map((f) => ({ path: `files.${f}`, message: 'declared in integrity, not uploaded' })),
          ...extra
            .slice(0, 25)
            .map((f) => ({ path: `files.${f}`, message: 'uploaded, not declared in integrity' })),
        ],
      },
    );
  const files = new Map<string, Buffer>();
  let total = 0;
  const mismatched: string[] = [];
  for (const path of [...declared.keys()].sort()) {
    const bytes = Buffer.from(sent.get(path) as string, 'base64');
    if (bytes.length > maxFile)
      throw refuse(
        'VERSION_TOO_LARGE',
        `${remote} ${version}: ${path} is ${bytes.length} bytes, over the ${maxFile} a file may be`,
      );
    total += bytes.length;
    if (total > maxTotal)
      throw refuse(
        'VERSION_TOO_LARGE',
        `${remote} ${version} is over the ${maxTotal} bytes a version may be`,
      );
    if (sha384Integrity(bytes) !== declared.get(path)) mismatched.push(path);
    files.set(path, bytes);
  }
  if (mismatched.length)
    throw refuse(
      'INTEGRITY_MISMATCH',
      `${remote} ${version}: ${mismatched.length} file${mismatched.length > 1 ? 's' : ''} differ from their declared sha384: ${mismatched.slice(0, 3).join(', ')}`,
      {
        issues: mismatched
          .slice(0, 50)
          .map((f) => ({ path: `${remote}/${version}/${f}`, message: 'differs from its declared sha384' })),
      },
    );
  return files;
}

/** The upload's mf-manifest.json is a JSON object naming only files of the upload; else 422. */
export function checkNamedFiles(
  remote: RemoteName,
  version: string,
  files: ReadonlyMap<string, Buffer>,
): void {
  const manifest = files.get('mf-manifest.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifest?.toString('utf8') ?? '');
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw refuse('INVALID_MF_MANIFEST', `${remote} ${version}: mf-manifest.json is not a JSON object`);
  const unnamed = namedFiles(parsed as MfNames).filter((f) => !files.has(f));
  if (unnamed.length)
    throw refuse(
      'INCOMPLETE_VERSION',
      `${remote} ${version}: mf-manifest.json names files that are not in the upload: ${unnamed.slice(0, 5).join(', ')}`,
    );
}

/**
 * The version's files are in the store, exactly the recorded ones, byte for byte: a publish of
 * a version that is not there, or that changed since its hashes were taken, is refused (422)
 * and nothing is listed.
 */
export async function checkStored(
  store: VersionStore,
  remote: RemoteName,
  version: string,
  integrity: Record<string, string>,
): Promise<void> {
  const onDisk = await store.list(remote, version);
  if (!onDisk)
    throw refuse(
      'VERSION_FOLDER_MISSING',
      `${remote} ${version} has no folder remotes/${remote}/${version} in the version store (${store.kind}): upload it (PUT …/versions/${version}), or build or copy it there first`,
    );
  const recorded = new Map(Object.entries(integrity));
  const held = new Map(Object.entries(onDisk));
  const problems = [
    ...[...recorded.keys()].filter((f) => !held.has(f)).map((f) => `${f}: recorded but not in the folder`),
    ...[...recorded]
      .filter(([f, hash]) => held.has(f) && held.get(f) !== hash)
      .map(([f]) => `${f}: differs from its recorded sha384`),
    ...[...held.keys()].filter((f) => !recorded.has(f)).map((f) => `${f}: in the folder but not recorded`),
  ].sort();
  if (problems.length)
    throw refuse(
      'INTEGRITY_MISMATCH',
      `${remote} ${version} does not match its folder (${problems.length} file${problems.length > 1 ? 's' : ''}): ${problems.slice(0, 3).join('; ')}`,
      { issues: problems.slice(0, 50).map((message) => ({ path: `${remote}/${version}`, message })) },
    );
}

interface MfNames {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { assets?: unknown }[];
}

/** The files a version's mf-manifest.json names: its remote entry and its exposes' assets. */
function namedFiles(manifest: MfNames): string[] {
  const out = new Set<string>();
  const clean = (p: string) => p.replace(/^\.?\//, '');
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name === 'string' && entry.name)
    out.add(clean(`${typeof entry.path === 'string' && entry.path ? `${entry.path}/` : ''}${entry.name}`));
  for (const e of Array.isArray(manifest.exposes) ? manifest.exposes : []) {
    const a = e?.assets as { js?: Record<string, unknown>; css?: Record<string, unknown> } | undefined;
    for (const kind of [a?.js, a?.css])
      for (const list of [kind?.sync, kind?.async])
        if (Array.isArray(list)) for (const f of list) if (typeof f === 'string' && f) out.add(clean(f));
  }
  return [...out];
}
