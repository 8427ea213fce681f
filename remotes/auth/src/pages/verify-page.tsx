import { useHost } from '@mchezo/host/context';
import { Alert } from '@mchezo/ui/alert';
import { Spinner } from '@mchezo/ui/spinner';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AuthCard } from '../components/auth-card.tsx';
import { OtpField } from '../components/otp-field.tsx';
import { ResendCode } from '../components/resend-code.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { COMPLETE_CODE, RELOAD_DELAY_MS } from '../screen-constants.ts';
import { useConfirmCode } from '../verification/confirm-code.ts';
import { reloadTo } from '../verification/reload.ts';
import { isCoolingDown, useResendCooldown } from '../verification/resend-cooldown.ts';
import '../styles.css';

/**
 * A player who reaches /verify without a code sent from this tab (a pending login, a guard's
 * redirect) gets one at once; the join form and an earlier visit have already sent one.
 */
function useCodeOnArrival(phone: string | null, cooldown: ReturnType<typeof useResendCooldown>) {
  const { requestVerification } = useHost().auth;
  const sent = useRef(false);
  const { start, reset } = cooldown;
  useEffect(() => {
    if (!phone || sent.current || isCoolingDown('verify', phone)) return;
    sent.current = true;
    start();
    // Quiet on failure: the player did not ask, and the resend link is open again at once.
    requestVerification(phone).catch(reset);
  }, [phone, requestVerification, start, reset]);
}

/** `/verify` (docs/product-rules.md#verify). The shell lets only pending players in. */
export default function VerifyPage() {
  const { t, ready } = useAuthTranslation();
  const host = useHost();
  const phone = host.auth.verificationPhone();
  const [code, setCode] = useState('');
  const { busy, confirm } = useConfirmCode();
  const codeInput = useRef<HTMLInputElement>(null);
  const cooldown = useResendCooldown('verify', phone);
  useCodeOnArrival(phone, cooldown);

  if (!ready) return <Spinner label="…" />;

  const { otp_test_mode: testMode, otp_test_code: testCode } = host.config;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!phone) {
      host.toast.error(t('errors.title'), t('verify.noPhone'));
      return;
    }
    if (!COMPLETE_CODE.test(code)) {
      host.toast.error(t('errors.title'), t('verify.invalidCode'));
      codeInput.current?.focus();
      return;
    }
    if (!(await confirm(phone, code))) return;
    const outcome = await host.auth.signInWithStoredCredentials();
    if (outcome === 'signed-in') {
      host.toast.success(t('verify.success'));
      host.navigate(host.auth.takeRedirectTarget(), { replace: true });
      return;
    }
    // Verified, but no session: the credentials were kept in another tab (or lost to a reload),
    // or signing in failed. The pending stand-in is dropped first, or the reload would find it
    // and send the player back here; then, after 1 s, the page reloads as a guest
    // (docs/product-rules.md#verify).
    host.toast.success(t('verification.successTitle'), t('verification.logInManually'));
    setTimeout(async () => {
      const target = outcome === 'no-credentials' ? host.auth.takeRedirectTarget() : '/';
      await host.auth.logout();
      reloadTo(target);
    }, RELOAD_DELAY_MS);
  };

  const onResend = async () => {
    if (!phone) {
      host.toast.error(t('errors.title'), t('verify.noPhone'));
      return;
    }
    cooldown.start();
    try {
      await host.auth.requestVerification(phone);
      host.toast.success(t('verify.codeSentTitle'), t('verify.codeSent'));
    } catch {
      cooldown.reset();
      host.toast.error(t('errors.title'), t('verify.resendFailed'));
    }
  };

  return (
    <AuthCard title={t('verify.title')} subtitle={t('verify.intro')}>
      {phone ? (
        <p className="text-center text-sm">{t('verify.sentTo', { phone })}</p>
      ) : (
        <Alert tone="warning" title={t('verify.noPhone')} />
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <OtpField ref={codeInput} value={code} onChange={setCode} disabled={busy} />
        <SubmitButton busy={busy} busyLabel={t('verification.busy')} disabled={!COMPLETE_CODE.test(code)}>
          {t('verify.submit')}
        </SubmitButton>
      </form>
      <ResendCode secondsLeft={cooldown.secondsLeft} label={t('verify.resend')} onResend={onResend} />
      {testMode && testCode ? (
        <Alert title={t('verify.testTitle')}>{t('verify.testBody', { code: testCode })}</Alert>
      ) : null}
    </AuthCard>
  );
}
