import { useHost } from '@mchezo/host/context';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { type FormEvent, useRef, useState } from 'react';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { failureMessage } from '../api/failure-message.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { PhoneFields, type PhoneValue } from '../components/phone-fields.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { TextField } from '../components/text-field.tsx';
import { TextLink } from '../components/text-link.tsx';
import { CODE_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { DEFAULT_PHONE_CODE } from '../phone/countries.ts';
import { normalizePhone } from '../phone/normalize-phone.ts';
import { markCodeSent, useResendCooldown } from '../verification/resend-cooldown.ts';
import '../styles.css';

const SIX_DIGITS = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/**
 * `/forgot-password`. The spec left 'Send Reset Link' unwired; decisions.md wires it: a code
 * goes to the phone, then the player enters it with a new password and signs in again.
 */
export default function ForgotPasswordPage() {
  const { t, ready } = useAuthTranslation();
  const host = useHost();
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_PHONE_CODE, phone: '' });
  /** The phone the code went to: the page is then on its second step. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const phoneInput = useRef<HTMLInputElement>(null);

  if (!ready) return <Spinner label="…" />;
  if (sentTo) return <ResetWithCode phone={sentTo} onChangePhone={() => setSentTo(null)} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    if (!phone.phone.trim()) {
      host.toast.error(t('errors.title'), t('errors.requiredFields'));
      phoneInput.current?.focus();
      return;
    }
    const e164 = normalizePhone(phone.phone, phone.countryCode);
    try {
      await request.mutateAsync({ phone: e164 });
      markCodeSent('reset', e164);
      host.toast.success(t('forgot.sentTitle'), t('forgot.sent'));
      setSentTo(e164);
    } catch (error) {
      const message = t('forgot.requestFailed');
      host.toast.error(t('errors.title'), failureMessage(error, { answered: message, unanswered: message }));
    }
  };

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <PhoneFields value={phone} onChange={setPhone} phoneRef={phoneInput} />
        <Button type="submit" disabled={request.isPending} className="w-full">
          {request.isPending ? t('forgot.busy') : t('forgot.submit')}
        </Button>
      </form>
      <TextLink to="/login">{t('forgot.back')}</TextLink>
    </AuthCard>
  );
}

function ResetWithCode({ phone, onChangePhone }: { phone: string; onChangePhone(): void }) {
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
    if (!SIX_DIGITS.test(code)) {
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
        <CodeInput
          ref={codeInput}
          label={t('code.label')}
          value={code}
          onChange={setCode}
          disabled={confirm.isPending}
        />
        <TextField
          ref={passwordInput}
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          aria-required="true"
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('fields.passwordRule', { min: PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" disabled={confirm.isPending} className="w-full">
          {confirm.isPending ? t('forgot.confirmBusy') : t('forgot.confirmSubmit')}
        </Button>
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
