import type { IdentityResponse } from '@mchezo/contracts/identity';
import type { IdentityStatus } from '@mchezo/contracts/identity-constants';
import { useHost } from '@mchezo/host/context';
import { useLocation } from '@mchezo/host/router';
import { dateTimeFormat } from '@mchezo/i18n/intl';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { StatusBadge, type StatusTone } from '@mchezo/ui/status-badge';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useIdentity } from '../api/identity.ts';
import { useProfileTranslation } from '../i18n/namespace.ts';
import { IdentityForm } from './identity-form.tsx';

const TONES: Record<IdentityStatus, StatusTone> = {
  none: 'neutral',
  pending: 'warning',
  confirmed: 'success',
  rejected: 'danger',
};

function Details({ identity }: { identity: IdentityResponse }) {
  const { t, locale } = useProfileTranslation();
  if (!identity.documentType) return null;
  // A calendar date: formatted in UTC so no time zone moves it a day.
  const born = identity.dateOfBirth
    ? dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(identity.dateOfBirth))
    : '';
  const rows: [string, ReactNode][] = [
    [t('identity.fields.fullName'), identity.fullName],
    [t('identity.fields.dateOfBirth'), born],
    [t('identity.fields.documentType'), t(`identity.types.${identity.documentType}`)],
    [
      t('identity.fields.documentNumber'),
      <span className="tabular-nums">{identity.documentNumberMasked}</span>,
    ],
  ];
  return (
    <dl className="divide-y divide-line text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-3 py-2">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 text-right font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The profile's identity card (`/profile#identity`, docs/decisions/019-age-and-identity.md): the
 * status, the details with the number masked, and the form while the identity is not confirmed.
 */
export function IdentityCard() {
  const { t } = useProfileTranslation();
  const host = useHost();
  const identity = useIdentity();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // Pages that need a confirmed identity link here: bring the card into view and focus.
  useEffect(() => {
    if (hash !== '#identity' || !section.current) return;
    section.current.scrollIntoView?.({ block: 'start' });
    section.current.focus({ preventScroll: true });
  }, [hash]);

  const { isError, error, errorUpdatedAt } = identity;
  const reported = useRef(0);
  useEffect(() => {
    if (!isError || reported.current === errorUpdatedAt) return;
    reported.current = errorUpdatedAt;
    host.reportError(error, { remote: 'profile', call: 'GET /identity' });
  }, [isError, error, errorUpdatedAt, host]);

  let body: ReactNode;
  const data = identity.data;
  if (data) {
    body = (
      <>
        <Details identity={data} />
        {data.status === 'confirmed' ? (
          <p role="status" className="text-sm text-success">
            {t('identity.confirmed')}
          </p>
        ) : null}
        {data.reason ? (
          <p role="status" className="text-sm">
            {t(`identity.reasons.${data.reason}`)}
          </p>
        ) : null}
        {data.status === 'confirmed' ? null : <IdentityForm />}
      </>
    );
  } else if (identity.isError) {
    body = (
      <div role="alert" className="flex flex-col gap-2 text-sm">
        <p>{t('identity.loadFailed')}</p>
        <Button
          variant="secondary"
          className="self-start"
          disabled={identity.isFetching}
          onClick={() => identity.refetch()}
        >
          {identity.isFetching ? t('balances.retrying') : t('balances.retry')}
        </Button>
      </div>
    );
  } else {
    body = <Spinner label={t('identity.loading')} />;
  }

  return (
    <section
      id="identity"
      ref={section}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="scroll-mt-16 space-y-3 rounded-xl border border-line bg-surface p-4 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-bold">
          {t('identity.title')}
        </h2>
        {data ? (
          <StatusBadge tone={TONES[data.status]}>{t(`identity.status.${data.status}`)}</StatusBadge>
        ) : null}
      </div>
      {body}
    </section>
  );
}
