import { useHost } from '@mchezo/host/context';
import { Link, useSearchParams } from '@mchezo/host/router';
import { Alert } from '@mchezo/ui/alert';
import { TextField } from '@mchezo/ui/fields';
import { Spinner } from '@mchezo/ui/spinner';
import { useEffect, useRef, useState } from 'react';
import { failureMessage, isLockout } from '../api/failure-message.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PhoneFields } from '../components/phone-fields.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useCredentialsForm } from '../components/use-credentials-form.ts';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { VERIFY_REDIRECT_DELAY_MS } from '../screen-constants.ts';
import '../styles.css';

/** The lockout message for `/login?locked=true`, taken from the host once (docs/product-rules.md#lockout). */
function useLockoutMessage(): string | null {
  const { takeLockoutMessage } = useHost().auth;
  const [params] = useSearchParams();
  const locked = params.get('locked') === 'true';
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!locked) return;
    // Taken once: a second run (Strict Mode, a new host object) finds nothing and keeps the first.
    const taken = takeLockoutMessage();
    if (taken) setMessage(taken);
  }, [locked, takeLockoutMessage]);
  return locked ? message : null;
}

/** `/login` (docs/product-rules.md#login). */
export default function LoginPage() {
  const { t, ready } = useAuthTranslation();
  const host = useHost();
  const lockoutMessage = useLockoutMessage();
  const form = useCredentialsForm();
  const verifyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(verifyTimer.current), []);

  if (!ready) return <Spinner label="…" />;

  const onSubmit = form.onSubmit(async (e164) => {
    try {
      const { needsVerification } = await host.auth.login(e164, form.password);
      if (needsVerification) {
        // The host kept the credentials and a pending user; /verify signs in after the code.
        verifyTimer.current = setTimeout(
          () => host.navigate('/verify', { replace: true }),
          VERIFY_REDIRECT_DELAY_MS,
        );
        return;
      }
      host.toast.success(t('login.success'));
      host.navigate(host.auth.takeRedirectTarget(), { replace: true });
    } catch (error) {
      // A suspended account: the shell shows its lockout alert here; a toast would say it twice.
      if (isLockout(error)) return;
      host.toast.error(
        t('login.failedTitle'),
        failureMessage(error, { answered: t('login.failed'), unanswered: t('errors.somethingWrong') }),
      );
    }
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {lockoutMessage ? (
        <Alert tone="destructive" title={t('login.lockedTitle')}>
          {lockoutMessage}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <PhoneFields value={form.phone} onChange={form.setPhone} phoneRef={form.phoneInput} />
        <TextField
          ref={form.passwordInput}
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          aria-required="true"
          placeholder={t('fields.passwordPlaceholder')}
          value={form.password}
          onChange={form.setPassword}
        />
        <p className="text-right">
          <Link
            to="/forgot-password"
            className="text-sm font-semibold text-brand underline underline-offset-2"
          >
            {t('login.forgot')}
          </Link>
        </p>
        <SubmitButton busy={form.busy} busyLabel={t('login.busy')}>
          {t('login.submit')}
        </SubmitButton>
      </form>
      <TextLink to="/join" lead={t('login.noAccount')}>
        {t('login.join')}
      </TextLink>
    </AuthCard>
  );
}
