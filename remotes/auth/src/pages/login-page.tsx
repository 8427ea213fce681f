import { DEFAULT_PHONE_CODE, toE164 } from '@mchezo/contracts/auth-constants';
import { useHost } from '@mchezo/host/context';
import { Link, useSearchParams } from '@mchezo/host/router';
import { Alert } from '@mchezo/ui/alert';
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { Spinner } from '@mchezo/ui/spinner';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { failureMessage, isLockout } from '../api/failure-message.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PhoneFields, type PhoneValue } from '../components/phone-fields.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { VERIFY_REDIRECT_DELAY_MS } from '../screen-constants.ts';
import '../styles.css';

/** The lockout message for `/login?locked=true`, taken from the host once (spec §2). */
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

/** `/login` (spec §2 Login). */
export default function LoginPage() {
  const { t, ready } = useAuthTranslation();
  const host = useHost();
  const lockoutMessage = useLockoutMessage();
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_PHONE_CODE, phone: '' });
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const phoneInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const verifyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(verifyTimer.current), []);

  if (!ready) return <Spinner label="…" />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!phone.phone.trim() || !password) {
      host.toast.error(t('errors.title'), t('errors.requiredFields'));
      (phone.phone.trim() ? passwordInput : phoneInput).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { needsVerification } = await host.auth.login(toE164(phone.phone, phone.countryCode), password);
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
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {lockoutMessage ? (
        <Alert tone="destructive" title={t('login.lockedTitle')}>
          {lockoutMessage}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <PhoneFields value={phone} onChange={setPhone} phoneRef={phoneInput} />
        <TextField
          ref={passwordInput}
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          aria-required="true"
          placeholder={t('fields.passwordPlaceholder')}
          value={password}
          onChange={setPassword}
        />
        <p className="text-right">
          <Link
            to="/forgot-password"
            className="text-sm font-semibold text-brand underline underline-offset-2"
          >
            {t('login.forgot')}
          </Link>
        </p>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('login.busy') : t('login.submit')}
        </Button>
      </form>
      <TextLink to="/join" lead={t('login.noAccount')}>
        {t('login.join')}
      </TextLink>
    </AuthCard>
  );
}
