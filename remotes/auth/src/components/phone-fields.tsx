import { type Ref, useId, useMemo } from 'react';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { PHONE_COUNTRIES, PHONE_EXAMPLE } from '../phone/countries.ts';
import { sanitizePhoneInput } from '../phone/normalize-phone.ts';
import { INPUT_CLASS } from './text-field.tsx';

/** Country names in the player's language, from the browser (no strings to ship). */
function useRegionNames(language: string) {
  return useMemo(() => {
    try {
      const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
      return (code: string) => names.of(code) ?? code;
    } catch {
      return (code: string) => code;
    }
  }, [language]);
}

export interface PhoneValue {
  countryCode: string;
  phone: string;
}

/** Country-code select and phone field (spec §2): the field keeps only digits, spaces and plus. */
export function PhoneFields({
  value,
  onChange,
  disabled,
  phoneRef,
}: {
  value: PhoneValue;
  onChange(value: PhoneValue): void;
  disabled?: boolean;
  /** The phone input, for moving focus to it when it is missing. */
  phoneRef?: Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useAuthTranslation();
  const regionName = useRegionNames(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-phone`} className="block text-sm font-medium">
        {t('fields.phone')}
      </label>
      <div className="flex gap-2">
        <select
          aria-label={t('fields.countryCode')}
          value={value.countryCode}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, countryCode: e.target.value })}
          className={`${INPUT_CLASS} shrink-0 pr-1`}
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.code} value={c.phoneCode}>
              {`${c.phoneCode} ${regionName(c.code)}`}
            </option>
          ))}
        </select>
        <input
          id={`${id}-phone`}
          ref={phoneRef}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-required="true"
          placeholder={PHONE_EXAMPLE}
          value={value.phone}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, phone: sanitizePhoneInput(e.target.value) })}
          aria-describedby={`${id}-hint`}
          className={`${INPUT_CLASS} min-w-0 flex-1`}
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('fields.phoneHint', { example: PHONE_EXAMPLE })}
      </p>
    </div>
  );
}
