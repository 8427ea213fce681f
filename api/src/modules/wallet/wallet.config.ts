/**
 * The environment variables the wallet reads (docs/decisions/068): the deposit prompts' limit,
 * the first reconciliation check of a payment, the betting taxes' first rates, and what it shares
 * with the platform (the public URL, the wallet and mobile-money switches) and the payment
 * adapter (the callback secrets and addresses, the Paybill numbers).
 */
import { z } from 'zod';
import { PaymentsConfig } from '../../adapters/payments/payments.config.js';
import { basisPoints, type ConfigOf, int } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';

export const WalletConfig = z.object({
  ...PlatformConfig.pick({
    PUBLIC_BASE_URL: true,
    FEATURE_WALLET_ENABLED: true,
    FEATURE_MOBILE_MONEY_ENABLED: true,
  }).shape,
  ...PaymentsConfig.pick({
    PAYMENT_CALLBACK_SECRET: true,
    PAYMENT_CALLBACK_SECRET_PREVIOUS: true,
    PAYMENT_CALLBACK_ALLOWED_IPS: true,
    MPESA_PAYBILL_NUMBER: true,
    DARAJA_SHORTCODE: true,
  }).shape,
  /** Deposit payment prompts (STK push) one player may start per minute: docs/decisions/033. */
  DEPOSIT_PROMPTS_PER_MINUTE: int(5, 1, 1_000_000),
  /** How long after a payment is made its first reconciliation check is due. */
  RECONCILE_AFTER_SECONDS: int(120, 0, 86_400),
  /**
   * Betting taxes (README "Taxes"): rates in basis points (500 = 5%), or a percentage with at most
   * two decimals and a `%` (`5%`, `7.5%`), validated into basis points.
   */
  TAX_EXCISE_RATE: basisPoints(500),
  /** `deduct`: the wallet gets the deposit minus the duty; `absorb`: the operator pays it. */
  TAX_EXCISE_MODE: z.enum(['deduct', 'absorb']).default('deduct'),
  TAX_WITHHOLDING_RATE: basisPoints(500),
  /** `withdrawal`: the amount withdrawn. `net_winnings` is refused until it is built. */
  TAX_WITHHOLDING_BASE: z.enum(['withdrawal', 'net_winnings']).default('withdrawal'),
});
export type WalletConfig = ConfigOf<typeof WalletConfig>;
