/**
 * One money-laundering case (decision 043): its alert (the rule and its figures), the alert's
 * transactions, the trail of steps, the moves open → reviewing → reported/dismissed with a reason
 * (a high-severity case closed by someone who neither opened nor reviewed it: four eyes, said
 * plainly), and the goAML STR/CTR files.
 */
import type { AmlCase } from '@mchezo/contracts/aml';
import { Button } from '@mchezo/ui/button';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorCode } from '../../api/client.ts';
import { alertsQuery, caseQuery, closeCase, goamlFile, reviewCase } from '../../api/compliance.ts';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { saveFile } from '../../components/save-file.ts';
import { ErrorState, Loading, useErrorText } from '../../components/states.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { ComplianceNav } from './compliance-nav.tsx';

/** A rule's figure as staff read it: `…_cents` as KES, anything else as it is. */
function figure(key: string, value: unknown): string {
  if (key.endsWith('_cents') && typeof value === 'number')
    return new Intl.NumberFormat(i18n.language === 'sw' ? 'sw-KE' : 'en-KE', {
      style: 'currency',
      currency: 'KES',
    }).format(value / 100);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

type Move = 'review' | 'reported' | 'dismissed';
const TONE = { open: 'warning', reviewing: 'warning', reported: 'neutral', dismissed: 'neutral' } as const;

export default function CasePage() {
  const { t } = useTranslation('compliance');
  const { id = '' } = useParams();
  const client = useQueryClient();
  const errorText = useErrorText();
  const amlCase = useQuery(caseQuery(id));
  const alerts = useQuery(alertsQuery());
  const [move, setMove] = useState<Move | null>(null);
  const [fileBusy, setFileBusy] = useState<'STR' | 'CTR' | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  if (amlCase.isPending) return <Loading />;
  if (amlCase.isError) return <ErrorState error={amlCase.error} onRetry={() => void amlCase.refetch()} />;
  const c: AmlCase = amlCase.data;
  const alert = alerts.data?.alerts.find((a) => a.id === c.alert_id);

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
            <StatusBadge tone={TONE[c.status]}>{t(`status.${c.status}`)}</StatusBadge>
            <StatusBadge tone={c.severity === 'high' ? 'warning' : 'neutral'}>
              {t(`severity.${c.severity}`)}
            </StatusBadge>
            <Link className="underline" to={`/players/${c.user_id}`}>
              {t('alerts.playerLink')}
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

      <section aria-labelledby="case-alert" className="space-y-2">
        <h2 id="case-alert" className="text-lg font-bold">
          {t('case.alert')}
        </h2>
        {alerts.isPending ? <Loading /> : null}
        {alerts.isError ? <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} /> : null}
        {alert ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{t('alerts.rule')}</dt>
            <dd>
              <code>{alert.rule}</code>
            </dd>
            <dt className="text-muted">{t('alerts.at')}</dt>
            <dd>{formatDateTime(alert.occurred_at)}</dd>
            {Object.entries(alert.figures).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted">
                  <code>{k}</code>
                </dt>
                <dd className="break-all tabular-nums">{figure(k, v)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </section>

      <section aria-labelledby="case-tx" className="space-y-2">
        <h2 id="case-tx" className="text-lg font-bold">
          {t('case.transactions')}
        </h2>
        {alert && alert.transactions.length > 0 ? (
          <ul className="space-y-1 text-sm">
            {alert.transactions.map((tx) => (
              <li key={tx}>
                <code className="break-all text-xs">{tx}</code>
              </li>
            ))}
          </ul>
        ) : alert ? (
          <p className="text-sm text-muted">{t('case.noTransactions')}</p>
        ) : null}
      </section>

      <section aria-labelledby="case-trail" className="space-y-2">
        <h2 id="case-trail" className="text-lg font-bold">
          {t('case.trail')}
        </h2>
        <ol className="space-y-2">
          {c.steps.map((s) => (
            <li key={`${s.at}-${s.action}`} className="rounded-lg border border-line p-3 text-sm">
              <p className="font-semibold">
                {s.to_status ? t(`status.${s.to_status}`) : s.action} · {formatDateTime(s.at)}
              </p>
              <p className="text-muted">{t('case.by', { who: s.actor })}</p>
              <p>{s.reason}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="case-files" className="space-y-2">
        <h2 id="case-files" className="text-lg font-bold">
          {t('case.files')}
        </h2>
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
      </section>

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
