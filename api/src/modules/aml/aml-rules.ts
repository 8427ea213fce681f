/**
 * The money-laundering rules (docs/decisions/043-money-laundering-monitoring.md). Each looks at one
 * money event (a deposit or a withdrawal) with the player's ledger as it stood then, and answers
 * the alerts it raises, each with a key unique to the rule and its subject so that looking at the
 * same event again raises nothing new. Thresholds come from the configuration (integer cents,
 * shares in basis points); no float touches an amount.
 */
import type { AmlAlert } from '@mchezo/contracts/aml';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/crypto.js';
import type { AmlConfig } from './aml.config.js';
import { walletTransaction } from './aml.repository.js';
import type { AmlAlertsTable, AmlRule, AmlSeverity } from './aml.tables.js';
import {
  type Movement,
  movements,
  payoutsToPhone,
  staked,
  userIdOfPlayerRef,
} from './aml-monitor.repository.js';
import type { MoneyEvent } from './money-events.js';

export const SEVERITY: Record<AmlRule, AmlSeverity> = {
  large_transaction: 'high',
  structuring: 'high',
  stake_little: 'medium',
  rapid_in_out: 'medium',
  shared_payout_phone: 'high',
};

const HOUR_MS = 3_600_000;
const sum = (list: readonly Movement[]) => list.reduce((s, m) => s + m.amount, 0);

interface Raised {
  rule: AmlRule;
  subject: string;
  transactions: string[];
  figures: AmlAlert['figures'];
}

/** The alerts one event raises (none for an event no rule looks at). */
export async function evaluate(
  db: Kysely<DB>,
  config: AmlConfig,
  event: MoneyEvent,
  now: number,
): Promise<Insertable<AmlAlertsTable>[]> {
  if ((event.type !== 'deposit' && event.type !== 'withdrawal') || !event.playerRef || !event.reference)
    return [];
  const userId = await userIdOfPlayerRef(db, event.playerRef);
  if (!userId) return [];
  const t = event.occurredAt;
  const own = (await movements(db, userId, event.type, t, t)).find((m) => m.ref === event.reference);
  if (!own) return [];
  const raised =
    event.type === 'deposit'
      ? await depositRules(db, config, userId, own)
      : await withdrawalRules(db, config, userId, own);
  return raised.map((r) => ({
    id: newId(),
    dedupe_key: `${r.rule}:${r.subject}`,
    rule: r.rule,
    severity: SEVERITY[r.rule],
    user_id: userId,
    transactions: JSON.stringify(r.transactions),
    figures: JSON.stringify(r.figures),
    event_sequence: event.sequence,
    occurred_at: t,
    created_at: now,
  }));
}

function large(config: AmlConfig, type: 'deposit' | 'withdrawal', own: Movement): Raised[] {
  const threshold = config.AML_REPORT_THRESHOLD_CENTS;
  if (own.amount < threshold) return [];
  return [
    {
      rule: 'large_transaction',
      subject: own.ref,
      transactions: [own.ref],
      figures: { type, amount_cents: own.amount, threshold_cents: threshold },
    },
  ];
}

async function depositRules(
  db: Kysely<DB>,
  config: AmlConfig,
  userId: string,
  own: Movement,
): Promise<Raised[]> {
  const out = large(config, 'deposit', own);
  const threshold = config.AML_REPORT_THRESHOLD_CENTS;
  if (own.amount >= threshold) return out;
  // Structuring: the deposits below the threshold within the window ending at a deposit reach it
  // in number and sum. Raised at the first deposit where that holds, not again while an earlier
  // deposit of the window already held it (one alert per episode).
  const windowMs = config.AML_STRUCTURING_WINDOW_HOURS * HOUR_MS;
  const history = (await movements(db, userId, 'deposit', own.at - 2 * windowMs, own.at)).filter(
    (m) => m.amount < threshold,
  );
  const upTo = history.findIndex((m) => m.ref === own.ref);
  const windowOf = (i: number) => history.slice(0, i + 1).filter((m) => m.at > history[i]!.at - windowMs);
  const holds = (i: number) => {
    const w = windowOf(i);
    return w.length >= config.AML_STRUCTURING_MIN_DEPOSITS && sum(w) >= threshold;
  };
  if (upTo < 0 || !holds(upTo)) return out;
  for (let i = 0; i < upTo; i++) if (history[i]!.at > own.at - windowMs && holds(i)) return out;
  const window = windowOf(upTo);
  out.push({
    rule: 'structuring',
    subject: own.ref,
    transactions: window.map((m) => m.ref),
    figures: {
      deposits: window.length,
      sum_cents: sum(window),
      largest_cents: Math.max(...window.map((m) => m.amount)),
      threshold_cents: threshold,
      min_deposits: config.AML_STRUCTURING_MIN_DEPOSITS,
      window_hours: config.AML_STRUCTURING_WINDOW_HOURS,
    },
  });
  return out;
}

