/**
 * Payments (finance): the review queue (transactions the provider's answer left in doubt), kept
 * callbacks (answers that settled nothing), late payouts with their age, and Paybill payments in
 * suspense with "Assign to player". Each decision asks for a reason and is audited.
 */
import type { ReviewQueueResponse } from '@mchezo/contracts/payments';
import { Button } from '@mchezo/ui/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCloseCallback, useResolveTransaction, useReviewQueue } from '../../api/finance.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { Table } from '../../components/table.tsx';
import { AssignDialog } from './assign-dialog.tsx';
import { useMoney } from './money.ts';

type Tx = ReviewQueueResponse['transactions'][number];
type Callback = ReviewQueueResponse['callbacks'][number];
type Payment = ReviewQueueResponse['paybill'][number];

function Section({ title, count, children }: { title: string; count?: number; children: React.ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">
        {title}
        {count !== undefined ? <span className="ml-2 text-sm font-normal text-muted">({count})</span> : null}
      </h2>
      {children}
    </section>
  );
}

export default function ReviewPage() {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const queue = useReviewQueue();
  const resolve = useResolveTransaction();
  const closeCallback = useCloseCallback();
  const [deciding, setDeciding] = useState<{ tx: Tx; outcome: 'completed' | 'failed' } | null>(null);
  const [closing, setClosing] = useState<Callback | null>(null);
  const [assigning, setAssigning] = useState<Payment | null>(null);

  const header = (
    <PageHeader
      title={t('review.title')}
      description={t('review.description')}
      actions={
        <Link
          to="/finance/adjustments"
          className="font-semibold text-brand underline-offset-2 hover:underline"
        >
          {t('review.toAdjustments')}
        </Link>
      }
    />
  );
  if (queue.isPending)
    return (
      <div>
        {header}
        <Loading />
      </div>
    );
  if (queue.isError)
    return (
      <div>
        {header}
        <ErrorState error={queue.error} onRetry={() => queue.refetch()} />
      </div>
    );
  const { transactions, callbacks, late_payouts, paybill } = queue.data;

  return (
    <div className="space-y-8">
      {header}
      <Section title={t('suspense.title')} count={paybill.length}>
        {paybill.length === 0 ? (
          <Empty title={t('suspense.empty')} />
        ) : (
          <Table
            caption={t('suspense.title')}
            rows={paybill}
            rowKey={(p) => p.paybill_id}
            columns={[
              { key: 'trans', header: t('suspense.transId'), cell: (p) => p.trans_id },
              { key: 'amount', header: t('common.amount'), numeric: true, cell: (p) => money.kes(p.amount) },
              { key: 'ref', header: t('suspense.billRef'), cell: (p) => p.bill_ref || '—' },
              {
                key: 'why',
                header: t('common.reason'),
                cell: (p) => t(`suspense.reasons.${p.reason ?? 'none'}`),
              },
              { key: 'at', header: t('common.received'), cell: (p) => money.time(p.received_at) },
              {
                key: 'act',
                header: t('common.actions'),
                cell: (p) => (
                  // `relative`: the screen-reader text is placed inside the table's scrolling box, not
                  // at the page's right edge (which made the whole page scroll sideways on a phone).
                  <Button variant="secondary" className="relative" onClick={() => setAssigning(p)}>
                    {t('suspense.assign')}
                    <span className="sr-only"> {p.trans_id}</span>
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Section>

      <Section title={t('queue.title')} count={transactions.length}>
        {transactions.length === 0 ? (
          <Empty title={t('queue.empty')} />
        ) : (
          <Table
            caption={t('queue.title')}
            rows={transactions}
            rowKey={(x) => x.transaction_id}
            columns={[
              { key: 'type', header: t('queue.type'), cell: (x) => t(`queue.types.${x.type}`) },
              { key: 'amount', header: t('common.amount'), numeric: true, cell: (x) => money.kes(x.amount) },
              { key: 'phone', header: t('common.phone'), cell: (x) => x.phone_number },
              { key: 'why', header: t('common.reason'), cell: (x) => x.reason },
              { key: 'at', header: t('queue.since'), cell: (x) => money.time(x.review_created_at) },
              {
                key: 'act',
                header: t('common.actions'),
                cell: (x) => (
                  <div className="flex flex-wrap justify-end gap-2 sm:justify-start">
                    <Button variant="secondary" onClick={() => setDeciding({ tx: x, outcome: 'completed' })}>
                      {t('queue.complete')}
                    </Button>
                    <Button variant="danger" onClick={() => setDeciding({ tx: x, outcome: 'failed' })}>
                      {t('queue.fail')}
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </Section>

      <Section title={t('late.title')} count={late_payouts.length}>
        {late_payouts.length === 0 ? (
          <Empty title={t('late.empty')} />
        ) : (
          <Table
            caption={t('late.title')}
            rows={late_payouts}
            rowKey={(w) => w.transaction_id}
            columns={[
              { key: 'phone', header: t('common.phone'), cell: (w) => w.phone_number },
              { key: 'amount', header: t('common.amount'), numeric: true, cell: (w) => money.kes(w.amount) },
              { key: 'asked', header: t('late.asked'), cell: (w) => money.time(w.created_at) },
              {
                key: 'age',
                header: t('late.age'),
                numeric: true,
                cell: (w) => t('late.ageValue', { minutes: w.age_minutes, guarantee: w.guarantee_minutes }),
              },
            ]}
          />
        )}
      </Section>

      <Section title={t('callbacks.title')} count={callbacks.length}>
        {callbacks.length === 0 ? (
          <Empty title={t('callbacks.empty')} />
        ) : (
          <Table
            caption={t('callbacks.title')}
            rows={callbacks}
            rowKey={(c) => c.callback_id}
            columns={[
              { key: 'kind', header: t('callbacks.kind'), cell: (c) => `${c.provider} · ${c.kind}` },
              { key: 'why', header: t('common.reason'), cell: (c) => c.reason },
              { key: 'ref', header: t('callbacks.ref'), cell: (c) => c.provider_ref ?? '—' },
              { key: 'at', header: t('common.received'), cell: (c) => money.time(c.received_at) },
              {
                key: 'act',
                header: t('common.actions'),
                cell: (c) => (
                  <Button variant="secondary" onClick={() => setClosing(c)}>
                    {t('callbacks.close')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Section>

      <ReasonDialog
        open={deciding !== null}
        title={
          deciding ? t(`queue.confirm.${deciding.outcome}`, { amount: money.kes(deciding.tx.amount) }) : ''
        }
        confirmLabel={deciding?.outcome === 'failed' ? t('queue.fail') : t('queue.complete')}
        busyLabel={t('common.saving')}
        danger={deciding?.outcome === 'failed'}
        onConfirm={(note) =>
          deciding
            ? resolve.mutateAsync({ id: deciding.tx.transaction_id, outcome: deciding.outcome, note })
            : Promise.resolve()
        }
        onClose={() => setDeciding(null)}
      />
      <ReasonDialog
        open={closing !== null}
        title={t('callbacks.confirm')}
        confirmLabel={t('callbacks.close')}
        busyLabel={t('common.saving')}
        onConfirm={(note) =>
          closing ? closeCallback.mutateAsync({ id: closing.callback_id, note }) : Promise.resolve()
        }
        onClose={() => setClosing(null)}
      />
      <AssignDialog payment={assigning} onClose={() => setAssigning(null)} />
    </div>
  );
}
