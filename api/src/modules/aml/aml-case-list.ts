/**
 * GET /aml/cases: the money-laundering cases as compliance filters them (status, `active` for
 * open or reviewing; rule; severity; part of the player's phone or name), a page at a time with a
 * keyset cursor on the time each was opened and its id (a case's opening never changes, so paging
 * skips or repeats none while cases move), oldest or newest first.
 */
import type { AmlCaseRow, AmlCasesQuery, AmlCasesResponse } from '@mchezo/contracts/aml';
import { AML_CASES_PAGE } from '@mchezo/contracts/staff-compliance-constants';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.js';
import { contains, readQuery } from '../../lib/search-text.js';
import { iso } from '../../lib/time.js';
import { playerMatch } from './aml.repository.js';

/** `%…%` patterns of a player query; null when it can match nobody (only punctuation). */
export function playerPatterns(player: string | undefined) {
  if (!player) return {};
  const { digits, name } = readQuery(player);
  if (!digits && !name) return null;
  return {
    phonePattern: digits ? contains(digits) : undefined,
    namePattern: name ? contains(name) : undefined,
  };
}

const casesWithPlayer = (db: Kysely<DB>) =>
  db
    .selectFrom('aml_cases')
    .innerJoin('aml_alerts', 'aml_alerts.id', 'aml_cases.alert_id')
    .innerJoin('users', 'users.id', 'aml_cases.user_id')
    .leftJoin('users as opener', 'opener.id', 'aml_cases.opened_by')
    .select([
      'aml_cases.id',
      'aml_cases.alert_id',
      'aml_cases.status',
      'aml_cases.severity',
      'aml_alerts.rule',
      'aml_cases.user_id',
      'users.full_name as player_name',
      'users.phone as player_phone',
      'aml_cases.opened_at',
      'aml_cases.opened_by',
      'opener.full_name as opened_by_name',
      'opener.phone as opened_by_phone',
      (eb) =>
        eb
          .selectFrom('aml_case_events')
          .select((e) => e.fn.max('aml_case_events.created_at').as('at'))
          .whereRef('aml_case_events.case_id', '=', 'aml_cases.id')
          .as('last_step_at'),
    ]);

type Listed = Awaited<ReturnType<ReturnType<typeof casesWithPlayer>['execute']>>[number];

const rowDto = (r: Listed): AmlCaseRow => ({
  id: r.id,
  alert_id: r.alert_id,
  status: r.status,
  severity: r.severity,
  rule: r.rule,
  user_id: r.user_id,
  player_name: r.player_name,
  player_phone: r.player_phone,
  opened_at: iso(Number(r.opened_at)),
  opened_by: r.opened_by,
  opened_by_name: r.opened_by_name,
  opened_by_phone: r.opened_by_phone,
  last_step_at: iso(Number(r.last_step_at ?? r.opened_at)),
});

/** One page of cases as `query` asks. */
export async function casePage(db: Kysely<DB>, query: AmlCasesQuery): Promise<AmlCasesResponse> {
  const patterns = playerPatterns(query.player);
  if (!patterns) return { cases: [], next_cursor: null };
  const after = decodePageCursor(query.cursor);
  const newest = query.order === 'newest';
  const past = newest ? '<' : '>';
  let q = casesWithPlayer(db);
  if (query.status === 'active') q = q.where('aml_cases.status', 'in', ['open', 'reviewing']);
  else if (query.status) q = q.where('aml_cases.status', '=', query.status);
  if (query.rule) q = q.where('aml_alerts.rule', '=', query.rule);
  if (query.severity) q = q.where('aml_cases.severity', '=', query.severity);
  const match = playerMatch(patterns);
  if (match) q = q.where(match);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('aml_cases.opened_at', past, after.at),
        eb.and([eb('aml_cases.opened_at', '=', after.at), eb('aml_cases.id', past, after.id)]),
      ]),
    );
  const direction = newest ? 'desc' : 'asc';
  const rows = await q
    .orderBy('aml_cases.opened_at', direction)
    .orderBy('aml_cases.id', direction)
    .limit(AML_CASES_PAGE + 1)
    .execute();
  const page = rows.slice(0, AML_CASES_PAGE);
  const last = page.at(-1);
  return {
    cases: page.map(rowDto),
    next_cursor:
      rows.length > AML_CASES_PAGE && last ? encodePageCursor(Number(last.opened_at), last.id) : null,
  };
}
