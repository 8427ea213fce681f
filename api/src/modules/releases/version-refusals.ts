/**
 * The refusals about a published version's life that more than one step gives: no store to
 * publish into, a version published already, retired already, or retired and so never in front
 * of players again (docs/decisions/058-retiring-versions.md).
 */
import { type AppError, refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import type { VersionRow } from './releases.repository.js';

/** A version row's retirement: when (null: kept) and by whom. */
type Retirement = Pick<VersionRow, 'retired_at' | 'retired_by'>;

/** 409 VERSION_RETIRED: a retired version never goes in front of players again. */
export function versionRetired(remote: string, version: string, row: Retirement): AppError {
  const when = row.retired_at === null ? '' : ` ${iso(row.retired_at)} by ${row.retired_by}`;
  return refuse(
    'VERSION_RETIRED',
    `${remote} ${version} was retired${when}: its files are gone and it never goes in front of players again; publish a new version`,
  );
}

export const noStore = () =>
  refuse(
    'NO_CDN_FOLDER',
    'No CDN folder is configured (SITE_DIR, or RELEASES_STORE=database): a version is published into the version store',
  );

export const versionExists = (remote: string, version: string) =>
  refuse('VERSION_EXISTS', `${remote} ${version} is already published; a published version never changes`);
export const alreadyRetired = (remote: string, version: string, row: VersionRow) =>
  refuse(
    'ALREADY_RETIRED',
    `${remote} ${version} was retired already${row.retired_at === null ? '' : `, ${iso(row.retired_at)} by ${row.retired_by}`}`,
  );
