/**
 * The payments CLI for finance: the payment review queue, Paybill suspense, the tax report and
 * the tax rates by date (docs/decisions/014-payment-outcomes-and-review.md, 040). Run as
 * `node scripts/payments.mjs <command>`, which compiles this file when it changed. It talks to the
 * API through the shared HTTP core and the shared staff sign-in (@mchezo/api-client's cli-kit.ts);
 * the API enforces the finance role (FINANCE_PHONES). See api/README.md "Payment review".
 */
import { parseArgs } from 'node:util';
import { CliError, type Commands, staffCli } from '../shared/api-client/src/cli-kit.ts';
import type {
  FinanceAuditResponse,
  ReviewQueueResponse,
  TaxRate,
  TaxRatesResponse,
  TaxReportResponse,
} from '../shared/contracts/src/payments.ts';

const HELP = `Usage: node scripts/payments.mjs <command> [options]

Commands:
  login [--phone +2547…] [--password …] [--code 123456]
                                           sign in to staff with the password and the code from
                                           your authenticator app (asked when not given;
                                           $MCHEZO_TOTP_CODE for scripts; or --recovery-code)
                                           (the finance role)
  logout                                   end the staff session, forget the token
  list [--limit 50] [--json]               transactions in review, kept callbacks, Paybill suspense
  resolve <transaction id> completed|failed --note "<why>"
                                           decide a transaction in review (money follows)
  close <callback id> --note "<why>"       close a kept callback (nothing moves)
  assign <paybill id> <account no.> --note "<why>"
                                           credit a Paybill payment in suspense to a player
  register-c2b                             register the Paybill (C2B) confirmation and
                                           validation URLs with the provider (once per shortcode)
  history [--limit 20]                     the audit: who, when, what, before/after, why
  tax-report --month 2026-11 [--csv]       excise duty and withholding tax per day of a month
  tax-report --from 2026-01-01 --to 2026-12-31 [--period day|month] [--csv]
                                           the same for any range (East Africa Time)
                                           (--csv --by-rate: one line per period, tax and rate)
  tax-rates [--json]                       the tax rates: in force now, past, scheduled and
                                           cancelled (who cancelled it, when and why)
  tax-rate excise|withholding <basis points> --from <date-time> --note "<why>"
                                           schedule a change of rate (500 = 5%) from an instant
                                           at least a minute ahead, e.g. 2027-07-01T00:00:00+03:00
  tax-rate-cancel <rate id> --note "<why>" cancel a scheduled change still a minute ahead

Options:
  --note "<why>"   required for every decision (kept in the audit)
  --api <url>      the API (default $MCHEZO_API or http://127.0.0.1:8080)

The staff token is stored in $DATA_DIR/payments-cli.json, or ~/.mchezo/payments-cli.json
(mode 0600); when the staff session ends (idle, expired) the tool says so: log in again.
`;

const { values: opts, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    api: { type: 'string' },
    note: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    code: { type: 'string' },
    'recovery-code': { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
    csv: { type: 'boolean' },
    'by-rate': { type: 'boolean' },
    month: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    period: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, ...args] = positionals;
const { call, callWithStatus, need, sessionCommands, run } = staffCli({
  name: 'payments',
  role: 'finance',
  roleSource: 'FINANCE_PHONES',
  help: HELP,
  api: opts.api,
});

// ---- helpers -----------------------------------------------------------------------------

function note(): string {
  const n = opts.note?.trim();
  if (!n) throw new CliError('Say why with --note "<why>": it is kept in the audit.');
  return n;
}

const show = (v: unknown) =>
  v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);

// The JSON answers integer cents; printed as KES with two decimals, never through a float.
const kes = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const TAX_COLUMNS = ['excise_base', 'excise_duty', 'withholding_base', 'withholding_tax'] as const;
type TaxTotals = TaxReportResponse['totals'];

const taxLine = (label: string, t: TaxTotals) =>
  [label.padEnd(10), ...TAX_COLUMNS.map((c) => kes(t[`${c}_cents`]).padStart(16))].join(' ');

function rateLine(rate: TaxRate): string {
  const cancelled =
    rate.status === 'cancelled'
      ? `; cancelled by ${rate.cancelled_by} at ${rate.cancelled_at}: ${rate.cancel_note}`
      : '';
  return `  ${rate.id}  ${rate.kind.padEnd(11)} ${String(rate.rate_bp).padStart(5)} bp  from ${rate.effective_from ?? 'the start'}  ${rate.status}  (${rate.created_by}${rate.note ? `: ${rate.note}` : ''}${cancelled})`;
}

// ---- commands ----------------------------------------------------------------------------

