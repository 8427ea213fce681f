import type { TransactionStatus } from '@mchezo/contracts/wallet';
import { StatusBadge, type StatusTone } from '@mchezo/ui/status-badge';
import { useWalletTranslation } from '../i18n/namespace.ts';

const TONES: Record<TransactionStatus, StatusTone> = {
  pending: 'warning',
  completed: 'success',
  failed: 'danger',
  reversed: 'danger',
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useWalletTranslation();
  return (
    <StatusBadge tone={TONES[status] ?? 'neutral'}>
      {t(`status.${status}`, { defaultValue: status })}
    </StatusBadge>
  );
}
