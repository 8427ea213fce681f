import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { Job } from '../../lib/job-runner.js';
import type {
  C2bRegisterResult,
  CallbackKind,
  ParsedCallback,
  PaymentProvider,
  PaymentRequest,
  PendingTransaction,
  ProviderOutcome,
  RequestResult,
} from './payment-provider.js';
import { subjectOfKind } from './payment-provider.js';
import type { SimulatorPaymentRow, SimulatorStore, Which } from './simulator-store.js';

/**
 * Sandbox test numbers (documented in api/README.md). Any other number succeeds.
 * Result codes follow Daraja's (0 ok, 1032 cancelled, 1037 unreachable, 1 insufficient funds).
 */
export const SIMULATOR_TEST_PHONES = {
  cancelled: '+254700000001',
  timeout: '+254700000002',
  insufficientFunds: '+254700000003',
  refused: '+254700000004',
  payoutFails: '+254700000005',
  callbackLost: '+254700000006',
} as const;

interface SimulatorCallbackBody {
  provider_ref: string;
  result_code: number;
  result_desc: string;
  receipt?: string | undefined;
}

type Plan = { kind: 'callback'; body: Omit<SimulatorCallbackBody, 'provider_ref'> } | { kind: 'silent' };

/** What the provider answers when the money moved (deposits and payouts alike). */
const succeeded = (): Plan => ({
  kind: 'callback',
  body: { result_code: 0, result_desc: 'The service request is processed successfully.', receipt: receipt() },
});

function depositPlan(phone: string): Plan {
  switch (phone) {
    case SIMULATOR_TEST_PHONES.cancelled:
      return { kind: 'callback', body: { result_code: 1032, result_desc: 'Request cancelled by user' } };
    case SIMULATOR_TEST_PHONES.insufficientFunds:
      return {
        kind: 'callback',
        body: { result_code: 1, result_desc: 'The balance is insufficient for the transaction' },
      };
    case SIMULATOR_TEST_PHONES.timeout:
    case SIMULATOR_TEST_PHONES.callbackLost:
      return { kind: 'silent' };
    default:
      return succeeded();
  }
}

function payoutPlan(phone: string): Plan {
  switch (phone) {
    case SIMULATOR_TEST_PHONES.payoutFails:
      return {
        kind: 'callback',
        body: { result_code: 2001, result_desc: 'The recipient cannot receive funds' },
      };
    case SIMULATOR_TEST_PHONES.timeout:
    case SIMULATOR_TEST_PHONES.callbackLost:
      return { kind: 'silent' };
    default:
      return succeeded();
  }
}

/**
 * "S" and 9 capitals or digits, like an M-Pesa receipt. randomUUID draws on a pooled random
 * buffer; a randomBytes call per payment cost half of the simulated payment request.
 */
const receipt = () => `S${randomUUID().replaceAll('-', '').slice(0, 9).toUpperCase()}`;

/**
 * Hands a callback to the wallet: the same settlement (parseCallback, then the idempotent
 * settle out of pending) that the callback route runs for a provider's HTTP request.
 */
type Deliver = (kind: CallbackKind, body: SimulatorCallbackBody) => Promise<void>;

/** How often every instance sends the callbacks due, also those an instance that stopped accepted. */
const SIMULATOR_POLL_MS = 1_000;
/**
 * How long a claimed callback is left to the instance sending it before another may send it (a
 * send takes milliseconds; one that takes longer may be sent twice, which settles nothing twice).
 */
const CLAIM_MS = 5_000;
/** Callbacks claimed (and sent concurrently) per statement. */
const BATCH = 100;

interface SimulatorOptions {
  /** Where the callbacks still to send are kept: the database every instance shares. */
  store: SimulatorStore;
  /** Its job's (the poll's): the clock that says what is due, the log of failed rounds. */
  ctx: Pick<AppContext, 'database' | 'clock' | 'log'>;
  delayMs: number;
  deliver: Deliver;
  onError?: (err: unknown) => void;
}

/**
 * The default provider: settles deposits and payouts `delayMs` after the request by handing its
 * callback body to the server's settlement in-process, as if it had come to the callback route
 * (which real providers call over HTTP). Outcomes depend only on the phone number, so a query
 * after a restart answers the same as the callback would have.
 *
 * The callback to come is a row in the database with its due time, not a timer of the process
 * that accepted the payment: a job (lib/job-runner.ts) looks for due ones every SIMULATOR_POLL_MS
 * on every instance, and the instance that accepted it runs that job's round early, at the due
 * time (`Job.runIn`), so a payment accepted just before its instance stopped is
 * settled on time by another (docs/decisions/035-surviving-faults.md). Each is sent once at a
 * time (SimulatorStore claims it); a repeat after a crash is harmless (settlement is idempotent).
 */
export class SimulatorPaymentProvider implements PaymentProvider {
  readonly name = 'simulator';
  readonly paymentMethod = 'mobile_money';
  /** Phones a test holds (SIMULATOR_TEST_CONTROL): their callbacks wait for settlePhone. */
  private readonly held = new Set<string>();
  /** Sends the callbacks due, on every instance (no lease: each row is claimed by one). */
  readonly job: Job<number>;
  private readonly onError: (err: unknown) => void;

  constructor(private readonly o: SimulatorOptions) {
    this.onError = o.onError ?? (() => {});
    this.job = new Job(o.ctx, {
      name: 'simulator-callbacks',
      everyMs: SIMULATOR_POLL_MS,
      round: () => this.send({ due: o.ctx.clock.now() }),
    });
  }

