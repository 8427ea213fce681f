import { PASSWORD_MIN_LENGTH } from '@mchezo/contracts/auth-constants';
import { TextField } from '@mchezo/ui/fields';
import type { Ref } from 'react';
import { useAuthTranslation } from '../i18n/namespace.ts';

/**
 * A password being chosen (join, reset): at least `PASSWORD_MIN_LENGTH` characters, a minimum
 * the browser enforces and the hint states.
 */
export function NewPasswordField({
  label,
  value,
  onChange,
  ref,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  ref: Ref<HTMLInputElement>;
}) {
  const { t } = useAuthTranslation();
  return (
    <TextField
      ref={ref}
      label={label}
      type="password"
      autoComplete="new-password"
      aria-required="true"
      minLength={PASSWORD_MIN_LENGTH}
      hint={t('fields.passwordRule', { min: PASSWORD_MIN_LENGTH })}
      value={value}
      onChange={onChange}
    />
  );
}
