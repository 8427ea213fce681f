/**
 * Enrolling an authenticator (decision 052), for a staff member who has none yet:
 * 1. phone and password (the player sign-in: its token is what the enrol routes take);
 * 2. the enrolment code the administrator issued (the first administrator, named in ADMIN_PHONES,
 *    leaves it empty while no administrator is enrolled);
 * 3. the QR code (the API's SVG, as an image), the secret for typing by hand and the 10 recovery
 *    codes, shown this once, with "Download";
 * 4. a code from the app confirms it; then the person signs in with two factors.
 */
import type { TotpEnrolResponse } from '@mchezo/contracts/staff';
import { Alert } from '@mchezo/ui/alert';
import { Button } from '@mchezo/ui/button';
import { CodeField } from '@mchezo/ui/code-field';
import { TextField } from '@mchezo/ui/fields';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { confirmEnrolment, passwordSignIn, startEnrolment } from '../../api/session.ts';
import { LanguageSwitch } from '../../app/language-switch.tsx';
import { FormError, useErrorText } from '../../components/states.tsx';
import { PhonePasswordFields } from '../sign-in/phone-password-fields.tsx';
import { enrolmentError } from './enrolment-errors.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

type Step = 'password' | 'enrolment-code' | 'secret' | 'done';

export function EnrolmentPage() {
  const { t } = useTranslation('access');
  const errorText = useErrorText();
  const state = useLocation().state as { phone?: string; notEnrolled?: boolean } | null;
  const [step, setStep] = useState<Step>('password');
  const [phone, setPhone] = useState(state?.phone ?? '');
  const [password, setPassword] = useState('');
  const [passwordToken, setPasswordToken] = useState<string | null>(null);
  const [enrolmentCode, setEnrolmentCode] = useState('');
  const [secret, setSecret] = useState<TotpEnrolResponse | null>(null);
  const [saved, setSaved] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(enrolmentError(err, t) ?? errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const answer = await passwordSignIn(phone, password);
      if (!answer.access_token) {
        setError(t('enrol.errors.verify'));
        return;
      }
      setPasswordToken(answer.access_token);
      setPassword('');
      setStep('enrolment-code');
    });
  };

  const submitEnrolmentCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      setSecret(await startEnrolment(passwordToken ?? '', enrolmentCode.trim() || null));
      setStep('secret');
    });
  };

  const submitConfirm = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) {
      setError(t('signIn.errors.codeLength'));
      return;
    }
    void run(async () => {
      try {
        await confirmEnrolment(passwordToken ?? '', code);
      } catch (err) {
        setCode('');
        throw err;
      }
      setSecret(null);
      setPasswordToken(null);
      setStep('done');
    });
  };

  const busyButton = (label: string) => (
    <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
      {busy ? t('enrol.busy') : label}
    </Button>
  );
  const errorBox = <FormError>{error}</FormError>;

  return (
    <div className="mx-auto flex min-h-dvh max-w-xl flex-col px-4 py-8">
      <header className="mb-6 flex items-center justify-between">
        <p className="text-lg font-bold">{t('brand')}</p>
        <LanguageSwitch />
      </header>
      <main id="main" className="space-y-5">
        <h1 className="text-2xl font-bold">{t('enrol.title')}</h1>
        {state?.notEnrolled && step === 'password' ? (
          <Alert tone="warning" title={t('enrol.notEnrolled')} />
        ) : null}
        {step === 'password' ? (
          <form onSubmit={submitPassword} className="space-y-4" noValidate>
            <p className="text-sm text-muted">{t('enrol.passwordIntro')}</p>
            <PhonePasswordFields
              phone={phone}
              password={password}
              onPhone={setPhone}
              onPassword={setPassword}
            />
            {errorBox}
            {busyButton(t('signIn.continue'))}
          </form>
        ) : null}
        {step === 'enrolment-code' ? (
          <form onSubmit={submitEnrolmentCode} className="space-y-4" noValidate>
            <TextField
              label={t('enrol.enrolmentCode')}
              hint={t('enrol.enrolmentCodeHint')}
              autoComplete="off"
              spellCheck={false}
              value={enrolmentCode}
              onChange={setEnrolmentCode}
              className="w-full"
            />
            {errorBox}
            {busyButton(t('enrol.start'))}
          </form>
        ) : null}
        {step === 'secret' && secret ? (
          <form onSubmit={submitConfirm} className="space-y-5" noValidate>
            <section
              aria-labelledby="qr-title"
              className="space-y-3 rounded-lg border border-line bg-surface p-4"
            >
              <h2 id="qr-title" className="font-semibold">
                {t('enrol.scanTitle')}
              </h2>
              <p className="text-sm text-muted">{t('enrol.scanBody')}</p>
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qr_svg)}`}
                alt={t('enrol.qrAlt')}
                width={200}
                height={200}
                className="mx-auto rounded bg-white p-2"
              />
              <p className="text-sm">{t('enrol.secretLabel')}</p>
              <p
                className="break-all rounded bg-surface-2 p-2 text-center font-mono text-sm"
                data-testid="totp-secret"
              >
                {secret.secret}
              </p>
            </section>
            <RecoveryCodes codes={secret.recovery_codes} phone={phone} />
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                checked={saved}
                onChange={(e) => setSaved(e.target.checked)}
                className="mt-1 size-5"
              />
              <span>{t('enrol.saved')}</span>
            </label>
            {saved ? (
              <>
                <CodeField
                  label={t('enrol.confirmCode')}
                  labelHidden={false}
                  length={6}
                  value={code}
                  onChange={setCode}
                  disabled={busy}
                />
                {errorBox}
                {busyButton(t('enrol.confirm'))}
              </>
            ) : null}
          </form>
        ) : null}
        {step === 'done' ? (
          <div className="space-y-4">
            <Alert title={t('enrol.doneTitle')}>{t('enrol.doneBody')}</Alert>
            <Link
              to="/sign-in"
              className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-ink"
            >
              {t('enrol.signIn')}
            </Link>
          </div>
        ) : null}
        {step !== 'done' ? (
          <p className="text-sm text-muted">
            <Link to="/sign-in" className="font-semibold text-brand underline">
              {t('enrol.backToSignIn')}
            </Link>
          </p>
        ) : null}
      </main>
    </div>
  );
}
