import { DEFAULT_PHONE_CODE, toE164 } from '@mchezo/contracts/auth-constants';
import { useHost } from '@mchezo/host/context';
import { Spinner } from '@mchezo/ui/spinner';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { failureMessage } from '../api/failure-message.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PhoneFields, type PhoneValue } from '../components/phone-fields.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useAuthTranslation } from '../i18n/namespace.ts';
import { markCodeSent } from '../verification/resend-cooldown.ts';
import '../styles.css';

// The second step (code slots, new password) is not needed for the first paint.
const loadResetStep = () => import('../password-reset/reset-with-code.tsx');
const ResetWithCode = lazy(() => loadResetStep().then((m) => ({ default: m.ResetWithCode })));

/**
 * `/forgot-password` (docs/product-rules.md#forgot-password): a code goes to the phone, then the
 * player enters it with a new password and signs in again.
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
  if (sentTo) {
    return (
      <Suspense fallback={<Spinner label={t('loading')} />}>
        <ResetWithCode phone={sentTo} onChangePhone={() => setSentTo(null)} />
      </Suspense>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    if (!phone.phone.trim()) {
      host.toast.error(t('errors.title'), t('errors.requiredFields'));
      phoneInput.current?.focus();
      return;
    }
    const e164 = toE164(phone.phone, phone.countryCode);
    void loadResetStep();
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
        <SubmitButton busy={request.isPending} busyLabel={t('forgot.busy')}>
          {t('forgot.submit')}
        </SubmitButton>
      </form>
      <TextLink to="/login">{t('forgot.back')}</TextLink>
    </AuthCard>
  );
}
