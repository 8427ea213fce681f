/**
 * The `<reason>` of a goAML report (docs/decisions/043-money-laundering-monitoring.md): what the
 * Financial Reporting Centre's analyst reads first, so it says in plain English what the rule
 * saw (money as KES, windows in hours, shares in per cent) and the case's trail, each step with
 * its East Africa Time, who took it and why. The figures are the alert's own (aml-rules.ts).
 */
import { centsToDecimal } from '@mchezo/contracts/money';
import { eatIso } from '../../../lib/time.js';

export interface ReasonAlert {
  rule: string;
  severity: string;
  figures: Record<string, unknown>;
}

export interface ReasonStep {
  to_status: string | null;
  actor_name: string | null;
  actor_phone: string | null;
  reason: string;
  created_at: number;
}

/** Integer cents as `KES 1,050,000.00` (the digits from centsToDecimal, no float on the way). */
function kes(cents: unknown): string {
  const [whole = '', fraction] = centsToDecimal(Number(cents)).split('.');
  return `KES ${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}
/** Basis points as a per cent: 1000 → "10%", 1250 → "12.5%". */
const percent = (bp: unknown) => `${Number(bp) / 100}%`;

/** What the rule saw, in one sentence per rule; an unknown rule keeps its raw figures. */
function finding(rule: string, f: Record<string, unknown>): string {
  switch (rule) {
    case 'large_transaction':
      return `A single ${f.type} of ${kes(f.amount_cents)}, at or above the reporting threshold of ${kes(f.threshold_cents)}.`;
    case 'structuring':
      return `${f.deposits} deposits within ${f.window_hours} hours, each below the reporting threshold of ${kes(f.threshold_cents)}, together ${kes(f.sum_cents)} (the largest ${kes(f.largest_cents)}).`;
    case 'stake_little':
      return `${kes(f.deposited_cents)} deposited within ${f.window_hours} hours and only ${kes(f.staked_cents)} staked (under ${percent(f.max_stake_bp)} of it) before a withdrawal of ${kes(f.withdrawn_cents)}.`;
    case 'rapid_in_out':
      return `A withdrawal of ${kes(f.withdrawn_cents)} ${f.minutes_between} minutes after deposits of ${kes(f.deposited_cents)} (${percent(f.min_share_bp)} or more of them out within ${f.window_minutes} minutes).`;
    case 'shared_payout_phone':
      return `Payouts to the mobile number ${f.phone} asked for by ${f.accounts} accounts within ${f.window_days} days.`;
    default:
      return `Figures: ${JSON.stringify(f)}.`;
  }
}

const VERB: Record<string, string> = {
  open: 'Opened',
  reviewing: 'Reviewed',
  reported: 'Reported',
  dismissed: 'Dismissed',
};

/** The report's reason: the finding, then each step of the case that changed its status. */
export function goamlReason(alert: ReasonAlert, steps: ReasonStep[]): string {
  const trail = steps
    .filter((s) => s.to_status)
    .map((s) => {
      const who = [s.actor_name, s.actor_phone && `(${s.actor_phone})`].filter(Boolean).join(' ');
      const at = eatIso(s.created_at).slice(0, 16).replace('T', ' ');
      return `${at} ${VERB[s.to_status!] ?? s.to_status}${who ? ` by ${who}` : ''}: ${s.reason}`;
    });
  return [
    `Monitoring rule ${alert.rule} (severity ${alert.severity}): ${finding(alert.rule, alert.figures)}`,
    'Case trail (East Africa Time):',
    ...trail,
  ].join('\n');
}
