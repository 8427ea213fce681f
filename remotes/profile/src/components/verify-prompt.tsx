import { useHost } from '@mchezo/host/context';
import { useId } from 'react';
import { useProfileTranslation } from '../i18n/namespace.ts';
import { LinkButton } from './link-button.tsx';

/** For a pending_verification account: the way to /verify, and the fixed code in OTP test mode only. */
export function VerifyPrompt() {
  const { t } = useProfileTranslation();
  const { config } = useHost();
  const headingId = useId();
  const testCode = config.otp_test_mode ? config.otp_test_code : null;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-warning/60 bg-warning/10 p-4"
    >
      <h2 id={headingId} className="text-base font-bold">
        {t('verify.title')}
      </h2>
      <p className="text-sm text-muted">{t('verify.body')}</p>
      <LinkButton to="/verify" className="w-full">
        {t('verify.action')}
      </LinkButton>
      {testCode ? (
        <div className="rounded-lg border border-line bg-surface-2 p-3 text-sm">
          <p className="font-semibold">{t('verify.testTitle')}</p>
          <p className="mt-1 text-muted">{t('verify.testBody')}</p>
          <p className="mt-2 font-mono text-2xl font-bold tracking-[0.3em] text-text">{testCode}</p>
        </div>
      ) : null}
    </section>
  );
}
