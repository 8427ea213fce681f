/**
 * The canary's story in the range, newest first: plans started, changes of the remote, and the
 * guard's decisions with the figures it decided on (each side's error rate over its loads and
 * distinct browsers and, when the plan has a speed limit, p75 LCP and INP), what it left out
 * (reports of browsers that never proved a page load: docs/decisions/060-health-counts-people.md)
 * and why it decided or waited.
 */
import type { CanaryEvent, GuardSide } from '@mchezo/contracts/release-history';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useTranslation } from 'react-i18next';
import { Empty } from '../../components/states.tsx';

const TONE = { wait: 'neutral', advance: 'warning', promote: 'success', abort: 'danger' } as const;
const pct = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

function Side({ label, side, speed }: { label: string; side: GuardSide; speed: boolean }) {
  const { t } = useTranslation('releases');
  return (
    <li>
      <span className="text-muted">{label} </span>
      <span className="font-mono">{side.version}</span>:{' '}
      {t('events.rate', {
        rate: pct(side.error_rate),
        bad: side.bad,
        attempts: side.attempts,
        clients: side.clients,
      })}
      {speed
        ? ` · ${t('events.speed', {
            lcp: side.lcp_p75 ?? '–',
            lcpN: side.lcp_samples,
            inp: side.inp_p75 ?? '–',
            inpN: side.inp_samples,
          })}`
        : ''}
      {side.unproven_clients > 0
        ? ` · ${t('events.unproven', { reports: side.unproven_reports, clients: side.unproven_clients })}`
        : ''}
    </li>
  );
}

function Body({ e }: { e: CanaryEvent }) {
  const { t } = useTranslation('releases');
  if (e.kind === 'plan_started')
    return (
      <p>
        {t('events.planStarted', {
          version: e.version,
          steps: e.steps.map((s) => `${s}%`).join(' → '),
          minutes: e.step_minutes,
          by: e.by,
        })}
      </p>
    );
  if (e.kind === 'change')
    return (
      <p className="break-words">
        <span className="font-mono">{e.action}</span> {t('events.by', { by: e.author, revision: e.revision })}
        <span className="block text-muted">{e.reason}</span>
      </p>
    );
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={TONE[e.verdict]}>{t(`events.verdict.${e.verdict}`)}</StatusBadge>
        <span>
          {e.next_percent !== null
            ? t('events.step', { from: e.percent, to: e.next_percent })
            : t('events.at', { percent: e.percent })}
        </span>
        {e.revision !== null ? (
          <span className="text-muted">{t('events.revision', { revision: e.revision })}</span>
        ) : null}
      </p>
      <ul className="text-xs">
        <Side label={t('events.canary')} side={e.figures.canary} speed={e.figures.speed_limited} />
        <Side label={t('events.active')} side={e.figures.active} speed={e.figures.speed_limited} />
      </ul>
      <p className="break-words text-xs text-muted">{t('events.why', { text: e.text })}</p>
    </div>
  );
}

export function EventsList({ events }: { events: CanaryEvent[] }) {
  const { t } = useTranslation('releases');
  if (events.length === 0) return <Empty title={t('events.empty')} />;
  const newest = [...events].reverse();
  return (
    <ol className="space-y-2" aria-label={t('events.title')}>
      {newest.map((e) => (
        <li
          key={`${e.kind}-${e.at}-${'plan_id' in e ? e.plan_id : ''}-${'revision' in e ? e.revision : ''}`}
          className="rounded-lg border border-line bg-surface p-3 text-sm"
        >
          <time dateTime={e.at} className="block text-xs text-muted">
            {new Date(e.at).toLocaleString()}
          </time>
          <Body e={e} />
        </li>
      ))}
    </ol>
  );
}
