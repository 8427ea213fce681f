/**
 * The first step of signing in and of enrolling: the staff member's phone and password (the
 * player account's), with the browser's autocomplete hints so a password manager fills them.
 */
import { TextField } from '@mchezo/ui/fields';
import { useTranslation } from 'react-i18next';

export function PhonePasswordFields({
  phone,
  password,
  onPhone,
  onPassword,
  passwordError,
}: {
  phone: string;
  password: string;
  onPhone(value: string): void;
  onPassword(value: string): void;
  /** A refusal that is about the password (wrong phone or password). */
  passwordError?: string;
}) {
  const { t } = useTranslation('access');
  return (
    <>
      <TextField
        label={t('signIn.phone')}
        type="tel"
        autoComplete="username"
        inputMode="tel"
        value={phone}
        onChange={onPhone}
        required
        className="w-full"
      />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={onPassword}
        required
        className="w-full"
        error={passwordError}
      />
    </>
  );
}
