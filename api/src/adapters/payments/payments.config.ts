/**
 * The payment provider's environment (docs/decisions/068): which provider, the secrets and
 * addresses its callbacks are checked by, the simulator's delay and test control, and Daraja's
 * (M-Pesa's) account. The adapters read it in app.ts; the wallet picks the callback secrets, the
 * addresses and the Paybill numbers from it (wallet.config.ts).
 */
import { z } from 'zod';
import { bool, type ConfigOf, int, ipList, optionalString, secret } from '../../env-values.js';

export const PaymentsConfig = z.object({
  PAYMENT_PROVIDER: z.enum(['simulator', 'daraja']).default('simulator'),
  PAYMENT_CALLBACK_SECRET: secret,
  /**
   * Payment callbacks (docs/decisions/032-secrets-proxies-production.md): a second secret accepted
   * in callback URLs during a rotation (never handed out), and the provider's addresses (IPs, CIDR
   * ranges) callbacks are accepted from; empty: any.
   */
  PAYMENT_CALLBACK_SECRET_PREVIOUS: secret,
  PAYMENT_CALLBACK_ALLOWED_IPS: ipList,
  SIMULATOR_DELAY_MS: int(2000, 0, 600_000),
  /**
   * Tests only (NODE_ENV=test): serves POST /api/v1/testing/simulator/{hold,settle}, so a test
   * keeps one phone's payments pending until it settles them itself.
   */
  SIMULATOR_TEST_CONTROL: bool(false),
  /** Unset: the sandbox, except in production, which refuses to guess (src/production.ts). */
  DARAJA_BASE_URL: optionalString.pipe(z.string().url().optional()),
  DARAJA_CONSUMER_KEY: optionalString,
  DARAJA_CONSUMER_SECRET: optionalString,
  DARAJA_SHORTCODE: z.string().default('174379'),
  /** The paybill players pay into (Paybill deposits, C2B); empty: DARAJA_SHORTCODE. */
  MPESA_PAYBILL_NUMBER: optionalString.pipe(
    z
      .string()
      .regex(/^\d{5,7}$/, 'must be 5-7 digits')
      .optional(),
  ),
  DARAJA_PASSKEY: optionalString,
  DARAJA_B2C_SHORTCODE: z.string().default('600000'),
  DARAJA_INITIATOR_NAME: z.string().default('testapi'),
  DARAJA_SECURITY_CREDENTIAL: optionalString,
  DARAJA_TIMEOUT_MS: int(10_000, 100, 120_000),
});
export type PaymentsConfig = ConfigOf<typeof PaymentsConfig>;
