/** The audit entries as cards, for a phone: six columns do not fit 390 px. */
import type { StaffAuditEntry } from '@mchezo/contracts/staff';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format.ts';

export const changeText = (e: StaffAuditEntry) =>
  [e.before, e.after]
    .filter((v) => v !== null && v !== undefined)
    .map((v) => JSON.stringify(v))
    .join(' → ');

export function AuditCards({ entries, className = '' }: { entries: StaffAuditEntry[]; className?: string }) {
  const { t } = useTranslation('audit');
  return (
    <ol className={`space-y-3 ${className}`} aria-label={t('tableCaption')}>
      {entries.map((e) => (
        <li key={e.id} className="space-y-2 rounded-lg border border-line bg-surface p-3 text-sm">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <code className="font-semibold">{e.action}</code>
            <span className="text-xs text-muted">{formatDateTime(e.at)}</span>
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="text-muted">{t('columns.actor')}</dt>
            <dd className="break-all font-mono">{e.actor_user_id ?? ''}</dd>
            <dt className="text-muted">{t('columns.target')}</dt>
            <dd className="break-all font-mono">{e.target_user_id ?? e.target ?? ''}</dd>
            {e.reason ? (
              <>
                <dt className="text-muted">{t('columns.reason')}</dt>
                <dd>{e.reason}</dd>
              </>
            ) : null}
            {changeText(e) ? (
              <>
                <dt className="text-muted">{t('columns.change')}</dt>
                <dd className="break-all font-mono text-muted">{changeText(e)}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}
