/** English or Kiswahili, kept in this browser (i18n.ts stores the choice). */
import { useTranslation } from 'react-i18next';
import { isStaffLanguage, STAFF_LANGUAGES } from '../i18n/i18n.ts';

const NAMES = { en: 'English', sw: 'Kiswahili' } as const;

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = isStaffLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t('layout.language')}</span>
      <select
        value={current}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="min-h-11 rounded-lg border border-line bg-surface-2 px-2 text-sm text-text"
      >
        {STAFF_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {NAMES[lng]}
          </option>
        ))}
      </select>
    </label>
  );
}
