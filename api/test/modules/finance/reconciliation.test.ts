/**
 * Reconciliation schedule: due rows in next-check order, backoff after inconclusive answers,
 * claims that keep two instances off the same row, and the operators' view of the queue.
 * A stub provider answers status queries per phone ("pending" unless told otherwise).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type {
  PaymentProvider,
  PaymentRequest,
  PendingTransaction,
  ProviderOutcome,
  RequestResult,
} from '../../../src/adapters/payments/payment-provider.js';
import { BACKOFF_CAP_MS, backoffMs } from '../../../src/modules/finance/reconciliation.service.js';
import { DB_MODES, freshPhone, json, startApp, type TestApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';

class StubProvider implements PaymentProvider {
  readonly name = 'stub';
  readonly paymentMethod = 'mobile_money';
  /** Every status query, with the test clock's time. */
  readonly queries: { id: string; type: PendingTransaction['type']; at: number }[] = [];
  /** What a status query answers, by phone; "pending" for any other. */
  readonly answers = new Map<string, ProviderOutcome>();
  now: () => number = () => 0;

  async requestDeposit(req: PaymentRequest): Promise<RequestResult> {
    return { accepted: true, providerRef: `STUB-${req.transactionId}` };
  }
  async requestPayout(req: PaymentRequest): Promise<RequestResult> {
    return { accepted: true, providerRef: `STUB-${req.transactionId}` };
  }
  async queryStatus(tx: PendingTransaction): Promise<ProviderOutcome> {
    this.queries.push({ id: tx.id, type: tx.type, at: this.now() });
    await new Promise((resolve) => setImmediate(resolve)); // let another pass run meanwhile
    return this.answers.get(tx.phone) ?? { state: 'pending' };
  }
  parseCallback() {
    return null;
  }
  callbackAck() {
    return {};
  }
  timesQueried(id: string) {
    return this.queries.filter((q) => q.id === id).length;
  }
}

const STUCK = '+254711000001';
const PAYS = '+254711000002';

describe('backoff', () => {
  it('doubles from the first delay and is capped', () => {
    const env = { RECONCILE_AFTER_SECONDS: 120 };
    expect([1, 2, 3, 4, 5, 40].map((n) => backoffMs(env, n) / 1000)).toEqual([240, 480, 900, 900, 900, 900]);
    expect(BACKOFF_CAP_MS).toBe(900_000);
    // RECONCILE_AFTER_SECONDS=0 (checked at the first pass) still backs off from 30 s.
    expect([1, 2, 3].map((n) => backoffMs({ RECONCILE_AFTER_SECONDS: 0 }, n) / 1000)).toEqual([60, 120, 240]);
    // A first delay above the cap is never shortened.
    expect(backoffMs({ RECONCILE_AFTER_SECONDS: 3600 }, 3)).toBe(3_600_000);
  });
});

