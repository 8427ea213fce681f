import type { AppConfig } from '@mchezo/contracts/config';
import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import type { Env } from '../../env.js';

/** Where the browser's error-reporting SDK posts its envelopes (the API's own ingest). */
const ERROR_TUNNEL_PATH = '/api/v1/errors/envelope';

/**
 * The SDK wants a DSN even when every report goes to the tunnel; without a real Sentry, one naming
 * this site (its key and project are not used: the tunnel stores what it gets).
 */
const platformDsn = (publicBaseUrl: string) => {
  const url = new URL(publicBaseUrl);
  return `${url.protocol}//platform@${url.host}/1`;
};

/** Builds the public config once: features come from configuration, nothing secret goes out. */
export function buildPublicConfig(env: Env): AppConfig {
  return {
    ...DEFAULT_APP_CONFIG,
    features: {
      mobile_money_enabled: env.FEATURE_MOBILE_MONEY_ENABLED,
      wallet_enabled: env.FEATURE_WALLET_ENABLED,
      affiliate_enabled: env.FEATURE_AFFILIATE_ENABLED,
      multi_currency: env.FEATURE_MULTI_CURRENCY,
      live_chat: env.FEATURE_LIVE_CHAT,
      multi_language: env.FEATURE_MULTI_LANGUAGE,
    },
    otp_test_mode: env.OTP_MODE === 'test',
    otp_test_code: env.OTP_MODE === 'test' ? env.OTP_TEST_CODE : null,
    // Always on: reports go to the platform's own tunnel, which stores them and, with SENTRY_DSN,
    // forwards them (docs/decisions/022-release-health.md).
    error_reporting: {
      dsn: env.SENTRY_DSN ?? platformDsn(env.PUBLIC_BASE_URL),
      environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
      tunnel: ERROR_TUNNEL_PATH,
    },
    support_contacts: { email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE, whatsapp: env.SUPPORT_WHATSAPP },
    support_chat:
      env.SUPPORT_CHAT_WIDGET_URL && env.SUPPORT_CHAT_WEBSITE_TOKEN
        ? {
            widget_url: env.SUPPORT_CHAT_WIDGET_URL.replace(/\/$/, ''),
            website_token: env.SUPPORT_CHAT_WEBSITE_TOKEN,
          }
        : null,
    regulation: {
      regulator_name: env.REGULATOR_NAME,
      licence_number: env.LICENCE_NUMBER ?? null,
      min_stake: env.MIN_STAKE_KES,
    },
  };
}
