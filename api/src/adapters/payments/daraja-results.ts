/**
 * Reading Daraja's asynchronous answers (STK callback, B2C Result and QueueTimeOut, Transaction
 * Status result) into outcomes. Only what Safaricom documents settles money:
 *   - success: ResultCode 0, as the number 0 or the string "0";
 *   - failure: one of the documented failure codes (FAILURE_CODES);
 *   - anything else (null, "", false, [], "abc", a missing or undocumented code) is unknown:
 *     the transaction stays pending and the provider is asked (STK Query, Transaction Status).
 */
import { toCents } from '@mchezo/contracts/money';
import type { CallbackKind, ParsedCallback, ProviderOutcome, ReportedValues } from './payment-provider.js';

/** Result codes Safaricom documents as a final failure, with what they mean. */
const FAILURE_CODES: ReadonlyMap<number, string> = new Map([
  [1, 'The balance is insufficient for the transaction'],
  [1001, 'The subscriber is busy or locked'],
  [1019, 'The transaction expired'],
  [1025, 'The payment prompt could not be sent'],
  [1032, 'Request cancelled by user'],
  [1037, 'The phone could not be reached'],
  [2001, 'Wrong PIN or invalid initiator information'],
  [9999, 'The payment prompt failed'],
]);

type ResultClass = { kind: 'success' } | { kind: 'failure'; code: number } | { kind: 'unknown' };

/** Classifies a ResultCode exactly: no coercion of null, "", false or [] to 0. */
function classifyResultCode(code: unknown): ResultClass {
  let n: number | null = null;
  if (typeof code === 'number' && Number.isInteger(code)) n = code;
  else if (typeof code === 'string' && /^(0|[1-9]\d{0,5})$/.test(code)) n = Number(code);
  if (n === 0) return { kind: 'success' };
  if (n !== null && FAILURE_CODES.has(n)) return { kind: 'failure', code: n };
  return { kind: 'unknown' };
}

const describe = (code: unknown): string => {
  try {
    return JSON.stringify(code) ?? 'missing';
  } catch {
    return 'unreadable';
  }
};

/** The outcome of a result code, with the provider's description as the failure reason. */
export function outcomeOf(code: unknown, desc: unknown, success: () => ProviderOutcome): ProviderOutcome {
  const c = classifyResultCode(code);
  if (c.kind === 'success') return success();
  if (c.kind === 'failure') {
    const reason = typeof desc === 'string' && desc.trim() ? desc.slice(0, 200) : FAILURE_CODES.get(c.code)!;
    return { state: 'failed', reason };
  }
  return { state: 'unknown', reason: `Undocumented result code ${describe(code)}`.slice(0, 200) };
}

/** A KES amount as Daraja sends it (number, or digits in a string) in cents; null otherwise. */
function amountCents(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? toCents(n) : null;
}

/** 2547XXXXXXXX (number or string) → +2547XXXXXXXX; null otherwise. */
function phoneE164(value: unknown): string | null {
  const s = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof s === 'string' && /^\d{9,15}$/.test(s) ? `+${s}` : null;
}

type Item = { Name?: unknown; Key?: unknown; Value?: unknown };
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const items = (list: unknown): Item[] => (Array.isArray(list) ? list.filter(isObject) : []);
const itemValue = (list: Item[], name: string) => list.find((i) => i.Name === name || i.Key === name)?.Value;
const shortText = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);

/** Body.stkCallback: the STK push's answer. */
function parseStk(cb: Record<string, unknown>): ParsedCallback | null {
  const providerRef = shortText(cb.CheckoutRequestID);
  if (!providerRef) return null;
  const meta = items(isObject(cb.CallbackMetadata) ? cb.CallbackMetadata.Item : undefined);
  return {
    subject: 'deposit',
    providerRef,
    outcome: outcomeOf(cb.ResultCode, cb.ResultDesc, () => {
      const receipt = itemValue(meta, 'MpesaReceiptNumber');
      const reported: ReportedValues = {
        amountMinor: amountCents(itemValue(meta, 'Amount')),
        phone: phoneE164(itemValue(meta, 'PhoneNumber')),
      };
      return { state: 'completed', receipt: receipt === undefined ? undefined : String(receipt), reported };
    }),
  };
}

/** Result: a B2C payment's answer, its QueueTimeOut, or a Transaction Status query's answer. */
function parseResult(kind: CallbackKind, r: Record<string, unknown>): ParsedCallback | null {
  const conversation = shortText(r.ConversationID);
  const originator = shortText(r.OriginatorConversationID);
  if (!conversation && !originator) return null;
  const params = items(isObject(r.ResultParameters) ? r.ResultParameters.ResultParameter : undefined);
  if (kind === 'payout-status') {
    // The query's own ids, not the payout's: the URL names the transaction. A query that failed
    // says nothing about the payout.
    const c = classifyResultCode(r.ResultCode);
    const status = itemValue(params, 'TransactionStatus');
    let outcome: ProviderOutcome = {
      state: 'unknown',
      reason: `Transaction Status answered ${describe(r.ResultCode)} / ${describe(status)}`.slice(0, 200),
    };
    if (c.kind === 'success' && status === 'Completed') {
      const receipt = itemValue(params, 'ReceiptNo');
      outcome = {
        state: 'completed',
        receipt: receipt === undefined ? undefined : String(receipt),
        reported: { amountMinor: amountCents(itemValue(params, 'Amount')) },
      };
    } else if (c.kind === 'success' && status === 'Failed') {
      outcome = {
        state: 'failed',
        reason: shortText(itemValue(params, 'ReasonType')) ?? 'The payout failed',
      };
    }
    return { subject: 'withdrawal', outcome };
  }
  const base = { subject: 'withdrawal' as const, providerRef: conversation, transactionId: originator };
  if (kind === 'payout-timeout') {
    // Timed out in Safaricom's queue: not a failure, the payment may still go through.
    return { ...base, outcome: { state: 'unknown', reason: 'The payout request timed out in the queue' } };
  }
  return {
    ...base,
    outcome: outcomeOf(r.ResultCode, r.ResultDesc, () => ({
      state: 'completed',
      receipt: shortText(r.TransactionID),
      reported: { amountMinor: amountCents(itemValue(params, 'TransactionAmount')) },
    })),
  };
}

/**
 * Reads a callback body by its shape (an STK callback or a B2C Result), whatever URL it came
 * to: the caller compares `subject` with the URL's kind. null when it is neither shape.
 */
export function parseDarajaCallback(kind: CallbackKind, body: unknown): ParsedCallback | null {
  if (!isObject(body)) return null;
  if (isObject(body.Body) && isObject(body.Body.stkCallback)) return parseStk(body.Body.stkCallback);
  if (isObject(body.Result)) return parseResult(kind === 'deposit' ? 'payout' : kind, body.Result);
  return null;
}
