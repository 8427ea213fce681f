import { LANGUAGES } from '@mchezo/i18n/languages';
import { useLanguage } from '@mchezo/i18n/namespace';
import { useTranslation } from '@mchezo/i18n/react';
import { isFeatureEnabled, useConfigStore } from '../stores/config.store.ts';

/**
 * Shown only when multi_language is on and more than one language exists
 * (docs/product-rules.md#languages).
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('shell');
  const language = useLanguage();
  const config = useConfigStore((s) => s.config);
  const languages = config.supported_languages.filter((l) =>
    (LANGUAGES as readonly string[]).includes(l.code),
  );
  if (!isFeatureEnabled(config, 'multi_language') || languages.length < 2) return null;
  return (
    <label className="relative">
      <span className="sr-only">{t('header.language')}</span>
      <select
        value={language}
        onChange={(e) => i18n.changeLanguage(e.target.value)}
        className="h-9 rounded-lg border border-line bg-surface px-1.5 text-sm text-text"
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code}>
            {l.code.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
