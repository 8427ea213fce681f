/**
 * The revision history as readable diffs: each revision of the release manifest (who, when, why,
 * what) with what changed against the one before it, per remote; and the overrides issued to
 * testers.
 */
import type { RevisionEntry } from '@mchezo/contracts/releases';
import { useTranslation } from 'react-i18next';
import { useReleaseHistory } from '../../api/releases.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { Table } from '../../components/table.tsx';
import { BackToReleases } from './back-link.tsx';
import { type FieldChange, manifestDiff } from './diff.ts';
import { RevisionRollback } from './revision-rollback.tsx';

function Change({ c }: { c: FieldChange }) {
  const { t } = useTranslation('releases');
  const show = (v: string | null) =>
    v === null ? t('card.none') : c.field === 'enabled' ? t(`card.${v}`) : v;
  return (
    <li>
      <span className="text-muted">{t(`diff.${c.field}`)}: </span>
      <del className="font-mono text-danger">{show(c.before)}</del>
      <span aria-hidden="true"> → </span>
      <span className="sr-only">{t('diff.to')}</span>
      <ins className="font-mono text-success no-underline">{show(c.after)}</ins>
    </li>
  );
}

function Revision({
  entry,
  before,
  current,
}: {
  entry: RevisionEntry;
  before: RevisionEntry | undefined;
  /** The newest revision: any earlier one can be rolled back to. */
  current: number;
}) {
  const { t } = useTranslation('releases');
  const diff = manifestDiff(before?.manifest ?? null, entry.manifest);
  return (
    <li
      aria-labelledby={`revision-${entry.revision}`}
      className="space-y-2 rounded-lg border border-line bg-surface p-3 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`revision-${entry.revision}`} className="font-semibold">
          {t('history.revision', { revision: entry.revision })}
        </h2>
        <time dateTime={entry.created_at} className="text-xs text-muted">
          {new Date(entry.created_at).toLocaleString()}
        </time>
      </div>
      <p className="break-words">
        <span className="font-mono">{entry.action}</span> · {t('history.by', { by: entry.author })}
      </p>
      <p className="break-words text-muted">{entry.reason}</p>
      {diff.length === 0 ? (
        <p className="text-muted">{before ? t('history.noDiff') : t('history.first')}</p>
      ) : (
        <ul className="space-y-1">
          {diff.map((d) => (
            <li key={d.remote}>
              <span className="font-semibold">{d.remote}</span>
              <ul className="ms-4 list-disc">
                {d.changes.map((c) => (
                  <Change key={c.field} c={c} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {entry.revision < current ? <RevisionRollback revision={entry.revision} current={current} /> : null}
    </li>
  );
}

export default function HistoryPage() {
  const { t } = useTranslation('releases');
  const history = useReleaseHistory();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('history.title')}
        description={t('history.description')}
        actions={<BackToReleases />}
      />
      {history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => history.refetch()} />
      ) : history.data.revisions.length === 0 ? (
        <Empty title={t('history.empty')} />
      ) : (
        <>
          {/* Newest first: each against the next one down (the one before it). */}
          <ol className="space-y-3" aria-label={t('history.title')}>
            {history.data.revisions.map((r, i) => (
              <Revision
                key={r.revision}
                entry={r}
                before={history.data.revisions[i + 1]}
                current={history.data.revisions[0]?.revision ?? r.revision}
              />
            ))}
          </ol>
          <section aria-labelledby="overrides-title" className="space-y-3">
            <h2 id="overrides-title" className="text-lg font-semibold">
              {t('history.overrides')}
            </h2>
            {history.data.overrides.length === 0 ? (
              <Empty title={t('history.noOverrides')} />
            ) : (
              <Table
                caption={t('history.overrides')}
                rows={history.data.overrides}
                rowKey={(o) => o.id}
                columns={[
                  { key: 'remote', header: t('keys.remote'), cell: (o) => `${o.remote} ${o.version}` },
                  { key: 'by', header: t('history.issuedBy'), cell: (o) => o.issued_by },
                  { key: 'reason', header: t('history.reason'), cell: (o) => o.reason },
                  {
                    key: 'expires',
                    header: t('history.expires'),
                    cell: (o) => new Date(o.expires_at).toLocaleString(),
                  },
                ]}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
