/**
 * Staff sign-in: phone and password, then the 6-digit code from the authenticator app, or one
 * recovery code. A person without an authenticator yet is sent to enrolment. On success the token
 * is kept in memory (session-store.ts) and the person goes where they were headed.
 */
import { Alert } from '@mchezo/ui/alert';
import { Button } from '@mchezo/ui/button';
import { CodeField } from '@mchezo/ui/code-field';
import { TextField } from '@mchezo/ui/fields';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { signIn } from '../../api/session.ts';
import { LanguageSwitch } from '../../app/language-switch.tsx';
import { FormError } from '../../components/states.tsx';
import { useSession } from '../../session/session-store.ts';
import { PhonePasswordFields } from './phone-password-fields.tsx';
import { signInOutcome } from './sign-in-errors.ts';

type Step = 'password' | 'code' | 'recovery';

export function SignInPage() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const location = useLocation();
  const next = (location.state as { next?: string } | null)?.next ?? '/';
  const { token, signedOutReason, signedIn } = useSession();
  const [step, setStep] = useState<Step>('password');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; field: 'password' | 'code' | 'form' } | null>(null);

  const codeRef = useRef<HTMLInputElement>(null);
  // The code step's one field takes the focus when the step opens.
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  if (token) return <Navigate to={next} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!phone.trim() || !password) {
      setError({ text: t('signIn.errors.missing'), field: 'form' });
      return;
    }
    if (step === 'code' && code.length !== 6) {
      setError({ text: t('signIn.errors.codeLength'), field: 'code' });
      return;
    }
    setBusy(true);
    try {
      const answer = await signIn({
        phone,
        password,
        ...(step === 'code' && { code }),
        ...(step === 'recovery' && { recovery_code: recovery }),
      });
      signedIn(answer);
      navigate(next, { replace: true });
    } catch (err) {
      const outcome = signInOutcome(err, t);
      setBusy(false);
      if (outcome.kind === 'code_needed') setStep('code');
      else if (outcome.kind === 'not_enrolled') navigate('/enrol', { state: { phone, notEnrolled: true } });
      else {
        setError({ text: outcome.text, field: outcome.field });
        if (step !== 'password') setCode('');
      }
    }
  };

  const back = () => {
    setStep('password');
    setCode('');
    setRecovery('');
    setError(null);
  };

  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col px-4 py-8">
      <header className="mb-6 flex items-center justify-between">
        <p className="text-lg font-bold">{t('brand')}</p>
        <LanguageSwitch />
      </header>
      <main id="main" className="space-y-5">
        <h1 className="text-2xl font-bold">{t('signIn.title')}</h1>
        {signedOutReason === 'session_ended' ? (
          <Alert tone="warning" title={t('signIn.sessionEnded')} />
        ) : null}
        {signedOutReason === 'signed_out' ? <Alert title={t('signIn.signedOut')} /> : null}
        <form onSubmit={submit} className="space-y-4" noValidate>
          {step === 'password' ? (
            <PhonePasswordFields
              phone={phone}
              password={password}
              onPhone={setPhone}
              onPassword={setPassword}
              passwordError={error?.field === 'password' ? error.text : undefined}
            />
          ) : null}
          {step === 'code' ? (
            <>
              <p className="text-sm text-muted">{t('signIn.codeHint')}</p>
              <CodeField
                label={t('signIn.code')}
                length={6}
                value={code}
                onChange={setCode}
                disabled={busy}
                error={error?.field === 'code' ? error.text : ''}
                ref={codeRef}
              />
            </>
          ) : null}
          {step === 'recovery' ? (
            <TextField
              label={t('signIn.recoveryCode')}
              hint={t('signIn.recoveryHint')}
              autoComplete="off"
              spellCheck={false}
              value={recovery}
              onChange={setRecovery}
              required
              className="w-full"
              error={error?.field === 'code' ? error.text : undefined}
            />
          ) : null}
          <FormError>{error?.field === 'form' ? error.text : null}</FormError>
          <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('signIn.busy') : step === 'password' ? t('signIn.continue') : t('signIn.submit')}
          </Button>
        </form>
        {step === 'code' ? (
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => {
              setStep('recovery');
              setError(null);
            }}
          >
            {t('signIn.useRecovery')}
          </Button>
        ) : null}
        {step === 'recovery' ? (
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => {
              setStep('code');
              setError(null);
            }}
          >
            {t('signIn.useCode')}
          </Button>
        ) : null}
        {step !== 'password' ? (
          <Button variant="ghost" className="w-full" onClick={back}>
            {t('signIn.back')}
          </Button>
        ) : null}
        <p className="text-sm text-muted">
          {t('signIn.newHere')}{' '}
          <Link to="/enrol" className="font-semibold text-brand underline">
            {t('signIn.enrolLink')}
          </Link>
        </p>
      </main>
    </div>
  );
}
