import { PhoneField } from '@mchezo/ui/fields';
import { useWalletTranslation } from '../i18n/namespace.ts';

/**
 * The mobile-money phone: always the player's own registered number, read-only. Money moves only
 * to and from it (docs/decisions/033-money-to-own-number.md), so there is nothing to type.
 */
export function MobileMoneyPhoneField({ registered }: { registered: string }) {
  const { t } = useWalletTranslation();
  return (
    <PhoneField
      label={t('phone.label')}
      hint={t('phone.registeredHint')}
      readOnly
      value={registered}
      onChange={() => {}}
    />
  );
}
