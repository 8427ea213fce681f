import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.js';
import { DarajaPaymentProvider } from './daraja.js';
import type { PaymentProvider } from './payment-provider.js';
import { SimulatorPaymentProvider } from './simulator.js';

/**
 * The simulator delivers its callbacks through `app.inject`: it is the server calling its own
 * callback route (same secret check, same code path) without needing the network.
 */
export function createPaymentProvider(env: Env, app: FastifyInstance): PaymentProvider {
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
  // The callback URLs are a handful of fixed strings: each is parsed once.
  const paths = new Map<string, string>();
  const pathOf = (url: string) => {
    let path = paths.get(url);
    if (path === undefined) {
      const full = new URL(url).pathname;
      path = full.slice(Math.max(0, full.indexOf('/api/v1/')));
      paths.set(url, path);
    }
    return path;
  };
  return new SimulatorPaymentProvider(
    env.SIMULATOR_DELAY_MS,
    async (url, body) => {
      const path = pathOf(url);
      const res = await app.inject({ method: 'POST', url: path, payload: body });
      if (res.statusCode !== 200) throw new Error(`simulator callback answered ${res.statusCode}`);
    },
    (err) => app.log.error({ err: { message: (err as Error).message } }, 'simulator callback failed'),
  );
}
