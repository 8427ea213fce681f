/**
 * Tax rates by date (docs/decisions/040) for finance, without an engineer's terminal:
 * the rates in force now; per tax, every rate with the instant it took or takes effect (East
 * Africa Time), its state, who set it and why; a change scheduled ahead; a scheduled change
 * cancelled with a reason. A cancelled change stays listed, struck through, with who cancelled it,
 * when and why; it was never in force.
 */
import type { TaxRate } from '@mchezo/contracts/payments';
import { Button } from '@mchezo/ui/button';
import { StatusBadge, type StatusTone } from '@mchezo/ui/status-badge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelTaxRate, useTaxRates } from '../../api/finance.ts';
import { formatDateTime, personLabel } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { Table } from '../../components/table.tsx';
import { percentOf } from './rates.ts';
import { NOTE_MAX, TAX_KINDS, TaxRateForm, useRateErrors } from './tax-rate-form.tsx';

const TONES: Record<TaxRate['status'], StatusTone> = {
  in_force: 'success',
  scheduled: 'warning',
  past: 'neutral',
  // Grey like a past rate: never in force, and nothing is wrong. Its word, the struck-through rate
  // and who cancelled it set it apart.
  cancelled: 'neutral',
};

/**
 * A rate's state: its badge, with a Cancel button for a scheduled change (no empty "actions" line
 * on a phone), and who cancelled a cancelled one, when and why.
 */
function RateState({
  rate,
  cancelLabel,
  onCancel,
}: {
  rate: TaxRate;
  cancelLabel: string;
  onCancel(): void;
}) {
  const { t } = useTranslation('finance');
  return (
    <>
      <span className="inline-flex flex-wrap items-center justify-end gap-2 sm:justify-start">
        <StatusBadge tone={TONES[rate.status]}>{t(`rates.states.${rate.status}`)}</StatusBadge>
        {rate.status === 'scheduled' ? (
          <Button variant="secondary" onClick={onCancel} aria-label={cancelLabel}>
            {t('rates.cancel.button')}
          </Button>
        ) : null}
      </span>
      {rate.status === 'cancelled' && rate.cancelled_by ? (
        <p className="mt-1 break-words text-muted">
          {t('rates.cancelledBy', {
            who: personLabel(rate.cancelled_by_name, rate.cancelled_by),
            when: formatDateTime(rate.cancelled_at),
            reason: rate.cancel_note,
          })}
        </p>
      ) : null}
    </>
  );
}

export default function TaxRatesPage() {
  const { t } = useTranslation('finance');
  const rates = useTaxRates();
  const cancel = useCancelTaxRate();
  const describe = useRateErrors();
  const [cancelling, setCancelling] = useState<TaxRate | null>(null);
  // What was last scheduled or cancelled, read out by the status line under the form.
  const [said, setSaid] = useState('');

  const when = (r: TaxRate) => (r.effective_from ? formatDateTime(r.effective_from) : t('rates.fromStart'));
  const what = (r: TaxRate) => ({
    kind: t(`rates.inText.${r.kind}`),
    rate: percentOf(r.rate_bp),
    when: when(r),
  });

  return (
    <div className="space-y-8">
      <PageHeader title={t('rates.title')} description={t('rates.description')} />
      {rates.isPending ? (
        <Loading />
      ) : rates.isError ? (
        <ErrorState error={rates.error} onRetry={() => rates.refetch()} />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2">
            {TAX_KINDS.map((kind) => (
              <div key={kind} className="rounded-lg border border-line bg-surface p-4">
                <dt className="text-sm text-muted">
                  {t('rates.inForceNow', { kind: t(`tax.kinds.${kind}`) })}
                </dt>
                <dd className="text-2xl font-bold">{percentOf(rates.data.in_force[kind])}</dd>
              </div>
            ))}
          </dl>
          <TaxRateForm onDone={setSaid} />
          <p role="status" className="min-h-5 text-sm font-semibold text-success">
            {said}
          </p>
          {TAX_KINDS.map((kind) => {
            const rows = rates.data.rates.filter((r) => r.kind === kind).reverse();
            const caption = t('rates.caption', { kind: t(`tax.kinds.${kind}`) });
            return (
              <section key={kind} aria-label={caption} className="space-y-2">
                <h2 className="text-lg font-semibold">{caption}</h2>
                {rows.length === 0 ? (
                  <Empty title={t('rates.empty')} />
                ) : (
                  <Table
                    caption={caption}
                    rows={rows}
                    rowKey={(r) => r.id}
                    columns={[
                      { key: 'from', header: t('rates.from'), cell: when },
                      {
                        key: 'rate',
                        header: t('tax.rate'),
                        numeric: true,
                        // Struck through: never in force (the state says so in words).
                        cell: (r) =>
                          r.status === 'cancelled' ? <s>{percentOf(r.rate_bp)}</s> : percentOf(r.rate_bp),
                      },
                      {
                        key: 'status',
                        header: t('rates.state'),
                        cell: (r) => (
                          <RateState
                            rate={r}
                            cancelLabel={t('rates.cancel.open', what(r))}
                            onCancel={() => setCancelling(r)}
                          />
                        ),
                      },
                      {
                        key: 'by',
                        header: t('rates.setBy'),
                        cell: (r) =>
                          r.created_by === 'environment'
                            ? t('rates.environment')
                            : personLabel(r.created_by_name, r.created_by),
                      },
                      {
                        key: 'note',
                        header: t('rates.note'),
                        cell: (r) => <span className="break-words">{r.note ?? '—'}</span>,
                      },
                    ]}
                  />
                )}
              </section>
            );
          })}
        </>
      )}
      <ReasonDialog
        open={cancelling !== null}
        title={t('rates.cancel.title')}
        description={cancelling ? t('rates.cancel.description', what(cancelling)) : undefined}
        confirmLabel={t('rates.cancel.confirm')}
        busyLabel={t('rates.cancel.busy')}
        danger
        reasonMaxLength={NOTE_MAX}
        describeError={describe}
        onClose={() => setCancelling(null)}
        onConfirm={async (note) => {
          if (!cancelling) return;
          await cancel.mutateAsync({ id: cancelling.id, note });
          setSaid(t('rates.cancel.done', what(cancelling)));
        }}
      />
    </div>
  );
}
