import { DEFAULT_PHONE_CODE, PASSWORD_MIN_LENGTH, toE164 } from '@mchezo/contracts/auth-constants';
import { useHost } from '@mchezo/host/context';
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { Spinner } from '@mchezo/ui/spinner';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { failureMessage } from '../api/failure-message.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PhoneFields, type PhoneValue } from '../components/phone-fields.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { markCodeSent } from '../verification/resend-cooldown.ts';
import '../styles.css';

// The verification step (code slots and their library) is not needed for the form's first paint.
const loadVerificationStep = () => import('../verification/join-verification.tsx');
const JoinVerification = lazy(() => loadVerificationStep().then((m) => ({ default: m.JoinVerification })));

/** `/join` (spec §2 Join): the registration form, then its verification step. */
export default function JoinPage() {
  const { t, ready } = useAuthTranslation();
  const host = useHost();
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_PHONE_CODE, phone: '' });
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const phoneInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  /** The phone the code went to, once registered: the page is then on its verification step. */
  const [registeredPhone, setRegisteredPhone] = useState<string | null>(null);

  if (!ready) return <Spinner label="…" />;
  if (registeredPhone) {
    return (
      <Suspense fallback={<Spinner label={t('loading')} />}>
        <JoinVerification phone={registeredPhone} />
      </Suspense>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!phone.phone.trim() || !password) {
      host.toast.error(t('errors.title'), t('errors.requiredFields'));
      (phone.phone.trim() ? passwordInput : phoneInput).current?.focus();
      return;
    }
    setBusy(true);
    void loadVerificationStep();
    const e164 = toE164(phone.phone, phone.countryCode);
    try {
      const name = fullName.trim();
      // Registers, then asks for a code at once; the host keeps the credentials for after it.
      const { codeSent } = await host.auth.register({
        phone: e164,
        password,
        countryCode: phone.countryCode,
        ...(name ? { fullName: name } : {}),
      });
      const sentTo = host.auth.verificationPhone() ?? e164;
      if (codeSent) {
        markCodeSent('verify', sentTo);
        host.toast.success(t('join.success'));
      } else {
        // The account exists; only the code failed. The code step opens with resend available.
        host.toast.error(t('join.resendFailedTitle'), t('verification.requestFailed'));
      }
      setRegisteredPhone(sentTo);
    } catch (error) {
      host.toast.error(
        t('join.failedTitle'),
        failureMessage(error, { answered: t('join.failed'), unanswered: t('errors.somethingWrong') }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('join.title')} subtitle={t('join.subtitle')}>
      {/* No `required`: a missing field gets the spec's toast; the password's minimum stays the browser's. */}
      <form onSubmit={onSubmit} className="space-y-4">
        <PhoneFields value={phone} onChange={setPhone} phoneRef={phoneInput} />
        <TextField
          label={t('fields.fullName')}
          autoComplete="name"
          placeholder={t('fields.fullNamePlaceholder')}
          maxLength={100}
          value={fullName}
          onChange={setFullName}
        />
        <TextField
          ref={passwordInput}
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          aria-required="true"
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('fields.passwordRule', { min: PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('join.busy') : t('join.submit')}
        </Button>
      </form>
      <TextLink to="/login" lead={t('join.haveAccount')}>
        {t('join.signIn')}
      </TextLink>
    </AuthCard>
  );
}
