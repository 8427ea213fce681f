/**
 * Money for the money-laundering tests (docs/decisions/043): a player's deposits, bets, wins and
 * withdrawals booked at chosen times through the wallet's own ledger insert (bookEntries), so each
 * writes its event to the outbox in its transaction as the real flows do, with amounts above the
 * deposit maximum and times hours apart; and the monitor's round.
 */
import { inTransaction } from '../src/db/tx.js';
import { newId } from '../src/lib/crypto.js';
import { AmlMonitor } from '../src/modules/aml/aml-monitor.service.js';
import { bookEntries } from '../src/modules/wallet/wallet.repository.js';
import { freshPhone, type TestApp } from './helpers.js';

/** KES in cents. */
export const KES = (shillings: number) => shillings * 100;
export const HOUR = 3_600_000;
/** The default reporting threshold: KSh 1,000,000. */
export const THRESHOLD = KES(1_000_000);

export function amlKit(t: TestApp) {
  const db = () => t.app.ctx.database.db;
  // Each player's own mobile-money phone unless a test names one (a shared one raises its rule).
  const phones = new Map<string, string>();
  const ownPhone = (userId: string) => {
    if (!phones.has(userId)) phones.set(userId, freshPhone());
    return phones.get(userId)!;
  };

  /** Books one movement at `at` (epoch ms); answers its reference (the wallet transaction's id). */
  async function money(
    userId: string,
    kind: 'deposit' | 'withdrawal' | 'bet' | 'win',
    amount: number,
    at: number,
    phone = ownPhone(userId),
  ): Promise<string> {
    const id = newId();
    await inTransaction(t.app.ctx.database, async (trx) => {
      if (kind === 'deposit' || kind === 'withdrawal')
        await trx
          .insertInto('wallet_transactions')
          .values({
            id,
            user_id: userId,
            type: kind,
            status: 'completed',
            amount,
            currency: 'KES',
            phone_number: phone,
            payment_method: 'mpesa',
            provider: 'simulator',
            provider_ref: `SIM${id.slice(-10).toUpperCase()}`,
            idempotency_key: id,
            request_hash: id,
            failure_reason: null,
            created_at: at,
            updated_at: at,
            settled_at: at,
            next_check_at: null,
            check_count: 0,
            tax_kind: null,
            tax_amount: 0,
            tax_mode: null,
          })
          .execute();
      const signed = kind === 'deposit' || kind === 'win' ? amount : -amount;
      await bookEntries(trx, userId, [{ pot: 'main', amount: signed, kind }], id, at);
    });
    return id;
  }

  // One monitor, as one instance of the API has (a second would wait for the first's lease).
  let monitor: AmlMonitor | undefined;
  /** One round of the monitor's job (as the runner starts it); answers what it did. */
  async function scan() {
    monitor ??= new AmlMonitor(t.app.ctx, t.env);
    const round = await monitor.job.runOnce();
    if (!round.leader) throw new Error('the monitor did not get its lease');
    return round.result;
  }

  const alertsOf = (userId: string) =>
    db().selectFrom('aml_alerts').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

  /** Stops the monitor: its lease is given up. */
  async function stopMonitor() {
    await monitor?.job.stop();
    monitor = undefined;
  }

  return { money, scan, stopMonitor, alertsOf, db };
}
