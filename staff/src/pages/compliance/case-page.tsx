/**
 * One money-laundering case (decision 043): its player, its alert (the rule and its figures as
 * labelled values), the alert's transactions (when, kind, amount, status), the trail of steps by
 * name and phone, the moves open → reviewing → reported/dismissed with a reason
 * (a high-severity case closed by someone who neither opened nor reviewed it: four eyes, said
 * plainly), and the goAML STR/CTR files.
 */
import type { AmlCase, AmlCaseTransaction } from '@mchezo/contracts/aml';
import { Button } from '@mchezo/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorCode } from '../../api/client.ts';
import { caseQuery, closeCase, goamlFile, reviewCase } from '../../api/compliance.ts';
import { formatDateTime, personLabel } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { saveFile } from '../../components/save-file.ts';
import { ErrorState, Loading, useErrorText } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { CaseStatusBadge, SeverityBadge } from './case-badges.tsx';
import { AlertFigures, useComplianceFormat } from './case-figures.tsx';
import { ComplianceNav } from './compliance-nav.tsx';

/** Who made a step: name and phone; the user id only when the person is gone. */
const actorOf = (s: AmlCase['steps'][number]) =>
  s.actor_phone ? personLabel(s.actor_name, s.actor_phone) : s.actor;

type Move = 'review' | 'reported' | 'dismissed';
export default function CasePage() {
  const { t } = useTranslation('compliance');
  const { id = '' } = useParams();
  const client = useQueryClient();
  const errorText = useErrorText();
  const format = useComplianceFormat();
  const amlCase = useQuery(caseQuery(id));
  const [move, setMove] = useState<Move | null>(null);
  const [fileBusy, setFileBusy] = useState<'STR' | 'CTR' | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  if (amlCase.isPending) return <Loading />;
  if (amlCase.isError) return <ErrorState error={amlCase.error} onRetry={() => void amlCase.refetch()} />;
  const c: AmlCase = amlCase.data;
  const { alert } = c;
  const txColumns: Column<AmlCaseTransaction>[] = [
    { key: 'at', header: t('case.txAt'), cell: (tx) => formatDateTime(tx.created_at) },
    { key: 'type', header: t('case.txType'), cell: (tx) => t(`txType.${tx.type}`) },
    {
      key: 'amount',
      header: t('case.txAmount'),
      cell: (tx) => <span className="tabular-nums">{format.cents(tx.amount)}</span>,
    },
    {
      key: 'status',
      header: t('case.txStatus'),
      cell: (tx) => t(`txStatus.${tx.status}`, { defaultValue: tx.status }),
    },
  ];

  const run = async (reason: string) => {
    const next =
      move === 'review' ? await reviewCase(id, reason) : await closeCase(id, move ?? 'dismissed', reason);
    client.setQueryData(caseQuery(id).queryKey, next);
    await client.invalidateQueries({ queryKey: ['staff', 'compliance', 'alerts'] });
  };

  const download = async (type: 'STR' | 'CTR') => {
    setFileBusy(type);
    setFileError(null);
    try {
      saveFile(await goamlFile(id, type), `goaml-${type}-${id}.xml`);
    } catch (err) {
      setFileError(errorText(err));
    } finally {
      setFileBusy(null);
    }
  };

  return (
    <div className="space-y-6">
      <ComplianceNav />
      <PageHeader
        title={t('case.title')}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <CaseStatusBadge status={c.status} />
            <SeverityBadge severity={c.severity} />
            <Link className="underline" to={`/players/${c.user_id}`}>
              {t('case.player', { who: personLabel(alert.player_name, alert.player_phone) })}
            </Link>
          </span>
        }
        actions={
          c.status === 'open' ? (
            <Button onClick={() => setMove('review')}>{t('case.review')}</Button>
          ) : c.status === 'reviewing' ? (
            <>
              <Button onClick={() => setMove('reported')}>{t('case.report')}</Button>
              <Button variant="secondary" onClick={() => setMove('dismissed')}>
                {t('case.dismiss')}
              </Button>
            </>
          ) : null
        }
      />
      {c.severity === 'high' && c.status === 'reviewing' ? (
        <p className="rounded-lg border border-warning bg-warning/10 p-3 text-sm">{t('case.fourEyesNote')}</p>
      ) : null}

      <Section id="case-alert" title={t('case.alert')}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t('alerts.rule')}</dt>
          <dd>{t(`rules.${alert.rule}`, { defaultValue: alert.rule })}</dd>
          <dt className="text-muted">{t('alerts.at')}</dt>
          <dd>{formatDateTime(alert.occurred_at)}</dd>
          <AlertFigures figures={alert.figures} />
        </dl>
      </Section>

      <Section id="case-tx" title={t('case.transactions')}>
        {c.transactions.length > 0 ? (
          <Table
            caption={t('case.transactions')}
            columns={txColumns}
            rows={c.transactions}
            rowKey={(tx) => tx.id}
          />
        ) : (
          <p className="text-sm text-muted">{t('case.noTransactions')}</p>
        )}
      </Section>

      <Section id="case-trail" title={t('case.trail')}>
        <ol className="space-y-2">
          {c.steps.map((s) => (
            <li key={`${s.at}-${s.action}`} className="rounded-lg border border-line p-3 text-sm">
              <p className="font-semibold">
                {t(`actions.${s.action}`, { defaultValue: s.action })} · {formatDateTime(s.at)}
              </p>
              <p className="text-muted">{t('case.by', { who: actorOf(s) })}</p>
              <p>{s.reason}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="case-files" title={t('case.files')}>
        <div className="flex flex-wrap gap-2">
          {(['STR', 'CTR'] as const).map((type) => (
            <Button
              key={type}
              variant="secondary"
              onClick={() => void download(type)}
              disabled={fileBusy !== null}
            >
              {fileBusy === type ? t('downloading') : t(`case.download${type}`)}
            </Button>
          ))}
        </div>
        {fileError ? (
          <p role="alert" className="text-sm text-danger">
            {fileError}
          </p>
        ) : null}
      </Section>

      <ReasonDialog
        open={move !== null}
        title={move ? t(`case.${move}Title`) : ''}
        confirmLabel={
          move ? t(`case.${move === 'review' ? 'review' : move === 'reported' ? 'report' : 'dismiss'}`) : ''
        }
        busyLabel={t('case.saving')}
        onClose={() => setMove(null)}
        onConfirm={run}
        describeError={(err) => {
          const code = errorCode(err);
          if (code === 'FOUR_EYES_REQUIRED') return t('case.fourEyes');
          return null;
        }}
      />
    </div>
  );
}

/** A part of the case page under its own heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
