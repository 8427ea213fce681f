import { useHost } from '@mchezo/host/context';
import { type FormEvent, useRef, useState } from 'react';
import { failureMessage } from '../api/failure-message.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { OtpField } from '../components/otp-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { useConfirmCode } from './confirm-code.ts';
import { useResendCooldown } from './resend-cooldown.ts';

/** The join page's verification step (docs/product-rules.md#join). */
export function JoinVerification({ phone }: { phone: string }) {
  const { t } = useAuthTranslation();
  const host = useHost();
  const [code, setCode] = useState('');
  const { busy, confirm } = useConfirmCode();
  const codeInput = useRef<HTMLInputElement>(null);
  const cooldown = useResendCooldown('verify', phone);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code) {
      host.toast.error(t('errors.title'), t('join.codeRequired'));
      codeInput.current?.focus();
      return;
    }
    if (!(await confirm(phone, code))) return;
    if ((await host.auth.signInWithStoredCredentials()) === 'signed-in') {
      host.toast.success(t('join.verifiedSignedIn'));
      host.navigate(host.auth.takeRedirectTarget(), { replace: true });
    } else {
      host.toast.success(t('verification.successTitle'), t('verification.logInManually'));
      host.navigate('/login', { replace: true });
    }
  };

  const onResend = async () => {
    cooldown.start();
    try {
      await host.auth.requestVerification(phone);
      host.toast.success(t('join.resent'));
    } catch (error) {
      cooldown.reset();
      const message = t('verification.requestFailed');
      host.toast.error(
        t('join.resendFailedTitle'),
        failureMessage(error, { answered: message, unanswered: message }),
      );
    }
  };

  return (
    <AuthCard title={t('join.verifyTitle')} subtitle={t('join.verifySubtitle')}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <OtpField ref={codeInput} value={code} onChange={setCode} disabled={busy} />
        <SubmitButton busy={busy} busyLabel={t('verification.busy')}>
          {t('join.verifySubmit')}
        </SubmitButton>
      </form>
      <ResendCode secondsLeft={cooldown.secondsLeft} label={t('join.resend')} onResend={onResend} />
      <TextLink to="/login" lead={t('join.alreadyVerified')}>
        {t('join.signIn')}
      </TextLink>
    </AuthCard>
  );
}
