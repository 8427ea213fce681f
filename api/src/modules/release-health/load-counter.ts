/**
 * What a ticket lets count (docs/decisions/031-release-health-tickets.md): a report of a version
 * counts only with a valid ticket naming that version, sent by the browser it was given to, and
 * only the ticket's first load, first failed load and first render error of that version. What
 * is counted is kept per version, minute and browser, a browser weighing at most
 * LOAD_WEIGHT_PER_CLIENT_PER_MINUTE of each a minute; everything else is added up per minute,
 * remote and reason, apart, never counted.
 */
import type { UncountedReason } from '@mchezo/contracts/release-health';
import type { RemoteName } from '@mchezo/contracts/releases';
import type { AppContext } from '../../context.js';
import {
  addCounted,
  addUncounted,
  type Figures,
  figureOf,
  firstUses,
  type Outcome,
} from './load-counts.repository.js';
import { type LoadTicket, refusalOf, type TicketCheck } from './load-ticket.service.js';
import type { ReleaseHealthConfig } from './release-health.config.js';

const MINUTE = 60_000;

/** One thing a page reports of a version: `n` loads that worked or failed, or a render error. */
interface Report {
  remote: RemoteName;
  version: string;
  outcome: Outcome;
  n: number;
}

const zero = (): Figures => ({ loads: 0, failures: 0, render_errors: 0 });

/** Sums figures per key (one row per key: an upsert may not touch a row twice). */
function sumBy<K>(items: { key: string; at: K; outcome: Outcome; n: number }[]) {
  const out = new Map<string, { at: K; figures: Figures }>();
  for (const { key, at, outcome, n } of items) {
    const row = out.get(key) ?? { at, figures: zero() };
    row.figures[figureOf[outcome]] += n;
    out.set(key, row);
  }
  return [...out.values()];
}

const keyOf = (r: Report) => `${r.remote}\n${r.version}\n${r.outcome}`;

export class LoadCounter {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: ReleaseHealthConfig,
  ) {}

  /** Counts what the ticket allows of `reports`, keeps the rest apart; answers how many were counted. */
  async record(check: TicketCheck, reports: Report[]): Promise<number> {
    const { clock, database } = this.ctx;
    const env = this.config;
    const minute = Math.floor(clock.now() / MINUTE) * MINUTE;
    const counted: Report[] = [];
    const apart: { report: Report; reason: UncountedReason }[] = [];
    const allowed: Report[] = [];
    for (const report of reports.filter((r) => r.n > 0)) {
      const reason = refusalOf(check, report.remote, report.version);
      if (reason) apart.push({ report, reason });
      else allowed.push(report);
    }
    if (check.ok) {
      const fresh = await this.firstUses(check.ticket, allowed);
      // A first use counts once, whatever number the page sent; any other use is a replay.
      for (const report of allowed) {
        if (fresh.delete(keyOf(report))) counted.push({ ...report, n: 1 });
        else apart.push({ report, reason: 'replayed' });
      }
      const client = check.ticket.client;
      const rows = sumBy(
        counted.map((r) => ({ key: `${r.remote}\n${r.version}`, at: r, outcome: r.outcome, n: r.n })),
      );
      await addCounted(
        database.db,
        rows.map(({ at, figures }) => ({
          remote: at.remote,
          remote_version: at.version,
          minute,
          client,
          ...figures,
        })),
        env.LOAD_WEIGHT_PER_CLIENT_PER_MINUTE,
      );
    }
    const uncounted = sumBy(
      apart.map(({ report, reason }) => ({
        key: `${report.remote}\n${reason}`,
        at: { remote: report.remote, reason },
        outcome: report.outcome,
        n: report.n,
      })),
    );
    await addUncounted(
      database.db,
      uncounted.map(({ at, figures }) => ({ minute, remote: at.remote, reason: at.reason, ...figures })),
    );
    return counted.length;
  }

  /** The keys of `reports` this ticket had not used yet (now recorded as used). */
  private async firstUses(ticket: LoadTicket, reports: Report[]): Promise<Set<string>> {
    const uses = new Map(
      reports.map((r) => [
        keyOf(r),
        {
          ticket: ticket.id,
          remote: r.remote,
          remote_version: r.version,
          outcome: r.outcome,
          expires_at: ticket.exp,
        },
      ]),
    );
    const inserted = await firstUses(this.ctx.database.db, [...uses.values()]);
    return new Set(
      inserted.map((u) =>
        keyOf({
          remote: u.remote as RemoteName,
          version: u.remote_version,
          outcome: u.outcome as Outcome,
          n: 1,
        }),
      ),
    );
  }
}
