/**
 * Tax rates by date (docs/decisions/040-tax-rates-by-date.md): each rate of excise duty and
 * withholding tax is kept with the instant it takes effect (tax_rates), a transaction books the
 * rate in force when it is made (taxes.ts `taxAt`), and finance staff schedule a change
 * (`POST /finance/tax-rates`, `node scripts/payments.mjs tax-rate`) or cancel one still ahead, audited
 * in the staff audit (finance-audit.ts). A cancelled change moves from tax_rates to tax_rate_cancellations with who
 * cancelled it, when and why: the list shows it as `cancelled`, and the rate in force, read from
 * tax_rates alone, never sees it. The environment's rates (TAX_EXCISE_RATE, TAX_WITHHOLDING_RATE)
 * are the first rows, written when the app starts and a kind has none; after that a change is
 * scheduled, never made by the environment.
 */

import type { ScheduleTaxRateRequest, TaxRate, TaxRatesResponse } from '@mchezo/contracts/payments';
import { TAX_KINDS } from '@mchezo/contracts/wallet';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import {
  type CancelledRateListed,
  deleteScheduledRate,
  envRate,
  findRate,
  insertCancelledRate,
  insertRateOnce,
  isCancelledRate,
  listCancelledRates,
  listRatesWithSetter,
  nameOfPhone,
  rateAt,
  type TaxRateListed,
  type TaxRateRow,
} from '../wallet/ledger.service.js';
import type { FinanceConfig } from './finance.config.js';
import { auditEntry, type FinanceActor, type RecordAudit, scheduleNotes } from './finance-audit.js';

/**
 * How far ahead a change must be: a transaction being made as it is scheduled reads the rate
 * before it commits, so a change that close could be missed by one made after its instant.
 */
export const TAX_RATE_MIN_LEAD_MS = 60_000;

/** The row of each kind in force at `at`: its newest with effective_from at or before it. */
function inForceAt(rows: TaxRateRow[], at: number): Map<string, TaxRateRow> {
  const out = new Map<string, TaxRateRow>();
  for (const r of rows) if (r.effective_from <= at) out.set(r.kind, r); // oldest first: the last wins
  return out;
}

type Listed = TaxRateListed | CancelledRateListed;

function statusOf(r: Listed, inForce: Map<string, TaxRateRow>, now: number): TaxRate['status'] {
  if ('cancelled_at' in r) return 'cancelled';
  if (r.effective_from > now) return 'scheduled';
  return inForce.get(r.kind) === r ? 'in_force' : 'past';
}

/** `note`: why it was scheduled; a cancelled change's own `note` is why it was cancelled. */
const rateDto = (r: Listed, note: string | null, inForce: Map<string, TaxRateRow>, now: number): TaxRate => {
  const cancelled = 'cancelled_at' in r ? r : null;
  return {
    id: r.id,
    kind: r.kind,
    rate_bp: r.rate_bp,
    effective_from: r.effective_from === 0 ? null : iso(r.effective_from),
    status: statusOf(r, inForce, now),
    created_by: r.created_by,
    created_by_name: r.created_by_name,
    created_at: iso(r.created_at),
    note,
    cancelled_at: cancelled ? iso(cancelled.cancelled_at) : null,
    cancelled_by: cancelled?.cancelled_by ?? null,
    cancelled_by_name: cancelled?.cancelled_by_name ?? null,
    cancel_note: cancelled?.note ?? null,
  };
};