const commands: Commands = {
  ...sessionCommands(opts),

  async list() {
    const data = await call<ReviewQueueResponse>('GET', `/finance/review?limit=${Number(opts.limit ?? 50)}`);
    if (opts.json) return console.log(JSON.stringify(data, null, 2));
    console.log(`Transactions in review: ${data.transactions.length}`);
    for (const r of data.transactions) {
      console.log(
        `  ${r.transaction_id}  ${r.type.padEnd(10)} ${r.currency} ${r.amount}  ${r.phone_number}  ${r.reason} (was ${r.status_before}) since ${r.review_created_at}`,
      );
      console.log(`      expected ${show(r.expected)}\n      reported ${show(r.reported)}`);
    }
    console.log(`Paybill payments in suspense: ${(data.paybill ?? []).length}`);
    for (const p of data.paybill ?? []) {
      console.log(
        `  ${p.paybill_id}  ${p.trans_id}  ${p.currency} ${p.amount}  account "${p.bill_ref}"  from ${p.msisdn}  ${p.reason}  ${p.received_at}`,
      );
    }
    console.log(`Kept callbacks: ${data.callbacks.length}`);
    for (const c of data.callbacks) {
      console.log(
        `  ${c.callback_id}  ${c.kind.padEnd(14)} ${c.reason}  ref ${show(c.provider_ref)}  tx ${show(c.transaction_id)}  ${c.received_at}`,
      );
    }
  },

  async resolve() {
    const id = need(args[0], 'the transaction id');
    const outcome = need(args[1], 'the outcome (completed or failed)');
    if (!['completed', 'failed'].includes(outcome)) throw new CliError('The outcome is completed or failed.');
    const r = await call<{ transaction_id: string; status: string; adjustment: string | number }>(
      'POST',
      `/finance/review/transactions/${id}/resolve`,
      { outcome, note: note() },
    );
    console.log(`✓ ${r.transaction_id} is ${r.status} (balance adjusted by ${r.adjustment})`);
  },

  async close() {
    const id = need(args[0], 'the callback id');
    const r = await call<{ callback_id: string }>('POST', `/finance/review/callbacks/${id}/resolve`, {
      note: note(),
    });
    console.log(`✓ callback ${r.callback_id} closed`);
  },

  async assign() {
    const id = need(args[0], 'the Paybill payment id');
    const account = need(args[1], "the player's account number");
    const r = await call<{ paybill_id: string; transaction_id: string }>(
      'POST',
      `/finance/review/paybill/${id}/assign`,
      { account_number: account, note: note() },
    );
    console.log(`✓ Paybill payment ${r.paybill_id} credited (transaction ${r.transaction_id})`);
  },

  async 'register-c2b'() {
    const r = await call<{ short_code: string; response_type: string; description: string }>(
      'POST',
      '/finance/paybill/register-urls',
      {},
    );
    console.log(
      `✓ C2B URLs registered for ${r.short_code} (ResponseType ${r.response_type}): ${r.description}`,
    );
  },

  async 'tax-report'() {
    let { from, to } = opts;
    const period = opts.period ?? 'day';
    if (opts.month) {
      const m = /^(\d{4})-(\d{2})$/.exec(opts.month);
      if (!m) throw new CliError('--month is YYYY-MM (e.g. 2026-11).');
      const last = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
      from = `${opts.month}-01`;
      to = `${opts.month}-${String(last).padStart(2, '0')}`;
    }
    if (!from || !to) throw new CliError('Give --month YYYY-MM, or --from and --to (YYYY-MM-DD).');
    const query = `period=${encodeURIComponent(period)}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    if (opts.csv) {
      const by = opts['by-rate'] ? 'rate' : 'period';
      process.stdout.write(
        (await callWithStatus('GET', `/finance/tax-report?${query}&format=csv&by=${by}`)).text,
      );
      return;
    }
    const r = await call<TaxReportResponse>('GET', `/finance/tax-report?${query}&format=json`);
    if (opts.json) return console.log(JSON.stringify(r, null, 2));
    console.log(`Taxes ${r.from} to ${r.to} (${r.timezone}, ${r.currency}), per ${r.period}`);
    console.log([''.padEnd(10), ...TAX_COLUMNS.map((c) => c.padStart(16))].join(' '));
    for (const row of r.rows) console.log(taxLine(row.period, row));
    console.log(taxLine('total', r.totals));
    console.log('By rate (transactions made while it was in force):');
    for (const l of r.rate_periods) {
      const span = `${l.from ?? 'before'} to ${l.to ?? 'now'}`;
      console.log(
        `  ${l.period.padEnd(10)} ${l.kind.padEnd(11)} ${String(l.rate_bp).padStart(5)} bp  ${span}  base ${kes(l.base_cents)}  tax ${kes(l.tax_cents)}`,
      );
    }
  },

  async 'tax-rates'() {
    const r = await call<TaxRatesResponse>('GET', '/finance/tax-rates');
    if (opts.json) return console.log(JSON.stringify(r, null, 2));
    console.log(
      `In force: excise ${r.in_force.excise} bp, withholding ${r.in_force.withholding} bp (500 bp = 5%)`,
    );
    for (const rate of r.rates) console.log(rateLine(rate));
  },

  async 'tax-rate'() {
    const kind = need(args[0], 'the tax (excise or withholding)');
    if (!['excise', 'withholding'].includes(kind)) throw new CliError('The tax is excise or withholding.');
    const rate = need(args[1], 'the rate in basis points (500 = 5%)');
    if (!/^\d{1,5}$/.test(rate)) throw new CliError('The rate is whole basis points: 500 = 5%.');
    if (!opts.from)
      throw new CliError('Say from when with --from <date-time>, e.g. 2027-07-01T00:00:00+03:00.');
    const r = await call<TaxRate>('POST', '/finance/tax-rates', {
      kind,
      rate_bp: Number(rate),
      effective_from: opts.from,
      note: note(),
    });
    console.log(`✓ ${r.kind} at ${r.rate_bp} bp from ${r.effective_from} (${r.status})`);
  },

  async 'tax-rate-cancel'() {
    const id = need(args[0], 'the rate id (tax-rates lists them)');
    const r = await call<{ id: string }>('POST', `/finance/tax-rates/${id}/cancel`, { note: note() });
    console.log(`✓ rate ${r.id} cancelled`);
  },

  async history() {
    const { entries } = await call<FinanceAuditResponse>(
      'GET',
      `/finance/audit?limit=${Number(opts.limit ?? 20)}`,
    );
    if (!entries.length) return console.log('No decisions yet.');
    for (const e of entries) {
      console.log(
        `${e.created_at}  ${e.actor}  ${e.action} ${e.subject_id}\n      ${show(e.before)} → ${show(e.after)}: ${e.note}`,
      );
    }
  },
};

await run(commands, command, opts.help);