  predictRef(transactionId: string): string {
    return `SIM-${transactionId}`;
  }

  async requestDeposit(req: PaymentRequest): Promise<RequestResult> {
    if (req.phone === SIMULATOR_TEST_PHONES.refused)
      return { accepted: false, reason: 'Payment request refused' };
    return this.accept(req, 'deposit', depositPlan(req.phone));
  }

  async requestPayout(req: PaymentRequest): Promise<RequestResult> {
    if (req.phone === SIMULATOR_TEST_PHONES.refused)
      return { accepted: false, reason: 'Payout request refused' };
    return this.accept(req, 'payout', payoutPlan(req.phone));
  }

  async queryStatus(tx: PendingTransaction): Promise<ProviderOutcome> {
    if (tx.phone === SIMULATOR_TEST_PHONES.timeout)
      return { state: 'failed', reason: 'DS timeout user cannot be reached' };
    const plan = tx.type === 'deposit' ? depositPlan(tx.phone) : payoutPlan(tx.phone);
    if (plan.kind === 'silent') return { state: 'completed', receipt: receipt() };
    return toOutcome(plan.body);
  }

  parseCallback(kind: CallbackKind, body: unknown): ParsedCallback | null {
    const b = body as Partial<SimulatorCallbackBody> | null;
    if (!b || typeof b.provider_ref !== 'string' || typeof b.result_code !== 'number') return null;
    return {
      subject: subjectOfKind(kind),
      providerRef: b.provider_ref,
      transactionId: b.provider_ref.startsWith('SIM-') ? b.provider_ref.slice(4) : undefined,
      outcome: toOutcome({
        result_code: b.result_code,
        result_desc: String(b.result_desc ?? ''),
        receipt: b.receipt,
      }),
    };
  }

  /** Nothing to register: the simulator's Paybill payments are posted by its test route. */
  async registerC2bUrls(): Promise<C2bRegisterResult> {
    return { accepted: true, description: 'simulated: nothing registered' };
  }

  callbackAck(): unknown {
    return { ok: true };
  }

  /** Starts looking for due callbacks every SIMULATOR_POLL_MS (the app, once migrated). */
  start(): void {
    this.job.start();
  }

  /**
   * Sends the callbacks due now that no other instance is sending; resolves to how many (during
   * the job's round, that round's count).
   */
  async runOnce(): Promise<number> {
    const round = await this.job.runOnce();
    return round.leader ? round.result : 0;
  }

  /** Sends every scheduled callback now, whatever its due time, and waits until all are answered (tests). */
  async settle(): Promise<void> {
    for (;;) {
      const sent = await this.send('scheduled');
      // Waits for the job's round under way (whose rows `send` could not claim), or runs one.
      if (sent === 0 && (await this.runOnce()) === 0) return;
    }
  }

  /**
   * Tests: from now on this phone's payments accepted here stay pending until `settlePhone` (or
   * until reconciliation asks for them, as for a lost callback).
   */
  hold(phone: string): void {
    this.held.add(phone);
  }

  /**
   * Tests: sends the callbacks held for this phone now, waits until the wallet has settled them,
   * and stops holding it. Resolves to how many were sent.
   */
  settlePhone(phone: string): Promise<number> {
    this.held.delete(phone);
    return this.send({ heldPhone: phone });
  }

  /**
   * Stops sending (callbacks not yet sent stay in the database for the other instances) and
   * waits for the ones under way: before the database closes.
   */
  close(): Promise<void> {
    return this.job.stop();
  }

  private async accept(req: PaymentRequest, kind: 'deposit' | 'payout', plan: Plan): Promise<RequestResult> {
    const providerRef = this.predictRef(req.transactionId);
    if (plan.kind === 'callback') {
      const held = this.held.has(req.phone);
      await this.o.store.add({
        provider_ref: providerRef,
        kind,
        phone: req.phone,
        result_code: plan.body.result_code,
        result_desc: plan.body.result_desc,
        receipt: plan.body.receipt ?? null,
        due_at: held ? null : this.o.ctx.clock.now() + this.o.delayMs,
        claimed_until: 0,
      });
      // Sent on time, not up to a poll later (SIMULATOR_DELAY_MS in api/README.md).
      if (!held) this.job.runIn(this.o.delayMs);
    }
    return { accepted: true, providerRef };
  }

  /** Claims, sends and forgets the callbacks `which` names, a batch at a time; resolves to how many. */
  private async send(which: Which): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.o.ctx.clock.now();
      const rows = await this.o.store.claim(which, now, now + CLAIM_MS, BATCH);
      const results = await Promise.allSettled(rows.map((row) => this.o.deliver(row.kind, callbackOf(row))));
      for (const r of results) if (r.status === 'rejected') this.onError(r.reason);
      // A callback whose delivery failed stays claimed; it is due again once the claim runs out.
      await this.o.store.remove(
        rows.filter((_, i) => results[i]?.status === 'fulfilled').map((r) => r.provider_ref),
      );
      sent += rows.length;
      if (rows.length < BATCH) return sent;
    }
  }
}

const callbackOf = (row: SimulatorPaymentRow): SimulatorCallbackBody => ({
  provider_ref: row.provider_ref,
  result_code: row.result_code,
  result_desc: row.result_desc,
  ...(row.receipt === null ? {} : { receipt: row.receipt }),
});

function toOutcome(body: Omit<SimulatorCallbackBody, 'provider_ref'>): ProviderOutcome {
  return body.result_code === 0
    ? { state: 'completed', receipt: body.receipt }
    : { state: 'failed', reason: body.result_desc || `Failed with code ${body.result_code}` };
}
