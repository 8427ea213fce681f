/** The states every staff screen shows the same way: loading, empty, and a failed load with retry. */
import { ApiError } from '@mchezo/api-client/errors';
import { Alert } from '@mchezo/ui/alert';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { useTranslation } from 'react-i18next';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return <Spinner label={label ?? t('states.loading')} />;
}

export function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-line p-6 text-center">
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 text-sm text-muted">{children}</div> : null}
    </div>
  );
}

/** The server's words for a refusal; the generic sentence for a server error or no answer. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('common');
  return (error) =>
    error instanceof ApiError && error.status < 500 && error.status !== 0
      ? error.message
      : t('states.errorGeneric');
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const text = useErrorText();
  return (
    <div className="space-y-3">
      <Alert tone="destructive" title={t('states.errorTitle')}>
        {text(error)}
      </Alert>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** A form's or dialog's refusal, read out when it appears; nothing while there is none. */
export function FormError({ children }: { children: React.ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg border border-danger bg-danger/10 p-3 text-sm">
      {children}
    </p>
  );
}
