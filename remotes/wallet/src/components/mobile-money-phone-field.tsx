import { PhoneField } from '@mchezo/ui/fields';
import { useWalletTranslation } from '../i18n/namespace.ts';

/**
 * The mobile-money phone. Read-only when the player has a registered phone: money moves only to
 * and from the player's own number.
 */
export function MobileMoneyPhoneField({
  registered,
  value,
  onChange,
}: {
  registered: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useWalletTranslation();
  const readOnly = registered !== '';
  return (
    <PhoneField
      label={t('phone.label')}
      hint={readOnly ? t('phone.registeredHint') : t('phone.hint')}
      readOnly={readOnly}
      value={readOnly ? registered : value}
      onChange={onChange}
      placeholder={t('phone.placeholder')}
    />
  );
}
