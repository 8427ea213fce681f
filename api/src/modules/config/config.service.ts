import type { AppConfig } from '@mchezo/contracts/config';
import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import type { PublicConfigConfig } from './config.config.js';

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
export function buildPublicConfig(config: PublicConfigConfig): AppConfig {
  return {
    ...DEFAULT_APP_CONFIG,
    features: {
      mobile_money_enabled: config.FEATURE_MOBILE_MONEY_ENABLED,
      wallet_enabled: config.FEATURE_WALLET_ENABLED,
      affiliate_enabled: config.FEATURE_AFFILIATE_ENABLED,
      multi_currency: config.FEATURE_MULTI_CURRENCY,
      live_chat: config.FEATURE_LIVE_CHAT,
      multi_language: config.FEATURE_MULTI_LANGUAGE,
    },
    otp_test_mode: config.OTP_MODE === 'test',
    otp_test_code: config.OTP_MODE === 'test' ? config.OTP_TEST_CODE : null,
    // Always on: reports go to the platform's own tunnel, which stores them and, with SENTRY_DSN,
    // forwards them (docs/decisions/022-release-health.md).
    error_reporting: {
      dsn: config.SENTRY_DSN ?? platformDsn(config.PUBLIC_BASE_URL),
      environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
      tunnel: ERROR_TUNNEL_PATH,
    },
    support_contacts: {
      email: config.SUPPORT_EMAIL,
      phone: config.SUPPORT_PHONE,
      whatsapp: config.SUPPORT_WHATSAPP,
    },
    support_chat:
      config.SUPPORT_CHAT_WIDGET_URL && config.SUPPORT_CHAT_WEBSITE_TOKEN
        ? {
            widget_url: config.SUPPORT_CHAT_WIDGET_URL.replace(/\/$/, ''),
            website_token: config.SUPPORT_CHAT_WEBSITE_TOKEN,
          }
        : null,
    regulation: {
      regulator_name: config.REGULATOR_NAME,
      licence_number: config.LICENCE_NUMBER ?? null,
      min_stake: config.MIN_STAKE_KES,
    },
  };
}
