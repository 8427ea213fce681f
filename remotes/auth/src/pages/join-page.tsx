import { useHost } from '@mchezo/host/context';
import { TextField } from '@mchezo/ui/fields';
import { Spinner } from '@mchezo/ui/spinner';
import { lazy, Suspense, useState } from 'react';
import { failureMessage } from '../api/failure-message.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';
import { PhoneFields } from '../components/phone-fields.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useCredentialsForm } from '../components/use-credentials-form.ts';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { markCodeSent } from '../verification/resend-cooldown.ts';
import '../styles.css';

// The verification step (code slots and their library) is not needed for the form's first paint.
const loadVerificationStep = () => import('../verification/join-verification.tsx');
const JoinVerification = lazy(() => loadVerificationStep().then((m) => ({ default: m.JoinVerification })));

/** `/join` (docs/product-rules.md#join): the registration form, then its verification step. */
export default function JoinPage() {
  const { t, ready } = useAuthTranslation();
  const host = useHost();
  const form = useCredentialsForm();
  const [fullName, setFullName] = useState('');
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

  const onSubmit = form.onSubmit(async (e164) => {
    void loadVerificationStep();
    try {
      const name = fullName.trim();
      // Registers, then asks for a code at once; the host keeps the credentials for after it.
      const { codeSent } = await host.auth.register({
        phone: e164,
        password: form.password,
        countryCode: form.phone.countryCode,
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
    }
  });

  return (
    <AuthCard title={t('join.title')} subtitle={t('join.subtitle')}>
      {/* No `required`: a missing field gets the toast of docs/product-rules.md#join; the
          password's minimum stays the browser's. */}
      <form onSubmit={onSubmit} className="space-y-4">
        <PhoneFields value={form.phone} onChange={form.setPhone} phoneRef={form.phoneInput} />
        <TextField
          label={t('fields.fullName')}
          autoComplete="name"
          placeholder={t('fields.fullNamePlaceholder')}
          maxLength={100}
          value={fullName}
          onChange={setFullName}
        />
        <NewPasswordField
          ref={form.passwordInput}
          label={t('fields.password')}
          value={form.password}
          onChange={form.setPassword}
        />
        <SubmitButton busy={form.busy} busyLabel={t('join.busy')}>
          {t('join.submit')}
        </SubmitButton>
      </form>
      <TextLink to="/login" lead={t('join.haveAccount')}>
        {t('join.signIn')}
      </TextLink>
    </AuthCard>
  );
}
