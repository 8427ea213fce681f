import { useId } from 'react';
import { useWalletTranslation } from '../i18n/namespace.ts';

/** Spec §5: the phone input keeps only digits, spaces and plus. */
const keepPhoneChars = (value: string) => value.replace(/[^\d\s+]/g, '');

/**
 * The mobile-money phone. Read-only when the player has a registered phone (spec §2): money
 * moves only to and from the player's own number.
 */
export function PhoneField({
  registered,
  value,
  onChange,
}: {
  registered: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useWalletTranslation();
  const id = useId();
  const readOnly = registered !== '';
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {t('phone.label')}
      </label>
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        readOnly={readOnly}
        aria-describedby={`${id}-hint`}
        value={readOnly ? registered : value}
        onChange={(e) => onChange(keepPhoneChars(e.target.value))}
        placeholder={t('phone.placeholder')}
        className={`min-h-11 w-full rounded-lg border border-line px-3 text-base focus-visible:outline-2 focus-visible:outline-brand ${
          readOnly ? 'bg-surface-2 text-muted' : 'bg-surface text-text'
        }`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {readOnly ? t('phone.registeredHint') : t('phone.hint')}
      </p>
    </div>
  );
}
