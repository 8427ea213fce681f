import { PASSWORD_MIN_LENGTH } from '@mchezo/contracts/auth-constants';
import { useHost } from '@mchezo/host/context';
import { type FormEvent, useRef, useState } from 'react';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { failureMessage } from '../api/failure-message.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';
import { OtpField } from '../components/otp-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { COMPLETE_CODE } from '../screen-constants.ts';
import { useResendCooldown } from '../verification/resend-cooldown.ts';

/**
 * The forgot-password page's second step: the code and a new password
 * (docs/product-rules.md#forgot-password).
 */
export function ResetWithCode({ phone, onChangePhone }: { phone: string; onChangePhone(): void }) {
  const { t } = useAuthTranslation();
  const host = useHost();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const cooldown = useResendCooldown('reset', phone);
  const request = useRequestPasswordReset();
  const confirm = useConfirmPasswordReset();
  const codeInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!COMPLETE_CODE.test(code)) {
      host.toast.error(t('errors.title'), t('verify.invalidCode'));
      codeInput.current?.focus();
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      host.toast.error(t('errors.title'), t('forgot.passwordTooShort', { min: PASSWORD_MIN_LENGTH }));
      passwordInput.current?.focus();
      return;
    }
    try {
      await confirm.mutateAsync({ phone, code, new_password: password });
      host.toast.success(t('forgot.successTitle'), t('forgot.success'));
      host.navigate('/login', { replace: true });
    } catch (error) {
      host.toast.error(
        t('forgot.failedTitle'),
        failureMessage(error, { answered: t('forgot.failed'), unanswered: t('errors.somethingWrong') }),
      );
    }
  };

  const onResend = async () => {
    cooldown.start();
    try {
      await request.mutateAsync({ phone });
      host.toast.success(t('forgot.sentTitle'), t('forgot.sent'));
    } catch (error) {
      cooldown.reset();
      const message = t('forgot.requestFailed');
      host.toast.error(t('errors.title'), failureMessage(error, { answered: message, unanswered: message }));
    }
  };

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.confirmSubtitle', { phone })}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <OtpField ref={codeInput} value={code} onChange={setCode} disabled={confirm.isPending} />
        <NewPasswordField
          ref={passwordInput}
          label={t('fields.newPassword')}
          value={password}
          onChange={setPassword}
        />
        <SubmitButton busy={confirm.isPending} busyLabel={t('forgot.confirmBusy')}>
          {t('forgot.confirmSubmit')}
        </SubmitButton>
      </form>
      <ResendCode secondsLeft={cooldown.secondsLeft} label={t('forgot.resend')} onResend={onResend} />
      <p className="text-center">
        <button
          type="button"
          onClick={onChangePhone}
          className="text-sm text-muted underline underline-offset-2"
        >
          {t('forgot.changePhone')}
        </button>
      </p>
      <TextLink to="/login">{t('forgot.back')}</TextLink>
    </AuthCard>
  );
}
