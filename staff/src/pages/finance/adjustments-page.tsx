/**
 * Manual adjustments with four eyes (decision 055): propose one; the pending ones, each approved or
 * rejected with a reason by a finance person other than its proposer (their own shows why they
 * cannot approve it); and the latest decided.
 */
import type { Adjustment } from '@mchezo/contracts/staff-finance';
import { Button } from '@mchezo/ui/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAdjustments, useDecideAdjustment } from '../../api/finance.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { useSession } from '../../session/session-store.ts';
import { useMoney } from './money.ts';
import { ProposeForm } from './propose-form.tsx';

type Decision = { adjustment: Adjustment; decision: 'approve' | 'reject' };

export default function AdjustmentsPage() {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const me = useSession((s) => s.member?.user_id);
  const pending = useAdjustments('pending');
  const all = useAdjustments('all');
  const decide = useDecideAdjustment();
  const [deciding, setDeciding] = useState<Decision | null>(null);

  /** A person on two short lines (phone, then name or a time), so the actions stay in view. */
  const who = (p: Adjustment['player'], second?: string | null) => (
    <span className="block">
      <span className="block">{p.phone}</span>
      <span className="block text-xs text-muted">{second ?? p.full_name ?? ''}</span>
    </span>
  );
  const base: Column<Adjustment>[] = [
    { key: 'player', header: t('adjustments.player'), cell: (a) => who(a.player) },
    {
      key: 'amount',
      header: t('common.amount'),
      numeric: true,
      cell: (a) => (a.amount_cents > 0 ? `+${money.cents(a.amount_cents)}` : money.cents(a.amount_cents)),
    },
    { key: 'reason', header: t('common.reason'), cell: (a) => a.reason },
    {
      key: 'by',
      header: t('adjustments.proposedBy'),
      cell: (a) =>
        who(a.proposed_by, [a.proposed_by.full_name, money.time(a.proposed_at)].filter(Boolean).join(' · ')),
    },
  ];
  const pendingColumns: Column<Adjustment>[] = [
    ...base,
    {
      key: 'act',
      header: t('common.actions'),
      cell: (a) =>
        a.proposed_by.user_id === me ? (
          <div className="flex flex-wrap items-center justify-end gap-2 sm:justify-start">
            <span className="block max-w-48 whitespace-normal text-xs text-muted">
              {t('adjustments.ownProposal')}
            </span>
            <Button variant="secondary" onClick={() => setDeciding({ adjustment: a, decision: 'reject' })}>
              {t('adjustments.withdraw')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap justify-end gap-2 sm:justify-start">
            <Button onClick={() => setDeciding({ adjustment: a, decision: 'approve' })}>
              {t('adjustments.approve')}
            </Button>
            <Button variant="danger" onClick={() => setDeciding({ adjustment: a, decision: 'reject' })}>
              {t('adjustments.reject')}
            </Button>
          </div>
        ),
    },
  ];
  const decided = (all.data?.adjustments ?? []).filter((a) => a.status !== 'pending');
  const decidedColumns: Column<Adjustment>[] = [
    ...base,
    { key: 'status', header: t('adjustments.status'), cell: (a) => t(`adjustments.statuses.${a.status}`) },
    {
      key: 'decided',
      header: t('adjustments.decidedBy'),
      cell: (a) =>
        a.decided_by && a.decided_at
          ? who(a.decided_by, `${money.time(a.decided_at)} · ${a.decision_reason ?? ''}`)
          : '—',
    },
  ];

  const d = deciding;
  return (
    <div className="space-y-8">
      <PageHeader
        title={t('adjustments.title')}
        description={t('adjustments.description')}
        actions={
          <Link to="/finance/review" className="font-semibold text-brand underline-offset-2 hover:underline">
            {t('adjustments.toReview')}
          </Link>
        }
      />
      <ProposeForm />
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t('adjustments.pending')}</h2>
        {pending.isPending ? (
          <Loading />
        ) : pending.isError ? (
          <ErrorState error={pending.error} onRetry={() => pending.refetch()} />
        ) : pending.data.adjustments.length === 0 ? (
          <Empty title={t('adjustments.nonePending')} />
        ) : (
          <Table
            caption={t('adjustments.pending')}
            rows={pending.data.adjustments}
            rowKey={(a) => a.id}
            columns={pendingColumns}
          />
        )}
      </section>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t('adjustments.decided')}</h2>
        {all.isPending ? (
          <Loading />
        ) : all.isError ? (
          <ErrorState error={all.error} onRetry={() => all.refetch()} />
        ) : decided.length === 0 ? (
          <Empty title={t('adjustments.noneDecided')} />
        ) : (
          <Table
            caption={t('adjustments.decided')}
            rows={decided}
            rowKey={(a) => a.id}
            columns={decidedColumns}
          />
        )}
      </section>
      <ReasonDialog
        open={d !== null}
        title={
          d
            ? t(`adjustments.confirm.${d.decision}`, {
                amount: money.cents(d.adjustment.amount_cents),
                phone: d.adjustment.player.phone,
              })
            : ''
        }
        description={d ? d.adjustment.reason : undefined}
        confirmLabel={d?.decision === 'approve' ? t('adjustments.approve') : t('adjustments.reject')}
        busyLabel={d?.decision === 'approve' ? t('adjustments.approving') : t('adjustments.rejecting')}
        danger={d?.decision === 'reject'}
        onConfirm={(reason) =>
          d ? decide.mutateAsync({ id: d.adjustment.id, decision: d.decision, reason }) : Promise.resolve()
        }
        onClose={() => setDeciding(null)}
      />
    </div>
  );
}
