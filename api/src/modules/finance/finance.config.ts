/**
 * The environment variables finance reads (docs/decisions/068): how often the reconciliation
 * runs and when an unresolved payment goes to review, the payout time the operator guarantees,
 * and what it shares with the wallet (the taxes' first rates, the first check) and the platform
 * (the jobs' lease).
 */
import { z } from 'zod';
import { type ConfigOf, int } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';
import { WalletConfig } from '../wallet/wallet.config.js';

export const FinanceConfig = z.object({
  ...PlatformConfig.pick({ JOB_LEASE_TTL_MS: true }).shape,
  ...WalletConfig.pick({
    // The reconciliation asks the provider with the wallet's callback URLs.
    PUBLIC_BASE_URL: true,
    PAYMENT_CALLBACK_SECRET: true,
    RECONCILE_AFTER_SECONDS: true,
    TAX_EXCISE_RATE: true,
    TAX_EXCISE_MODE: true,
    TAX_WITHHOLDING_RATE: true,
    TAX_WITHHOLDING_BASE: true,
  }).shape,
  RECONCILE_INTERVAL_SECONDS: int(60, 0, 86_400),
  /** A transaction still unresolved this long after it was made goes to the review queue. */
  RECONCILE_REVIEW_AFTER_SECONDS: int(3600, 60, 30 * 86_400),
  /**
   * The payout time the operator guarantees (docs/decisions/041-loss-and-stake-limits.md): a
   * withdrawal still pending this long after it was asked is listed in the operators' review
   * queue with its age (`late_payouts`).
   */
  PAYOUT_GUARANTEE_MINUTES: int(30, 1, 7 * 24 * 60),
});
export type FinanceConfig = ConfigOf<typeof FinanceConfig>;
