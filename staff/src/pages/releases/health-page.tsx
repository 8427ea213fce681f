/**
 * One remote's health over time: loads, error rate and p75 LCP per version, with the canary's
 * steps and the guard's decisions marked, and the events listed. Read again every few seconds
 * while the remote has a canary, so the chart moves as players load it and the guard acts.
 */
import { REMOTE_NAMES, type RemoteNameValue } from '@mchezo/contracts/releases-constants';
import { Alert } from '@mchezo/ui/alert';
import { inputClass } from '@mchezo/ui/fields';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useHealthHistory, useRemotes } from '../../api/releases.ts';
import { LineChart } from '../../components/charts.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { BackToReleases } from './back-link.tsx';
import { EventsList } from './events-list.tsx';
import { type Figure, fieldOf, healthRows, isMarked, rowOf } from './health-rows.ts';

/** Minutes; a quarter of an hour shows a running canary's minutes one by one. */
const RANGES = [15, 60, 360, 1440, 10080] as const;

/** The three charts, one figure each: loads, error rate (%) and p75 LCP (ms). */
const CHARTS: { figure: Figure; title: string; format?: (v: number) => string }[] = [
  { figure: 'loads', title: 'health.loads' },
  { figure: 'rate', title: 'health.errorRate', format: (v) => `${v}%` },
  { figure: 'lcp', title: 'health.lcp', format: (v) => `${v} ms` },
];

export default function HealthPage() {
  const { t, i18n } = useTranslation('releases');
  const params = useParams();
  const remote = (REMOTE_NAMES as readonly string[]).includes(params.remote ?? '')
    ? (params.remote as RemoteNameValue)
    : null;
  const [minutes, setMinutes] = useState<number>(60);
  const remotes = useRemotes();
  const status = remotes.data?.remotes.find((r) => r.name === remote);
  const live = !!status?.canary || status?.plan?.status === 'running';
  const history = useHealthHistory(remote ?? 'lobby', minutes, live);
  // The canary just ended (promoted, aborted): read once more, so its last step is on the chart.
  const wasLive = useRef(live);
  const { refetch } = history;
  useEffect(() => {
    if (wasLive.current && !live) void refetch();
    wasLive.current = live;
  }, [live, refetch]);
  // A plain Error would show ErrorState's generic "the server did not answer": say what is wrong.
  if (!remote)
    return (
      <div className="space-y-4">
        <Alert tone="destructive" title={t('health.unknown')} />
        <BackToReleases />
      </div>
    );

  const data = history.data;
  const rows = data ? healthRows(data, i18n.language) : [];
  const markers = (data?.events ?? []).filter(isMarked).flatMap((e) => {
    const row = rowOf(rows, e.at);
    if (!row) return [];
    const label =
      e.kind === 'guard'
        ? t(`events.verdict.${e.verdict}`)
        : e.kind === 'plan_started'
          ? t('events.kind.plan_started')
          : t('events.kind.change');
    return [{ x: row.time, label }];
  });
  // One marker per bucket, its events' labels together (a canary started and its first hold in one minute).
  const marked = [...new Set(markers.map((m) => m.x))].map((x) => ({
    x,
    label: [...new Set(markers.filter((m) => m.x === x).map((m) => m.label))].join(' · '),
  }));
  const series = (figure: Figure) =>
    (data?.versions ?? []).map((v) => ({
      key: fieldOf(figure, v.version),
      label: `${v.version} (${t(`health.role.${v.role}`)})`,
    }));

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('health.title', { remote })}
        description={live ? t('health.live') : t('health.description')}
        actions={<BackToReleases />}
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor="health-range" className="block text-sm font-semibold">
            {t('health.range')}
          </label>
          <select
            id="health-range"
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
            className={inputClass()}
          >
            {RANGES.map((m) => (
              <option key={m} value={m}>
                {t(`health.ranges.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          {history.isFetching
            ? t('refreshing')
            : data
              ? t('health.updated', { at: new Date(history.dataUpdatedAt).toLocaleTimeString(i18n.language) })
              : ''}
        </p>
      </div>
      {history.isError ? (
        <ErrorState error={history.error} onRetry={() => history.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.versions.length === 0 ? (
        <p className="text-sm text-muted">{t('health.noVersions')}</p>
      ) : (
        <>
          {CHARTS.map((chart) => (
            <LineChart
              key={chart.figure}
              title={t(chart.title)}
              rows={rows}
              x="time"
              xLabel={t('health.time')}
              series={series(chart.figure)}
              dots={chart.figure !== 'loads'}
              format={chart.format}
              markers={marked}
            />
          ))}
          <section aria-labelledby="events-title" className="space-y-3">
            <h2 id="events-title" className="text-lg font-semibold">
              {t('events.title')}
            </h2>
            <EventsList events={data.events} />
          </section>
        </>
      )}
    </div>
  );
}
