import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, json, type Player, startApp, type TestApp } from './helpers.js';
import { enrol, nextStep, totpCode } from './staff-kit.js';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '../../scripts/payments.mjs');

describe('payments operator CLI (sqlite, over HTTP)', () => {
  let t: TestApp;
  let home: string;
  let api: string;
  let p: Player;
  const phone = freshPhone();
  /** The operator's next authenticator code (the clock moves to the next step). */
  let code: () => string;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mchezo-payments-cli-'));
    t = await startApp('sqlite', { FINANCE_PHONES: phone });
    const enrolled = await enrol(t, await t.signedInPlayer(phone));
    code = () => {
      nextStep(t);
      return totpCode(enrolled.secret, t.clock.now());
    };
    p = await t.signedInPlayer();
    api = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(home, { recursive: true, force: true });
  });

  const cli = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, [CLI, ...args, '--api', api], {
        env: { ...process.env, DATA_DIR: home },
      });
      return { code: 0, out: stdout };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: `${e.stdout}${e.stderr}` };
    }
  };

  it('prints the tax report of a month, as a table or CSV', async () => {
    await cli('login', '--phone', phone, '--password', 'correct-horse', '--code', code());
    const table = await cli('tax-report', '--month', '2026-02');
    expect(table.code, table.out).toBe(0);
    expect(table.out).toMatch(/Taxes 2026-02-01 to 2026-02-28 \(Africa\/Nairobi, KES\), per day/);
    expect(table.out).toMatch(/2026-02-28 +0\.00 +0\.00 +0\.00 +0\.00\ntotal +0\.00/);
    const csv = await cli('tax-report', '--month', '2026-02', '--csv');
    expect(csv.code, csv.out).toBe(0);
    const lines = csv.out.trim().split('\n');
    expect(lines[0]).toBe('period,excise_base,excise_duty,withholding_base,withholding_tax');
    expect(lines).toHaveLength(30);
    expect(lines[29]).toBe('total,0.00,0.00,0.00,0.00');
    expect((await cli('tax-report', '--month', '2026-13')).code).toBe(1);
    await cli('logout');
  });

  it('logs in, lists the review queue, resolves with a note and shows the audit', async () => {
    expect((await cli('list')).out).toMatch(/Not signed in/);
    const login = await cli('login', '--phone', phone, '--password', 'correct-horse', '--code', code());
    expect(login.code, login.out).toBe(0);
    expect(statSync(join(home, 'payments-cli.json')).mode & 0o777).toBe(0o600);

    const d = json(await t.walletRequest('deposit', p, 250));
    await t.settlePayments();
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    await t.post(`/payments/callbacks/simulator/${secret}/deposit`, {
      provider_ref: `SIM-${d.transaction_id}`,
      result_code: 1032,
      result_desc: 'late cancel',
    });
    const list = await cli('list');
    expect(list.out).toMatch(
      new RegExp(`${d.transaction_id} +deposit +KES 250 .*CONTRADICTS_SETTLED \\(was completed\\)`),
    );
    expect((await cli('resolve', d.transaction_id, 'failed')).out).toMatch(/--note/);
    expect((await cli('resolve', d.transaction_id, 'maybe', '--note', 'x')).code).toBe(1);
    const ok = await cli(
      'resolve',
      d.transaction_id,
      'completed',
      '--note',
      'receipt confirmed on the portal',
    );
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(/is completed \(balance adjusted by 0\)/);
    const twice = await cli('resolve', d.transaction_id, 'failed', '--note', 'again');
    expect(twice.code).toBe(1);
    expect(twice.out).toMatch(/409.*NOT_IN_REVIEW/s);
    const history = await cli('history');
    expect(history.out).toContain(phone);
    expect(history.out).toMatch(/finance\.transaction_completed .*\n.*receipt confirmed on the portal/);
  }, 60_000);

  it('lists Paybill suspense, assigns a payment to an account number and registers the C2B URLs', async () => {
    const account = json(await t.get('/wallet/paybill', p.headers)).account_number;
    const secret = t.env.PAYMENT_CALLBACK_SECRET;
    await t.post(`/payments/c2b/simulator/${secret}/confirmation`, {
      TransactionType: 'Pay Bill',
      TransID: 'TCL0000001',
      TransAmount: '75.00',
      BusinessShortCode: '174379',
      BillRefNumber: 'WRONG',
      MSISDN: '254708374149',
    });
    const list = await cli('list');
    const id = /(\S+) +TCL0000001 +KES 75 +account "WRONG" .*MALFORMED_ACCOUNT/.exec(list.out)?.[1];
    expect(id, list.out).toBeDefined();
    const before = (await t.balances(p)).main;
    const ok = await cli('assign', id as string, account, '--note', 'payer sent the M-Pesa SMS');
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(/credited \(transaction /);
    expect((await t.balances(p)).main).toBe(before + 75);
    expect((await cli('history')).out).toMatch(/finance\.paybill_assigned .*\n.*payer sent the M-Pesa SMS/);
    const reg = await cli('register-c2b');
    expect(reg.code, reg.out).toBe(0);
    expect(reg.out).toMatch(/C2B URLs registered for 174379 \(ResponseType Completed\)/);
  }, 60_000);

  it('lists the tax rates and schedules a change with a note', async () => {
    expect((await cli('login', '--phone', phone, '--password', 'correct-horse', '--code', code())).code).toBe(
      0,
    );
    const rates = await cli('tax-rates');
    expect(rates.code, rates.out).toBe(0);
    expect(rates.out).toMatch(/In force: excise 0 bp, withholding 0 bp/);
    expect(rates.out).toMatch(/excise +0 bp +from the start +in_force +\(environment\)/);
    const from = '2099-07-01T00:00:00+03:00';
    expect((await cli('tax-rate', 'excise', '750', '--from', from)).out).toMatch(/--note/);
    expect((await cli('tax-rate', 'excise', '7.5%', '--from', from, '--note', 'x')).code).toBe(1);
    expect((await cli('tax-rate', 'vat', '750', '--from', from, '--note', 'x')).code).toBe(1);
    const past = await cli('tax-rate', 'excise', '750', '--from', '2020-01-01T00:00:00Z', '--note', 'late');
    expect(past.code).toBe(1);
    expect(past.out).toMatch(/422.*NOT_IN_FUTURE/s);
    const ok = await cli('tax-rate', 'excise', '750', '--from', from, '--note', 'Finance Act 2099');
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(/excise at 750 bp from 2099-06-30T21:00:00.000Z \(scheduled\)/);
    expect((await cli('tax-rates')).out).toMatch(/excise +750 bp +from 2099-06-30T21:00:00.000Z +scheduled/);
    expect((await cli('history')).out).toMatch(/finance\.tax_rate_scheduled .*\n.*Finance Act 2099/);
    const id = /(\S+) +excise +750 bp/.exec((await cli('tax-rates')).out)?.[1];
    const cancelled = await cli('tax-rate-cancel', id as string, '--note', 'entered by mistake');
    expect(cancelled.code, cancelled.out).toBe(0);
    expect(cancelled.out).toMatch(/cancelled/);
    // Listed as cancelled, with who cancelled it and why; never in force.
    const after = (await cli('tax-rates')).out;
    const line = after.split('\n').find((l) => l.includes(' 750 bp '));
    expect(line).toMatch(/excise +750 bp +from 2099-06-30T21:00:00.000Z +cancelled /);
    expect(line).toContain(`(${phone}: Finance Act 2099; cancelled by ${phone} at 20`);
    expect(line).toMatch(/: entered by mistake\)$/);
    expect(after).toMatch(/In force: excise 0 bp/);
    await cli('logout');
  }, 60_000);

  it('tells a player without a staff role that the API refuses', async () => {
    const login = await cli('login', '--phone', p.phone, '--password', 'correct-horse', '--code', '123456');
    expect(login.code).toBe(1);
    expect(login.out).toMatch(/403.*STAFF_ROLE_REQUIRED.*finance role/s);
    expect((await cli('list')).out).toMatch(/Not signed in/);
  }, 60_000);

  it('keeps the staff token (0600) and says "signed out" once the staff session ended', async () => {
    const stored = () => JSON.parse(readFileSync(join(home, 'payments-cli.json'), 'utf8'))[api];
    const noCode = await cli('login', '--phone', phone, '--password', 'correct-horse');
    expect(noCode.code).toBe(1);
    expect(noCode.out).toMatch(/Code from your authenticator app is required/);
    expect((await cli('login', '--phone', phone, '--password', 'correct-horse', '--code', code())).code).toBe(
      0,
    );
    expect(stored().staff_token).toMatch(/^stf_/);
    expect(stored().refresh_token).toBeUndefined();
    expect(statSync(join(home, 'payments-cli.json')).mode & 0o777).toBe(0o600);
    const now = t.clock.now();
    t.clock.advance(t.env.STAFF_SESSION_IDLE_SECONDS * 1000 + 1000);
    const list = await cli('list');
    t.clock.set(now);
    expect(list.code).toBe(1);
    expect(list.out).toMatch(/Signed out \(.*expired.*\), log in again: node scripts\/payments\.mjs login/);
    expect(stored()).toBeUndefined();
    // MCHEZO_TOTP_CODE for scripts.
    const { stdout } = await run(
      process.execPath,
      [CLI, 'login', '--phone', phone, '--password', 'correct-horse', '--api', api],
      { env: { ...process.env, DATA_DIR: home, MCHEZO_TOTP_CODE: code() } },
    );
    expect(stdout).toMatch(/signed in/);
    expect((await cli('list')).code).toBe(0);
    await cli('logout');
    expect(stored()).toBeUndefined();
  });
});
