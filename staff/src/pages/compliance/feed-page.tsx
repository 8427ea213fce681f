/**
 * The regulator feed (decision 042): what waits (backlog, the oldest undelivered event's age), the
 * last delivery, the events parked because the receiver refused them on their own (decision 063),
 * and a replay from a sequence number, confirmed with a reason (staff audit).
 */
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedStatusQuery, replayFeed } from '../../api/compliance.ts';
import { toast } from '../../app/toaster.tsx';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { ComplianceNav } from './compliance-nav.tsx';
import { ParkedEvents } from './parked-events.tsx';

const minutes = (ms: number) => Math.max(0, Math.round(ms / 60_000));

export default function FeedPage() {
  const { t } = useTranslation('compliance');
  const client = useQueryClient();
  const status = useQuery({ ...feedStatusQuery(), refetchInterval: 10_000 });
  const [from, setFrom] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const sequence = Number(from);

  const ask = (e: FormEvent) => {
    e.preventDefault();
    const ok = Number.isInteger(sequence) && sequence >= 1;
    setInvalid(!ok);
    if (ok) setConfirming(true);
  };

  const s = status.data;
  return (
    <div className="space-y-6">
      <ComplianceNav />
      <PageHeader title={t('feed.title')} description={t('feed.description')} />
      {status.isPending ? <Loading /> : null}
      {status.isError ? <ErrorState error={status.error} onRetry={() => void status.refetch()} /> : null}
      {s ? (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label={t('feed.receiver')}>
            <StatusBadge tone={s.enabled ? 'success' : 'warning'}>
              {s.enabled ? t('feed.enabled') : t('feed.disabled')}
            </StatusBadge>
          </Figure>
          <Figure label={t('feed.backlog')}>{s.backlog}</Figure>
          <Figure label={t('feed.oldest')}>
            {s.oldestUndeliveredAgeMs === null
              ? t('feed.nothingWaits')
              : t('feed.minutes', { count: minutes(s.oldestUndeliveredAgeMs) })}
          </Figure>
          <Figure label={t('feed.lastDelivery')}>
            {s.lastDelivery
              ? `${t(`feed.result.${s.lastDelivery.result}`)} · ${formatDateTime(s.lastDelivery.at)}`
              : t('feed.never')}
          </Figure>
          <Figure label={t('feed.lastSequence')}>{s.lastSequence}</Figure>
          <Figure label={t('feed.lastDelivered')}>{s.lastDeliveredSequence ?? '—'}</Figure>
          <Figure label={t('feed.failures')}>{s.failures}</Figure>
          <Figure label={t('feed.nextAttempt')}>
            {s.nextAttemptAt ? formatDateTime(s.nextAttemptAt) : '—'}
          </Figure>
        </dl>
      ) : null}
      {s ? <ParkedEvents count={s.parked} events={s.parkedEvents} /> : null}
      <section aria-labelledby="replay-title" className="space-y-3 rounded-lg border border-line p-4">
        <h2 id="replay-title" className="font-bold">
          {t('feed.replayTitle')}
        </h2>
        <p className="text-sm text-muted">{t('feed.replayHint')}</p>
        <form onSubmit={ask} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="w-48">
            <TextField
              label={t('feed.fromSequence')}
              inputMode="numeric"
              value={from}
              onChange={(v) => setFrom(v.replace(/\D/g, ''))}
              error={invalid ? t('feed.sequenceInvalid') : ''}
            />
          </div>
          {/* Level with the input: above the field's message line (1rem and its 0.375rem gap). */}
          <div className="mb-5.5">
            <Button type="submit">{t('feed.replay')}</Button>
          </div>
        </form>
      </section>
      <ReasonDialog
        open={confirming}
        title={t('feed.confirmTitle', { from: sequence })}
        description={t('feed.confirmBody')}
        confirmLabel={t('feed.confirm')}
        busyLabel={t('feed.replaying')}
        onClose={() => setConfirming(false)}
        onConfirm={async (reason) => {
          const res = await replayFeed(sequence, reason);
          toast.success(t('feed.replayed', { count: res.requeued, from: res.from_sequence }));
          await client.invalidateQueries({ queryKey: feedStatusQuery().queryKey });
        }}
      />
    </div>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-line p-3">
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
