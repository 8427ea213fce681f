#!/usr/bin/env node
// `node scripts/payments.mjs <command>`: the payment review queue for payments operators.
// Talks to the API over HTTP; the API enforces the payments_operator role (OPERATOR_PHONES).
// See api/README.md "Payment review" and docs/decisions/014-payment-outcomes-and-review.md.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

const HELP = `Usage: node scripts/payments.mjs <command> [options]

Commands:
  login [--phone +2547…] [--password …]   sign in (payments_operator role needed)
  logout                                   forget the stored tokens
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

Options:
  --note "<why>"   required for every decision (kept in the audit)
  --api <url>      the API (default $MCHEZO_API or http://127.0.0.1:8080)

Tokens are stored in $DATA_DIR/payments-cli.json, or ~/.mchezo/payments-cli.json (mode 0600).
`;

class CliError extends Error {}

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    api: { type: 'string' },
    note: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
    csv: { type: 'boolean' },
    month: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    period: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, ...args] = positionals;
const API = (opts.api ?? process.env.MCHEZO_API ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');

// ---- credentials -------------------------------------------------------------------------

const CREDENTIALS = process.env.DATA_DIR
  ? join(process.env.DATA_DIR, 'payments-cli.json')
  : join(homedir(), '.mchezo', 'payments-cli.json');

function readCredentials() {
  if (!existsSync(CREDENTIALS)) return {};
  try {
    return JSON.parse(readFileSync(CREDENTIALS, 'utf8'));
  } catch {
    return {};
  }
}

function saveCredentials(all) {
  mkdirSync(dirname(CREDENTIALS), { recursive: true, mode: 0o700 });
  writeFileSync(CREDENTIALS, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  chmodSync(CREDENTIALS, 0o600);
}

/** Tokens are kept per API, so one file serves staging and production. */
function session() {
  const s = readCredentials()[API];
  if (!s?.refresh_token)
    throw new CliError(`Not signed in to ${API}: run \`node scripts/payments.mjs login\``);
  return s;
}

function storeSession(s) {
  const all = readCredentials();
  if (s) all[API] = s;
  else delete all[API];
  saveCredentials(all);
}

// ---- HTTP --------------------------------------------------------------------------------

async function http(method, path, body, token) {
  let res;
  try {
    res = await fetch(`${API}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new CliError(
      `Cannot reach the API at ${API} (${err.cause?.code ?? err.message}); is it running? (--api)`,
    );
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: text.slice(0, 200) };
  }
  return { status: res.status, data, text };
}

function fail({ status, data }) {
  const issues = data?.issues ?? [];
  const error = data?.error ?? 'request failed';
  // With issues, the message's head and one line per issue (the message repeats them).
  const head = issues.length > 1 && error.includes(': ') ? `${error.split(': ')[0]}:` : error;
  const lines = [`${status}: ${head}${data?.code ? ` (${data.code})` : ''}`];
  if (head !== error) for (const issue of issues) lines.push(`  - ${issue.path}: ${issue.message}`);
  if (status === 401) lines.push('Sign in again: node scripts/payments.mjs login');
  if (status === 403) lines.push('Your account lacks the payments_operator role (see OPERATOR_PHONES).');
  throw new CliError(lines.join('\n'));
}

/** An authenticated call; an expired access token is refreshed once (and stored). */
async function call(method, path, body, { text = false } = {}) {
  let s = session();
  let res = await http(method, path, body, s.access_token);
  if (res.status === 401) {
    const refreshed = await http('POST', '/auth/refresh', { refresh_token: s.refresh_token });
    if (refreshed.status !== 200) {
      storeSession(null);
      fail(refreshed);
    }
    s = { ...s, access_token: refreshed.data.access_token, refresh_token: refreshed.data.refresh_token };
    storeSession(s);
    res = await http(method, path, body, s.access_token);
  }
  if (res.status >= 400) fail(res);
  return text ? res.text : res.data;
}

// ---- helpers -----------------------------------------------------------------------------

function need(value, what) {
  if (value === undefined || value === '') throw new CliError(`Missing ${what}.\n\n${HELP}`);
  return value;
}

function note() {
  const n = opts.note?.trim();
  if (!n) throw new CliError('Say why with --note "<why>": it is kept in the audit.');
  return n;
}

const show = (v) =>
  v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);

async function prompt(question, { secret = false } = {}) {
  if (!process.stdin.isTTY)
    throw new CliError(`${question.replace(/: $/, '')} is required (pass it as an option)`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (secret) {
    // Hide what is typed.
    rl._writeToOutput = (s) => {
      if (s.startsWith(question)) rl.output.write(question);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (secret) process.stdout.write('\n');
  return answer.trim();
}

// ---- commands ----------------------------------------------------------------------------

const commands = {
  async login() {
    const phone = opts.phone ?? process.env.MCHEZO_PHONE ?? (await prompt('Phone (+2547…): '));
    const password =
      opts.password ?? process.env.MCHEZO_PASSWORD ?? (await prompt('Password: ', { secret: true }));
    const res = await http('POST', '/auth/login', { phone, password });
    if (res.status !== 200) fail(res);
    if (res.data.needs_verification)
      throw new CliError('This account is not verified yet: verify the phone first.');
    storeSession({
      phone: res.data.user.phone,
      access_token: res.data.access_token,
      refresh_token: res.data.refresh_token,
    });
    console.log(`✓ signed in to ${API} as ${res.data.user.phone}; tokens stored in ${CREDENTIALS}`);
    if (!(res.data.user.roles ?? []).includes('payments_operator'))
      console.log('! this account has no payments_operator role: the API will refuse (403)');
  },

  async logout() {
    const s = readCredentials()[API];
    if (s?.access_token) await http('POST', '/auth/logout', {}, s.access_token).catch(() => {});
    storeSession(null);
    console.log(`✓ signed out of ${API}`);
  },

  async list() {
    const data = await call('GET', `/payments/review?limit=${Number(opts.limit ?? 50)}`);
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
    const r = await call('POST', `/payments/review/transactions/${id}/resolve`, { outcome, note: note() });
    console.log(`✓ ${r.transaction_id} is ${r.status} (balance adjusted by ${r.adjustment})`);
  },

  async close() {
    const id = need(args[0], 'the callback id');
    const r = await call('POST', `/payments/review/callbacks/${id}/resolve`, { note: note() });
    console.log(`✓ callback ${r.callback_id} closed`);
  },

  async assign() {
    const id = need(args[0], 'the Paybill payment id');
    const account = need(args[1], "the player's account number");
    const r = await call('POST', `/payments/review/paybill/${id}/assign`, {
      account_number: account,
      note: note(),
    });
    console.log(`✓ Paybill payment ${r.paybill_id} credited (transaction ${r.transaction_id})`);
  },

  async 'register-c2b'() {
    const r = await call('POST', '/payments/paybill/register-urls', {});
    console.log(
      `✓ C2B URLs registered for ${r.short_code} (ResponseType ${r.response_type}): ${r.description}`,
    );
  },

  async 'tax-report'() {
    let { from, to, period = 'day' } = opts;
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
      process.stdout.write(
        await call('GET', `/payments/tax-report?${query}&format=csv`, undefined, { text: true }),
      );
      return;
    }
    const r = await call('GET', `/payments/tax-report?${query}&format=json`);
    if (opts.json) return console.log(JSON.stringify(r, null, 2));
    const cols = ['excise_base', 'excise_duty', 'withholding_base', 'withholding_tax'];
    const line = (label, t) => [label.padEnd(10), ...cols.map((c) => t[c].toFixed(2).padStart(16))].join(' ');
    console.log(`Taxes ${r.from} to ${r.to} (${r.timezone}, ${r.currency}), per ${r.period}`);
    console.log([''.padEnd(10), ...cols.map((c) => c.padStart(16))].join(' '));
    for (const row of r.rows) console.log(line(row.period, row));
    console.log(line('total', r.totals));
  },

  async history() {
    const { entries } = await call('GET', `/payments/audit?limit=${Number(opts.limit ?? 20)}`);
    if (!entries.length) return console.log('No decisions yet.');
    for (const e of entries) {
      console.log(
        `${e.created_at}  ${e.actor}  ${e.action} ${e.subject_id}\n      ${show(e.before)} → ${show(e.after)}: ${e.note}`,
      );
    }
  },
};

if (opts.help || !command || command === 'help') {
  console.log(HELP);
} else if (!Object.hasOwn(commands, command)) {
  console.error(`Unknown command ${command}.\n\n${HELP}`);
  process.exitCode = 2;
} else {
  try {
    await commands[command]();
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    console.error(`✗ ${err.message}`);
    process.exitCode = 1;
  }
}
