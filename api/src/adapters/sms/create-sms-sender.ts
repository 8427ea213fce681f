import type { FastifyBaseLogger } from 'fastify';
import { ConsoleSmsSender } from './console-sms.js';
import { GatewaySmsSender } from './gateway-sms.js';
import type { SmsSender } from './sms-sender.js';

/** The SMS adapter SMS_PROVIDER names; the gateway without its key falls back to the console. */
/** The variables that choose and reach the SMS gateway, and whether codes are the test's. */
interface SmsSenderConfig {
  SMS_PROVIDER: 'console' | 'gateway';
  SMS_GATEWAY_URL: string;
  SMS_GATEWAY_USERNAME: string;
  SMS_GATEWAY_API_KEY?: string | undefined;
  SMS_SENDER_ID?: string | undefined;
  OTP_MODE: 'test' | 'live';
}

export function createSmsSender(env: SmsSenderConfig, log: FastifyBaseLogger): SmsSender {
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
