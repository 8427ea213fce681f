import { PHONE_COUNTRIES } from '@mchezo/contracts/auth-constants';
import { PhoneField } from '@mchezo/ui/fields';
import { type Ref, useMemo } from 'react';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { PHONE_EXAMPLE } from '../screen-constants.ts';

/** The country-code options, named in the player's language by the browser (no strings to ship). */
function useCountryOptions(language: string) {
  return useMemo(() => {
    let regionName = (code: string) => code;
    try {
      const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
      regionName = (code) => names.of(code) ?? code;
    } catch {
      // No region names in this browser: the ISO code stands in.
    }
    return PHONE_COUNTRIES.map((c) => ({
      value: c.phone_code,
      label: `${c.phone_code} ${regionName(c.code)}`,
    }));
  }, [language]);
}

export interface PhoneValue {
  countryCode: string;
  phone: string;
}

/** The sign-in screens' phone: country code and the national number. */
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
  const options = useCountryOptions(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  return (
    <PhoneField
      ref={phoneRef}
      label={t('fields.phone')}
      hint={t('fields.phoneHint', { example: PHONE_EXAMPLE })}
      country={{
        label: t('fields.countryCode'),
        value: value.countryCode,
        options,
        onChange: (countryCode) => onChange({ ...value, countryCode }),
      }}
      autoComplete="tel-national"
      aria-required="true"
      placeholder={PHONE_EXAMPLE}
      value={value.phone}
      disabled={disabled}
      onChange={(phone) => onChange({ ...value, phone })}
    />
  );
}
