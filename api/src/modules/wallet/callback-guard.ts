import type { FastifyRequest } from 'fastify';
import { matchesAnySecret } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { ipMatcher } from '../../lib/ip-list.js';
import type { WalletConfig } from './wallet.config.js';

/**
 * Who may call the payment provider's routes (STK and B2C callbacks, C2B validation and
 * confirmation; docs/decisions/032-secrets-proxies-production.md). Before anything is read:
 * - with PAYMENT_CALLBACK_ALLOWED_IPS set, only a request from one of those addresses or ranges
 *   (`request.ip`: the client as the trusted proxies saw it, TRUST_PROXY);
 * - the secret in the path must be PAYMENT_CALLBACK_SECRET or, during a rotation,
 *   PAYMENT_CALLBACK_SECRET_PREVIOUS (both compared, in constant time).
 * Anything else is refused with 403 and changes nothing.
 */
export function callbackGuard(
  env: Pick<
    WalletConfig,
    'PAYMENT_CALLBACK_SECRET' | 'PAYMENT_CALLBACK_SECRET_PREVIOUS' | 'PAYMENT_CALLBACK_ALLOWED_IPS'
  >,
) {
  const allowed =
    env.PAYMENT_CALLBACK_ALLOWED_IPS.length > 0 ? ipMatcher(env.PAYMENT_CALLBACK_ALLOWED_IPS) : null;
  const secrets = [env.PAYMENT_CALLBACK_SECRET, env.PAYMENT_CALLBACK_SECRET_PREVIOUS].filter(
    (s): s is string => s !== undefined,
  );
  return async (request: FastifyRequest): Promise<void> => {
    if (allowed && !allowed(request.ip))
      throw refuse('CALLBACK_SOURCE_REFUSED', 'Callbacks are accepted from the payment provider only');
    const { secret } = request.params as { secret?: unknown };
    if (typeof secret !== 'string' || !matchesAnySecret(secret, secrets))
      throw refuse('INVALID_CALLBACK', 'Invalid callback');
  };
}
