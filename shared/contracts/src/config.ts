import { z } from 'zod';

export const SupportedLanguage = z.object({
  code: z.string(),
  name: z.string(),
  flag: z.string(),
});
export type SupportedLanguage = z.infer<typeof SupportedLanguage>;

export const SupportedCurrency = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
});
export type SupportedCurrency = z.infer<typeof SupportedCurrency>;

export const Features = z.object({
  mobile_money_enabled: z.boolean(),
  wallet_enabled: z.boolean(),
  affiliate_enabled: z.boolean(),
  multi_currency: z.boolean(),
  live_chat: z.boolean(),
  multi_language: z.boolean(),
});
export type Features = z.infer<typeof Features>;
export type FeatureName = keyof Features;

export const AppConfig = z.object({
  default_language: z.string(),
  default_currency: z.string(),
  supported_languages: z.array(SupportedLanguage),
  supported_currencies: z.array(SupportedCurrency),
  features: Features,
  /** True when one-time codes are always `otp_test_code` (docs/product-rules.md#one-time-codes). */
  otp_test_mode: z.boolean(),
  /** The fixed test code in test mode; null in live mode. */
  otp_test_code: z.string().nullable(),
  /**
   * Error reports: the Sentry SDK posts them to `tunnel` (the platform's ingest), under `dsn`
   * (public by design: a real Sentry project's when the platform forwards to one); null: off.
   */
  error_reporting: z.object({ dsn: z.string(), environment: z.string(), tunnel: z.string() }).nullable(),
  /** How players reach customer care (footer, help panel, Paybill help); phones in E.164. */
  support_contacts: z.object({ email: z.string(), phone: z.string(), whatsapp: z.string() }),
  /** A Chatwoot-compatible support-chat widget; null: not configured. */
  support_chat: z.object({ widget_url: z.string(), website_token: z.string() }).nullable(),
  /** What the regulator wants on screen, and the smallest stake (docs/product-rules.md#regulation). */
  regulation: z.object({
    regulator_name: z.string(),
    /** null: not configured; the licence line is shown without a number. */
    licence_number: z.string().nullable(),
    /** The smallest stake a game may take, in KSh. */
    min_stake: z.number(),
  }),
});
export type AppConfig = z.infer<typeof AppConfig>;

/** GET /api/v1/config */
export const ConfigResponse = z.object({ data: AppConfig });
export type ConfigResponse = z.infer<typeof ConfigResponse>;

// The defaults (DEFAULT_APP_CONFIG) are plain values in config-defaults.ts, apart from zod so the
// browser can import them; that file takes its type from here, so this file does not re-export it.
