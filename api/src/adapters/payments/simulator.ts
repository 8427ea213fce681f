import { randomUUID } from 'node:crypto';
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

export interface SimulatorCallbackBody {
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
export type Deliver = (kind: CallbackKind, body: SimulatorCallbackBody) => Promise<void>;

/**
 * The default provider: settles deposits and payouts after `delayMs` by handing its callback
 * body to the server's settlement in-process, as if it had come to the callback route (which
 * real providers call over HTTP). Outcomes depend only on the phone number, so a query after a
 * restart answers the same as the callback would have.
 */
export class SimulatorPaymentProvider implements PaymentProvider {
  readonly name = 'simulator';
  readonly paymentMethod = 'mobile_money';
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  /** Callbacks kept for phones a test holds (SIMULATOR_TEST_CONTROL), delivered by settlePhone. */
  private readonly held = new Map<string, (() => void)[]>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly delayMs: number,
    private readonly deliver: Deliver,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

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

  /** Delivers every scheduled callback now and waits until all are answered (tests). */
  async settle(): Promise<void> {
    while (this.timers.size > 0 || this.inFlight.size > 0) {
      for (const [timer, fire] of [...this.timers]) {
        clearTimeout(timer);
        fire();
      }
      await Promise.allSettled([...this.inFlight]);
    }
  }

  /**
   * Tests: from now on this phone's payments stay pending until `settlePhone` (or until
   * reconciliation asks for them, as for a lost callback).
   */
  hold(phone: string): void {
    if (!this.held.has(phone)) this.held.set(phone, []);
  }

  /**
   * Tests: delivers the callbacks held for this phone now, waits until the wallet has settled
   * them, and stops holding it. Resolves to how many were delivered.
   */
  async settlePhone(phone: string): Promise<number> {
    const sends = this.held.get(phone) ?? [];
    this.held.delete(phone);
    for (const send of sends) send();
    await Promise.allSettled([...this.inFlight]);
    return sends.length;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers.keys()) clearTimeout(t);
    this.timers.clear();
    this.held.clear();
  }

  private accept(req: PaymentRequest, kind: CallbackKind, plan: Plan): RequestResult {
    const providerRef = this.predictRef(req.transactionId);
    if (plan.kind === 'callback' && !this.closed) {
      const send = () => {
        const p = this.deliver(kind, { provider_ref: providerRef, ...plan.body })
          .catch(this.onError)
          .finally(() => this.inFlight.delete(p));
        this.inFlight.add(p);
      };
      const held = this.held.get(req.phone);
      if (held) {
        held.push(send);
        return { accepted: true, providerRef };
      }
      const fire = () => {
        this.timers.delete(timer);
        send();
      };
      const timer = setTimeout(fire, this.delayMs);
      timer.unref();
      this.timers.set(timer, fire);
    }
    return { accepted: true, providerRef };
  }
}

function toOutcome(body: Omit<SimulatorCallbackBody, 'provider_ref'>): ProviderOutcome {
  return body.result_code === 0
    ? { state: 'completed', receipt: body.receipt }
    : { state: 'failed', reason: body.result_desc || `Failed with code ${body.result_code}` };
}
