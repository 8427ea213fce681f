import { useAuthTranslation } from '../i18n/namespace.ts';

/**
 * 'Resend code in {n}s' while the cooldown runs, then a link-styled button
 * (docs/product-rules.md#one-time-codes).
 */
export function ResendCode({
  secondsLeft,
  label,
  onResend,
}: {
  secondsLeft: number;
  label: string;
  onResend(): void;
}) {
  const { t } = useAuthTranslation();
  if (secondsLeft > 0)
    return <p className="text-center text-sm text-muted">{t('code.resendIn', { seconds: secondsLeft })}</p>;
  return (
    <p className="text-center">
      <button
        type="button"
        onClick={onResend}
        className="text-sm font-semibold text-brand underline underline-offset-2"
      >
        {label}
      </button>
    </p>
  );
}
