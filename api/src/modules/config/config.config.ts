/**
 * The environment variables the config module reads: what the browser is told (features, the
 * test code's mode, error reporting, customer care, the regulation line).
 */
import { z } from 'zod';
import { bool, type ConfigOf, optionalString } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';

export const PublicConfigConfig = z.object({
  ...PlatformConfig.pick({
    NODE_ENV: true,
    PUBLIC_BASE_URL: true,
    OTP_MODE: true,
    OTP_TEST_CODE: true,
    FEATURE_WALLET_ENABLED: true,
    FEATURE_MOBILE_MONEY_ENABLED: true,
    MIN_STAKE_KES: true,
    LICENCE_NUMBER: true,
    SENTRY_DSN: true,
  }).shape,
  FEATURE_AFFILIATE_ENABLED: bool(false),
  FEATURE_MULTI_CURRENCY: bool(false),
  FEATURE_LIVE_CHAT: bool(false),
  FEATURE_MULTI_LANGUAGE: bool(true),
  SENTRY_ENVIRONMENT: optionalString,
  /** Customer care, shown in the footer, the help panel and the Paybill help. */
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'must be an email address')
    .default('support@mchezo.co.ke'),
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+\d{8,15}$/, 'must be an E.164 phone number, e.g. +254700000000')
    .default('+254700000000'),
  SUPPORT_WHATSAPP: z
    .string()
    .trim()
    .regex(/^\+\d{8,15}$/, 'must be an E.164 phone number, e.g. +254700000000')
    .default('+254700000000'),
  /** A Chatwoot-compatible widget: base URL (its /packs/js/sdk.js is loaded) and website token. */
  SUPPORT_CHAT_WIDGET_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    'must be an http(s) URL',
  ),
  SUPPORT_CHAT_WEBSITE_TOKEN: optionalString,
  /** The regulator named in the footer and the legal pages. */
  REGULATOR_NAME: optionalString.transform((v) => v ?? 'Gambling Regulatory Authority of Kenya'),
});
export type PublicConfigConfig = ConfigOf<typeof PublicConfigConfig>;
