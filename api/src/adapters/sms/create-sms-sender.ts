import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.js';
import { ConsoleSmsSender } from './console-sms.js';
import { GatewaySmsSender } from './gateway-sms.js';
import type { SmsSender } from './sms-sender.js';

/** The SMS adapter SMS_PROVIDER names; the gateway without its key falls back to the console. */
export function createSmsSender(env: Env, log: FastifyBaseLogger): SmsSender {
  if (env.SMS_PROVIDER === 'gateway' && env.SMS_GATEWAY_API_KEY)
    return new GatewaySmsSender({
      url: env.SMS_GATEWAY_URL,
      username: env.SMS_GATEWAY_USERNAME,
      apiKey: env.SMS_GATEWAY_API_KEY,
      senderId: env.SMS_SENDER_ID,
    });
  if (env.SMS_PROVIDER === 'gateway')
    log.warn('SMS_PROVIDER=gateway without SMS_GATEWAY_API_KEY: using the console adapter');
  return new ConsoleSmsSender(log, env.OTP_MODE === 'test');
}
