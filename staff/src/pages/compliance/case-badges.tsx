/** A money-laundering case's status and an alert's or case's severity as pills, in words. */
import type { AmlCase } from '@mchezo/contracts/aml';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useTranslation } from 'react-i18next';

/** Still waiting on the desk (open, reviewing) stands out; closed ones do not. */
const TONE = { open: 'warning', reviewing: 'warning', reported: 'neutral', dismissed: 'neutral' } as const;

export function CaseStatusBadge({ status }: { status: AmlCase['status'] }) {
  const { t } = useTranslation('compliance');
  return <StatusBadge tone={TONE[status]}>{t(`status.${status}`)}</StatusBadge>;
}

export function SeverityBadge({ severity }: { severity: AmlCase['severity'] }) {
  const { t } = useTranslation('compliance');
  return (
    <StatusBadge tone={severity === 'high' ? 'warning' : 'neutral'}>{t(`severity.${severity}`)}</StatusBadge>
  );
}
