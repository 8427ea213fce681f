/** A guarded canary's plan: its steps (the current one marked), limits, state and the guard's last reading. */
import type { CanaryPlan } from '@mchezo/contracts/releases';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useTranslation } from 'react-i18next';

const TONE = { running: 'warning', promoted: 'success', aborted: 'danger', ended: 'neutral' } as const;

export function PlanSteps({ plan }: { plan: CanaryPlan }) {
  const { t } = useTranslation('releases');
  return (
    <div className="space-y-2 rounded-lg border border-line bg-surface-2 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t('plan.titleOf', { version: plan.version })}</span>
        <StatusBadge tone={TONE[plan.status]}>{t(`plan.status.${plan.status}`)}</StatusBadge>
      </div>
      <ol className="flex flex-wrap items-center gap-1" aria-label={t('plan.steps')}>
        {plan.steps.map((p, i) => (
          <li
            key={p}
            aria-current={i === plan.step && plan.status === 'running' ? 'step' : undefined}
            className={`rounded-full border px-2 py-0.5 tabular-nums ${
              i === plan.step
                ? 'border-brand font-bold text-brand'
                : i < plan.step
                  ? 'border-line text-text'
                  : 'border-line text-muted'
            }`}
          >
            {p}%
          </li>
        ))}
        <li className="rounded-full border border-line px-2 py-0.5 text-muted">{t('plan.promote')}</li>
      </ol>
      <p className="text-muted">
        {t('plan.limits', {
          minutes: plan.step_minutes,
          points: Math.round(plan.max_error_rate_increase * 1000) / 10,
          loads: plan.min_loads,
        })}
        {plan.max_lcp_p75_increase_ms !== null
          ? ` ${t('plan.lcpLimit', { ms: plan.max_lcp_p75_increase_ms })}`
          : ''}
        {plan.max_inp_p75_increase_ms !== null
          ? ` ${t('plan.inpLimit', { ms: plan.max_inp_p75_increase_ms })}`
          : ''}
      </p>
      {plan.last_check ? (
        <p className="break-words">
          <span className="text-muted">{t('plan.lastCheck')} </span>
          {plan.end_reason ?? plan.last_check}
        </p>
      ) : null}
    </div>
  );
}
