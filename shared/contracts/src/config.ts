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
  /** True when one-time codes are always `otp_test_code` (decisions.md: test mode). */
  otp_test_mode: z.boolean(),
  /** The fixed test code in test mode; null in live mode. */
  otp_test_code: z.string().nullable(),
});
export type AppConfig = z.infer<typeof AppConfig>;

/** GET /api/v1/config */
export const ConfigResponse = z.object({ data: AppConfig });
export type ConfigResponse = z.infer<typeof ConfigResponse>;

/**
 * What the client falls back to when /config cannot be loaded (spec §8), and what the
 * server answers when no feature flag is configured. multi_language is not in the spec's
 * "off" list, and a missing flag defaults to enabled (spec §6).
 */
export const DEFAULT_APP_CONFIG: AppConfig = {
  default_language: 'en',
  default_currency: 'KES',
  supported_languages: [
    { code: 'en', name: 'English', flag: '🇬🇧' },
    { code: 'es', name: 'Español', flag: '🇪🇸' },
    { code: 'fr', name: 'Français', flag: '🇫🇷' },
    { code: 'sw', name: 'Kiswahili', flag: '🇰🇪' },
  ],
  supported_currencies: [
    { code: 'KES', name: 'Kenyan Shilling', symbol: 'KSh' },
    { code: 'USD', name: 'US Dollar', symbol: '$' },
    { code: 'EUR', name: 'Euro', symbol: '€' },
  ],
  features: {
    mobile_money_enabled: true,
    wallet_enabled: true,
    affiliate_enabled: false,
    multi_currency: false,
    live_chat: false,
    multi_language: true,
  },
  otp_test_mode: false,
  otp_test_code: null,
};
