import type { AppConfig } from './config.ts';

/**
 * What the client falls back to when /config cannot be loaded
 * (docs/product-rules.md#configuration), and what the server answers when no feature flag is
 * configured. multi_language is on: a missing flag defaults to enabled
 * (docs/product-rules.md#feature-flags).
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
  support_contacts: { email: 'support@mchezo.co.ke', phone: '+254700000000', whatsapp: '+254700000000' },
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
  error_reporting: null,
  support_chat: null,
  regulation: {
    regulator_name: 'Gambling Regulatory Authority of Kenya',
    licence_number: null,
    min_stake: 20,
  },
};
