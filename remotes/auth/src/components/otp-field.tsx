import { OTP_LENGTH } from '@mchezo/contracts/auth-constants';
import { CodeField } from '@mchezo/ui/code-field';
import type { Ref } from 'react';
import { useAuthTranslation } from '../i18n/namespace.ts';

/** The code entry of every code step: `OTP_LENGTH` digit slots (docs/product-rules.md#one-time-codes). */
export function OtpField({
  value,
  onChange,
  disabled,
  ref,
}: {
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  ref: Ref<HTMLInputElement>;
}) {
  const { t } = useAuthTranslation();
  return (
    <CodeField
      ref={ref}
      label={t('code.label')}
      length={OTP_LENGTH}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
