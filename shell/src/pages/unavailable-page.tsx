import { Link } from '@mchezo/host/router';
import { useTranslation } from '@mchezo/i18n/react';
import { Button } from '@mchezo/ui/button';
import { useEffect, useRef } from 'react';

/**
 * Shown in place of a page whose part of the site is switched off or failed to load.
 * Focus moves to the heading so a screen-reader user hears what happened.
 */
export function UnavailablePage({
  reason,
  onRetry,
}: {
  reason: 'disabled' | 'not-deployed' | 'failed' | 'feature-off';
  onRetry?: (() => void) | undefined;
}) {
  const { t } = useTranslation('shell');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const message = reason === 'failed' ? t('unavailable.failed') : t('unavailable.off');
  return (
    <section
      className="flex flex-col items-center gap-4 px-6 py-16 text-center"
      data-testid="unavailable"
      data-reason={reason}
    >
      <h1 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        {t('unavailable.title')}
      </h1>
      <p className="text-muted">{message}</p>
      <div className="flex gap-3">
        {onRetry ? <Button onClick={onRetry}>{t('unavailable.retry')}</Button> : null}
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-brand underline"
        >
          {t('unavailable.home')}
        </Link>
      </div>
    </section>
  );
}
