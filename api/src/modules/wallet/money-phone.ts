import { normalizePhone } from '@mchezo/contracts/auth';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { rateLimited, refuse } from '../../lib/errors.js';
import { countInWindow } from '../../lib/window-counter.js';
import type { WalletConfig } from './wallet.config.js';

/** The player asking: their id and their own phone, verified at sign-up (E.164). */
export interface Payer {
  userId: string;
  phone: string;
}

/**
 * The phone a deposit prompt goes to or a payout is paid to: always the player's own verified
 * phone (docs/decisions/033-money-to-own-number.md). `requested` is what the client sent, if
 * anything (a phone number: the request's schema refuses anything else, 400 INVALID_PHONE): any
 * form of the own number is accepted (+2547…, 07…), another number is refused before anything
 * is written or sent.
 */
export function moneyPhone(payer: Payer, requested: string | undefined): string {
  if (requested !== undefined) {
    if (normalizePhone(requested) !== payer.phone) {
      throw refuse('PHONE_NOT_OWN', 'Mobile money moves only to and from your own registered phone number');
    }
  }
  if (!payer.phone.startsWith('+254')) {
    throw refuse('UNSUPPORTED_PHONE', 'Mobile money is available for Kenyan (+254) numbers only');
  }
  return payer.phone;
}

const PROMPT_WINDOW_MS = 60_000;

/**
 * 429 (with Retry-After) once the player has started DEPOSIT_PROMPTS_PER_MINUTE payment prompts
 * (STK push) in this minute. Runs in the deposit's transaction once its row is written, so a
 * repeated Idempotency-Key (no new row, no new prompt) is not counted, and a refusal takes the
 * row and the count back out with it.
 */
export async function limitDepositPrompts(
  trx: Kysely<DB>,
  ctx: Pick<AppContext, 'clock'>,
  config: Pick<WalletConfig, 'DEPOSIT_PROMPTS_PER_MINUTE'>,
  userId: string,
): Promise<void> {
  const now = ctx.clock.now();
  const key = `deposit_prompt:user:${userId}`;
  const { count, windowStart } = await countInWindow(trx, key, PROMPT_WINDOW_MS, now);
  if (count > config.DEPOSIT_PROMPTS_PER_MINUTE) {
    throw rateLimited((windowStart + PROMPT_WINDOW_MS - now) / 1000);
  }
}
