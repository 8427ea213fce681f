import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/time.js';
import { DarajaPaymentProvider } from './daraja.js';
import type { CallbackKind, PaymentProvider } from './payment-provider.js';
import { SimulatorPaymentProvider } from './simulator.js';
import { SimulatorStore } from './simulator-store.js';

/**
 * What the callback route does once the caller is authenticated (SettlementService.settleCallback):
 * reads the body with the provider's parseCallback and settles the transaction, idempotently.
 * Resolves to the transaction's status, or null when no transaction matches.
 */
type SettleCallback = (kind: CallbackKind, body: unknown) => Promise<string | null>;

/**
 * The simulator is part of the API: it settles through `settle`, the same function the
 * callback route calls for a provider's HTTP request, without a fake HTTP round trip through
 * the server (which cost more than the settlement itself); its callbacks to come are kept in
 * the database, so any instance sends them. Real providers (Daraja) call the route over HTTP,
 * where the secret in the URL authenticates them.
 */
/** The variables that choose the payment provider and reach Daraja. */
interface PaymentProviderConfig {
  PAYMENT_PROVIDER: 'simulator' | 'daraja';
  DARAJA_BASE_URL: string;
  DARAJA_CONSUMER_KEY?: string | undefined;
  DARAJA_CONSUMER_SECRET?: string | undefined;
  DARAJA_SHORTCODE: string;
  DARAJA_PASSKEY?: string | undefined;
  DARAJA_B2C_SHORTCODE: string;
  DARAJA_INITIATOR_NAME: string;
  DARAJA_SECURITY_CREDENTIAL?: string | undefined;
  DARAJA_TIMEOUT_MS: number;
  SIMULATOR_DELAY_MS: number;
}

export function createPaymentProvider(
  env: PaymentProviderConfig,
  settle: SettleCallback,
  { database, clock, log }: { database: Database; clock: Clock; log: FastifyBaseLogger },
): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'daraja') {
    const missing = (
      [
        'DARAJA_CONSUMER_KEY',
        'DARAJA_CONSUMER_SECRET',
        'DARAJA_PASSKEY',
        'DARAJA_SECURITY_CREDENTIAL',
      ] as const
    ).filter((k) => !env[k]);
    if (missing.length > 0) throw new Error(`PAYMENT_PROVIDER=daraja needs ${missing.join(', ')}`);
    return new DarajaPaymentProvider({
      baseUrl: env.DARAJA_BASE_URL.replace(/\/+$/, ''),
      consumerKey: env.DARAJA_CONSUMER_KEY!,
      consumerSecret: env.DARAJA_CONSUMER_SECRET!,
      shortcode: env.DARAJA_SHORTCODE,
      passkey: env.DARAJA_PASSKEY!,
      b2cShortcode: env.DARAJA_B2C_SHORTCODE,
      initiatorName: env.DARAJA_INITIATOR_NAME,
      securityCredential: env.DARAJA_SECURITY_CREDENTIAL!,
      timeoutMs: env.DARAJA_TIMEOUT_MS,
    });
  }
  return new SimulatorPaymentProvider({
    store: new SimulatorStore(database),
    ctx: { database, clock, log },
    delayMs: env.SIMULATOR_DELAY_MS,
    deliver: async (kind, body) => {
      if ((await settle(kind, body)) === null)
        log.warn({ kind }, 'simulator callback for an unknown transaction');
    },
    onError: (err) => log.error({ err: { message: (err as Error).message } }, 'simulator callback failed'),
  });
}