// Both databases: money: the reconciliation queue claims rows under a lock.
describe.each(DB_MODES)('reconciliation schedule (%s)', (mode) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // The app sharing another's database first.
    for (const a of apps.splice(0).reverse()) await a.close();
  });

  const operatorPhone = freshPhone();
  const start = async (deps: { database?: TestApp['app']['ctx']['database'] } = {}) => {
    const stub = new StubProvider();
    const t = await startApp(mode, { FINANCE_PHONES: operatorPhone }, { payments: stub, ...deps });
    apps.push(t);
    stub.now = () => t.clock.now();
    return { t, stub };
  };
  /** A deposit by the player whose own phone is `phone` (money moves only to and from it). */
  const deposit = async (t: TestApp, phone: string, amount = 10) => {
    const res = await t.walletRequest('deposit', await t.playerWithPhone(phone), amount);
    expect(res.statusCode).toBe(200);
    return json(res).transaction_id as string;
  };
  const row = (t: TestApp, id: string) =>
    t.app.ctx.database.db
      .selectFrom('wallet_transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** One pass after moving the clock on. */
  const passAfter = async (t: TestApp, ms: number) => {
    t.clock.advance(ms);
    return t.app.reconciler.runOnce();
  };

  it('150 transactions stuck "pending" do not keep a new one from being checked and settled', async () => {
    const { t, stub } = await start();
    stub.answers.set(PAYS, { state: 'completed' });
    const p = await t.playerWithPhone(PAYS);
    const stuck: string[] = [];
    for (let i = 0; i < 150; i++) stuck.push(await deposit(t, STUCK));
    // Ten minutes of passes, a minute apart: every stuck one is asked about, none settles.
    for (let i = 0; i < 10; i++) await passAfter(t, 61_000);
    const fresh = await deposit(t, PAYS);
    expect(await passAfter(t, 61_000)).toBe(1);
    expect(stub.timesQueried(fresh)).toBe(1);
    expect((await row(t, fresh)).status).toBe('completed');
    expect((await t.balances(p)).main).toBe(10);
    for (const id of stuck) {
      expect(stub.timesQueried(id)).toBeGreaterThanOrEqual(1);
      expect((await row(t, id)).status).toBe('pending');
    }
    await t.checkLedger();
  });

  it('an unresolved transaction is asked again later and later, up to the cap', async () => {
    const { t, stub } = await start();
    const created = t.clock.now();
    const id = await deposit(t, STUCK);
    expect(await row(t, id)).toMatchObject({ next_check_at: created + 60_000, check_count: 0 });
    for (let age = 30_000; age <= 2_700_000; age += 30_000) await passAfter(t, 30_000);
    // RECONCILE_AFTER_SECONDS is 60 in tests: first at 60 s, then 120, 240, 480, 900, 900 s apart.
    expect(stub.queries.map((q) => (q.at - created) / 1000)).toEqual([60, 180, 420, 900, 1800, 2700]);
    expect(await row(t, id)).toMatchObject({
      status: 'pending',
      check_count: 6,
      next_check_at: created + 2_700_000 + 900_000,
    });
  });

  it('a settled transaction is never asked about again; neither is one in review', async () => {
    const { t, stub } = await start();
    stub.answers.set(PAYS, { state: 'completed' });
    const byQuery = await deposit(t, PAYS);
    const byCallback = await deposit(t, STUCK);
    const toReview = await deposit(t, STUCK);
    await t.app.settlement.settle(byCallback, { state: 'completed' }); // its callback came in time
    await passAfter(t, 61_000);
    expect((await row(t, byQuery)).status).toBe('completed');
    expect(stub.timesQueried(byQuery)).toBe(1);
    expect(stub.timesQueried(byCallback)).toBe(0);
    for (let i = 0; i < 8; i++) await passAfter(t, 450_000); // past RECONCILE_REVIEW_AFTER_SECONDS
    expect((await row(t, toReview)).status).toBe('review');
    const asked = stub.timesQueried(toReview);
    for (let i = 0; i < 4; i++) await passAfter(t, 900_000);
    expect(stub.timesQueried(byQuery)).toBe(1);
    expect(stub.timesQueried(byCallback)).toBe(0);
    expect(stub.timesQueried(toReview)).toBe(asked);
    await t.checkLedger();
  });

  it('payouts are asked about too; one whose answer comes by callback still gets its next check', async () => {
    const { t, stub } = await start();
    const p = await t.playerWithPhone(STUCK);
    await t.creditWinnings(p, 1000);
    const res = json(await t.walletRequest('withdraw', p, 200));
    expect(res.status).toBe('pending');
    const id = res.transaction_id as string;
    await passAfter(t, 61_000);
    expect(stub.queries).toEqual([{ id, type: 'withdrawal', at: t.clock.now() }]);
    // Like B2C Transaction Status: "pending" now, the result later by callback.
    expect(await row(t, id)).toMatchObject({
      status: 'pending',
      check_count: 1,
      next_check_at: t.clock.now() + 120_000,
    });
    await passAfter(t, 121_000);
    expect(stub.timesQueried(id)).toBe(2);
    await t.app.settlement.settle(id, { state: 'completed' }); // the status result's callback
    expect((await t.balances(p)).withdrawal).toBe(800);
    await passAfter(t, 3_000_000);
    expect(stub.timesQueried(id)).toBe(2);
    await t.checkLedger();
  });

  it('two instances passing at the same moment never ask about the same transaction', async () => {
    const { t: a, stub: stubA } = await start();
    const { t: b, stub: stubB } = await start({ database: a.app.ctx.database });
    const stuck = new Set<string>();
    for (let i = 0; i < 150; i++) stuck.add(await deposit(a, STUCK));
    a.clock.advance(61_000);
    b.clock.advance(61_000 + Math.max(0, a.clock.now() - b.clock.now()));
    await Promise.all([a.app.reconciler.runOnce(), b.app.reconciler.runOnce()]);
    await Promise.all([a.app.reconciler.runOnce(), b.app.reconciler.runOnce()]);
    const asked = [...stubA.queries, ...stubB.queries].map((q) => q.id);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.sort()).toEqual([...stuck].sort());
  });

  it('operators see the queue: pending, due, oldest age, in review; /health stays public and bare', async () => {
    const { t } = await start();
    const op = await asStaff(t, await t.signedInPlayer(operatorPhone));
    const p = await t.signedInPlayer();
    const figures = async () => {
      const res = await t.get('/health/reconciliation', op.headers);
      expect(res.statusCode).toBe(200);
      return json(res).reconciliation;
    };
    const health = await t.get('/health');
    expect(health.statusCode).toBe(200);
    expect(json(health)).toEqual({ ok: true });
    expect((await t.get('/health/reconciliation')).statusCode).toBe(401);
    const denied = await t.get('/health/reconciliation', p.headers);
    expect(denied.statusCode).toBe(403);
    expect(json(denied).code).toBe('SECOND_FACTOR_REQUIRED');

    expect(await figures()).toEqual({ pending: 0, due: 0, oldest_pending_age_seconds: null, review: 0 });
    const ids = [await deposit(t, STUCK), await deposit(t, STUCK), await deposit(t, STUCK)];
    t.clock.advance(30_000);
    await deposit(t, STUCK);
    expect(await figures()).toEqual({ pending: 4, due: 0, oldest_pending_age_seconds: 30, review: 0 });
    t.clock.advance(31_500);
    expect(await figures()).toEqual({ pending: 4, due: 3, oldest_pending_age_seconds: 61, review: 0 });
    await t.app.reconciler.runOnce();
    expect(await figures()).toEqual({ pending: 4, due: 0, oldest_pending_age_seconds: 61, review: 0 });
    await t.app.settlement.reviewUnresolved(ids[0]!, 'Nobody answered');
    expect(await figures()).toEqual({ pending: 3, due: 0, oldest_pending_age_seconds: 61, review: 1 });
  });
});