async function withdrawalRules(
  db: Kysely<DB>,
  config: AmlConfig,
  userId: string,
  own: Movement,
): Promise<Raised[]> {
  const out = large(config, 'withdrawal', own);
  const t = own.at;

  // Deposit, stake little, withdraw: within the window, what was staked since the first deposit
  // is under the configured share of what was deposited.
  const littleWindow = config.AML_STAKE_LITTLE_WINDOW_HOURS * HOUR_MS;
  const deposits = await movements(db, userId, 'deposit', t - littleWindow, t);
  const deposited = sum(deposits);
  if (deposits.length > 0 && deposited >= config.AML_STAKE_LITTLE_MIN_DEPOSIT_CENTS) {
    const stakes = await staked(db, userId, deposits[0]!.at, t);
    if (stakes * 10_000 < deposited * config.AML_STAKE_LITTLE_MAX_STAKE_BP)
      out.push({
        rule: 'stake_little',
        subject: own.ref,
        transactions: [...deposits.map((m) => m.ref), own.ref],
        figures: {
          deposited_cents: deposited,
          staked_cents: stakes,
          withdrawn_cents: own.amount,
          max_stake_bp: config.AML_STAKE_LITTLE_MAX_STAKE_BP,
          window_hours: config.AML_STAKE_LITTLE_WINDOW_HOURS,
        },
      });
  }

  // Rapid in-and-out: most of what came in within the last minutes goes out again.
  const rapidWindow = config.AML_RAPID_WINDOW_MINUTES * 60_000;
  const recent = deposits.filter((m) => m.at >= t - rapidWindow);
  const recentSum = sum(recent);
  if (
    recent.length > 0 &&
    recentSum >= config.AML_RAPID_MIN_DEPOSIT_CENTS &&
    own.amount * 10_000 >= recentSum * config.AML_RAPID_MIN_SHARE_BP
  )
    out.push({
      rule: 'rapid_in_out',
      subject: own.ref,
      transactions: [...recent.map((m) => m.ref), own.ref],
      figures: {
        deposited_cents: recentSum,
        withdrawn_cents: own.amount,
        minutes_between: Math.floor((t - recent[0]!.at) / 60_000),
        min_share_bp: config.AML_RAPID_MIN_SHARE_BP,
        window_minutes: config.AML_RAPID_WINDOW_MINUTES,
      },
    });

  // One payout number, several accounts: keyed by the number and how many accounts use it, so a
  // further account raises a new alert and the same ones never again.
  const tx = await walletTransaction(db, own.ref);
  if (tx) {
    const windowDays = config.AML_SHARED_PHONE_WINDOW_DAYS;
    const accounts = await payoutsToPhone(db, tx.phone_number, t - windowDays * 24 * HOUR_MS, t);
    if (accounts.length >= config.AML_SHARED_PHONE_MIN_ACCOUNTS)
      out.push({
        rule: 'shared_payout_phone',
        subject: `${tx.phone_number}:${accounts.length}`,
        transactions: accounts.map((a) => a.last_tx),
        figures: {
          phone: tx.phone_number,
          accounts: accounts.length,
          user_ids: accounts.map((a) => a.user_id),
          min_accounts: config.AML_SHARED_PHONE_MIN_ACCOUNTS,
          window_days: windowDays,
        },
      });
  }
  return out;
}
