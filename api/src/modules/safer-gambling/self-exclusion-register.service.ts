/**
 * The self-exclusion register compliance keeps: every time-out and
 * self-exclusion players have taken, newest start first, with who, which phone, when it started
 * and ends, and whether it is in force now; exportable as a spreadsheet-safe CSV. Read only:
 * a restriction is never shortened or lifted (self_restrictions rows are kept for good).
 */
import type {
  SelfExclusionEntry,
  SelfExclusionsQuery,
  SelfExclusionsResponse,
} from '@mchezo/contracts/staff-compliance';
import { SELF_EXCLUSIONS_CSV_MAX_ROWS, SELF_EXCLUSIONS_PAGE } from '@mchezo/contracts/staff-compliance';
import type { AppContext } from '../../context.js';
import { csvCell } from '../../lib/csv.js';
import { refuse } from '../../lib/errors.js';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.js';
import { eatIso, eatMidnight, iso } from '../../lib/time.js';

const DAY_MS = 86_400_000;
const CSV_HEADER = ['player', 'phone', 'kind', 'length', 'start', 'end', 'active'];

export class SelfExclusionRegister {
  constructor(private readonly ctx: AppContext) {}

  async page(q: SelfExclusionsQuery): Promise<SelfExclusionsResponse> {
    const rows = await this.rows(q, SELF_EXCLUSIONS_PAGE + 1, q.cursor);
    const page = rows.slice(0, SELF_EXCLUSIONS_PAGE);
    const last = page.at(-1);
    const now = this.ctx.clock.now();
    return {
      entries: page.map((r) => entry(r, now)),
      next_cursor:
        rows.length > SELF_EXCLUSIONS_PAGE && last
          ? encodePageCursor(Number(last.started_at), last.id)
          : null,
    };
  }

  /** The whole filtered register as CSV (times in East Africa Time); 422 TOO_MANY_ROWS past the cap. */
  async csv(q: SelfExclusionsQuery): Promise<string> {
    const rows = await this.rows(q, SELF_EXCLUSIONS_CSV_MAX_ROWS + 1, undefined);
    if (rows.length > SELF_EXCLUSIONS_CSV_MAX_ROWS)
      throw refuse(
        'TOO_MANY_ROWS',
        `More than ${SELF_EXCLUSIONS_CSV_MAX_ROWS} rows: choose fewer days (from, to)`,
      );
    const now = this.ctx.clock.now();
    const lines = rows.map((r) =>
      [
        r.full_name ?? '',
        r.phone,
        r.kind,
        r.length,
        eatIso(Number(r.started_at)),
        eatIso(Number(r.ends_at)),
        Number(r.ends_at) > now ? 'yes' : 'no',
      ]
        .map(csvCell)
        .join(','),
    );
    return `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
  }

  private rows(q: SelfExclusionsQuery, limit: number, cursor: string | undefined) {
    const after = decodePageCursor(cursor);
    const now = this.ctx.clock.now();
    let s = this.ctx.database.db
      .selectFrom('self_restrictions')
      .innerJoin('users', 'users.id', 'self_restrictions.user_id')
      .select([
        'self_restrictions.id',
        'self_restrictions.user_id',
        'users.phone',
        'users.full_name',
        'self_restrictions.kind',
        'self_restrictions.length',
        'self_restrictions.started_at',
        'self_restrictions.ends_at',
      ]);
    if (q.active === true) s = s.where('self_restrictions.ends_at', '>', now);
    if (q.active === false) s = s.where('self_restrictions.ends_at', '<=', now);
    if (q.kind) s = s.where('self_restrictions.kind', '=', q.kind);
    if (q.from) s = s.where('self_restrictions.started_at', '>=', eatMidnight(q.from));
    if (q.to) s = s.where('self_restrictions.started_at', '<', eatMidnight(q.to) + DAY_MS);
    if (after)
      s = s.where((eb) =>
        eb.or([
          eb('self_restrictions.started_at', '<', after.at),
          eb.and([
            eb('self_restrictions.started_at', '=', after.at),
            eb('self_restrictions.id', '<', after.id),
          ]),
        ]),
      );
    return s
      .orderBy('self_restrictions.started_at', 'desc')
      .orderBy('self_restrictions.id', 'desc')
      .limit(limit)
      .execute();
  }
}

type Row = Awaited<ReturnType<SelfExclusionRegister['rows']>>[number];

const entry = (r: Row, now: number): SelfExclusionEntry => ({
  id: r.id,
  user_id: r.user_id,
  phone: r.phone,
  full_name: r.full_name,
  kind: r.kind,
  length: r.length,
  started_at: iso(Number(r.started_at)),
  ends_at: iso(Number(r.ends_at)),
  active: Number(r.ends_at) > now,
});