export class TaxRatesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: FinanceConfig,
    private readonly audit: RecordAudit,
  ) {}

  /**
   * At start: the environment's rate becomes the first row (from 0) of a kind that has none, so an
   * existing install books what it booked before. Warns when the environment names another rate
   * than the one in force: changing it does nothing once the first row is written.
   */
  async seedFromEnvironment(): Promise<void> {
    const { database, clock, log } = this.ctx;
    const env = this.config;
    const now = clock.now();
    for (const kind of TAX_KINDS) {
      const rate_bp = envRate(env, kind);
      await insertRateOnce(database.db, {
        id: newId(),
        kind,
        rate_bp,
        effective_from: 0,
        created_by: 'environment',
        created_at: now,
      });
      const inForce = await rateAt(database.db, env, kind, now);
      if (inForce !== rate_bp)
        log.warn(
          { kind, environment_bp: rate_bp, in_force_bp: inForce },
          'the environment names another tax rate than the one in force; it gives the first rate only: schedule a change with POST /api/v1/finance/tax-rates',
        );
    }
  }

  async list(): Promise<TaxRatesResponse> {
    const { database, clock } = this.ctx;
    const env = this.config;
    const now = clock.now();
    const rows = await listRatesWithSetter(database.db);
    const cancelled = await listCancelledRates(database.db);
    // Per kind by effective_from, a cancelled change among the others; at one instant in the order
    // they were scheduled (a cancelled one first when its instant was scheduled again: a stable sort).
    const all = [...cancelled, ...rows].sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) || a.effective_from - b.effective_from || a.created_at - b.created_at,
    );
    const notes = await scheduleNotes(
      database.db,
      all.map((r) => r.id),
    );
    const inForce = inForceAt(rows, now);
    const current = (kind: TaxRate['kind']) => inForce.get(kind)?.rate_bp ?? envRate(env, kind);
    return {
      in_force: { excise: current('excise'), withholding: current('withholding') },
      rates: all.map((r) => rateDto(r, notes.get(r.id) ?? null, inForce, now)),
    };
  }

  /** Schedules `kind` at `rate_bp` from `effective_from` (at least a minute ahead); audited. */
  async schedule(actor: FinanceActor, req: ScheduleTaxRateRequest): Promise<TaxRate> {
    const { database, clock } = this.ctx;
    const env = this.config;
    const from = Date.parse(req.effective_from);
    return inTransaction(database, async (trx) => {
      const now = clock.now();
      if (from < now + TAX_RATE_MIN_LEAD_MS)
        throw refuse('NOT_IN_FUTURE', 'effective_from must be at least a minute in the future');
      const before = await rateAt(trx, env, req.kind, from);
      const row: TaxRateRow = {
        id: newId(),
        kind: req.kind,
        rate_bp: req.rate_bp,
        effective_from: from,
        created_by: actor.phone,
        created_at: now,
      };
      if (!(await insertRateOnce(trx, row)))
        throw refuse('ALREADY_SCHEDULED', `A ${req.kind} rate is already scheduled from ${iso(from)}`);
      await this.audit(
        trx,
        auditEntry(actor, 'finance.tax_rate_scheduled', ['tax_rate', row.id], {
          before: { kind: req.kind, rate_bp: before, at: iso(from) },
          after: { kind: req.kind, rate_bp: req.rate_bp, effective_from: iso(from) },
          note: req.note,
        }),
      );
      return rateDto(
        { ...row, created_by_name: await nameOfPhone(trx, actor.phone) },
        req.note,
        new Map(),
        now,
      );
    });
  }

  /**
   * Cancels a scheduled change still at least a minute ahead: moved to tax_rate_cancellations with
   * who cancelled it, when and why; audited.
   */
  async cancel(actor: FinanceActor, id: string, note: string) {
    const { database, clock } = this.ctx;
    const env = this.config;
    return inTransaction(database, async (trx) => {
      const now = clock.now();
      if (!(await findRate(trx, id))) {
        if (await isCancelledRate(trx, id))
          throw refuse('ALREADY_CANCELLED', 'This change is already cancelled');
        throw refuse('NOT_FOUND', 'Tax rate not found');
      }
      const row = await deleteScheduledRate(trx, id, now + TAX_RATE_MIN_LEAD_MS);
      if (!row)
        throw refuse(
          'NOT_SCHEDULED',
          'This rate is in force or takes effect within a minute: schedule another change instead',
        );
      await insertCancelledRate(trx, { ...row, cancelled_by: actor.phone, cancelled_at: now, note });
      const at = iso(row.effective_from);
      await this.audit(
        trx,
        auditEntry(actor, 'finance.tax_rate_cancelled', ['tax_rate', id], {
          before: { kind: row.kind, rate_bp: row.rate_bp, effective_from: at },
          after: { kind: row.kind, rate_bp: await rateAt(trx, env, row.kind, row.effective_from), at },
          note,
        }),
      );
      return { id, cancelled: true as const };
    });
  }
}
