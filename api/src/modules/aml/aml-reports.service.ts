/**
 * The reports for the Financial Reporting Centre (docs/decisions/043-money-laundering-monitoring.md):
 * from a case, the goAML XML of a suspicious-transaction report (STR) or a cash/threshold-transaction
 * report (CTR), kept in the case's trail; and for a date range the CSV of transactions at or above
 * the reporting threshold.
 */
import type { AmlAlert, GoamlReportQuery } from '@mchezo/contracts/aml';
import { centsToDecimal } from '@mchezo/contracts/money';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { csvCell } from '../../lib/csv.js';
import { notFound, refuse } from '../../lib/errors.js';
import { eatIso, eatMidnight } from '../../lib/time.js';
import type { AmlConfig } from './aml.config.js';
import {
  caseEvents,
  findAlert,
  findCase,
  insertCaseEvent,
  playerDetails,
  thresholdTransactions,
  walletTransaction,
} from './aml.repository.js';
import { goamlReason } from './goaml/goaml-reason.js';
import { buildGoamlReport, type GoamlTransaction } from './goaml/goaml-report.js';

const DAY_MS = 86_400_000;

export class AmlReportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: AmlConfig,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** The goAML XML of the case (STR: every transaction of its alert; CTR: those at or above the threshold). */
  async goaml(actor: string, id: string, type: GoamlReportQuery['type']): Promise<string> {
    const { config } = this;
    const { clock } = this.ctx;
    if (!config.GOAML_RENTITY_ID)
      throw refuse(
        'GOAML_NOT_CONFIGURED',
        'Set GOAML_RENTITY_ID (the reporting entity) to produce goAML reports',
      );
    const row = await findCase(this.db, id);
    if (!row) throw notFound('No such case');
    const alert = await findAlert(this.db, row.alert_id);
    const player = await playerDetails(this.db, row.user_id);
    if (!alert || !player) throw notFound('No such case');
    const transactions: GoamlTransaction[] = [];
    for (const txId of JSON.parse(alert.transactions) as string[]) {
      const tx = await walletTransaction(this.db, txId);
      if (!tx) continue;
      if (type === 'CTR' && tx.amount < config.AML_REPORT_THRESHOLD_CENTS) continue;
      transactions.push({ ...tx, at: Number(tx.settled_at ?? tx.created_at) });
    }
    if (transactions.length === 0)
      throw refuse(
        'NOTHING_TO_REPORT',
        type === 'CTR'
          ? 'No transaction of this case is at or above the reporting threshold'
          : 'This case has no wallet transaction to report',
      );
    const steps = await caseEvents(this.db, id);
    const now = clock.now();
    const xml = buildGoamlReport(config, {
      type,
      caseId: row.id,
      submittedAt: now,
      reason: goamlReason(
        { ...alert, figures: JSON.parse(alert.figures) as AmlAlert['figures'] },
        steps.map((s) => ({ ...s, created_at: Number(s.created_at) })),
      ),
      action: row.status === 'reported' ? 'Reported to the FRC; account under review' : 'Under review',
      player,
      transactions,
    });
    await inTransaction(this.ctx.database, (trx) =>
      insertCaseEvent(trx, {
        id: newId(),
        case_id: id,
        from_status: null,
        to_status: null,
        action: `goaml_${type.toLowerCase()}`,
        actor,
        reason: `goAML ${type} produced`,
        created_at: now,
      }),
    );
    return xml;
  }

  /** Completed transactions at or above the reporting threshold, EAT days `from` to `to` included. */
  async thresholdCsv(from: string, to: string): Promise<string> {
    const rows = await thresholdTransactions(
      this.db,
      this.config.AML_REPORT_THRESHOLD_CENTS,
      eatMidnight(from),
      eatMidnight(to) + DAY_MS,
    );
    return [
      'transaction_id,type,created_at,settled_at,amount,currency,player_ref,phone,provider,provider_ref',
      ...rows.map((r) =>
        [
          r.id,
          r.type,
          eatIso(Number(r.created_at)),
          r.settled_at == null ? '' : eatIso(Number(r.settled_at)),
          centsToDecimal(Number(r.amount)),
          r.currency,
          r.player_ref,
          r.phone_number,
          r.provider,
          r.provider_ref ?? '',
        ]
          .map((v) => csvCell(String(v)))
          .join(','),
      ),
      '',
    ].join('\n');
  }
}
