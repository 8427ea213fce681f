import type { TransactionStatus } from '@mchezo/contracts/wallet';
import { useWalletTranslation } from '../i18n/namespace.ts';

const TONES: Record<TransactionStatus, string> = {
  pending: 'border-warning text-warning',
  completed: 'border-success text-success',
  failed: 'border-danger text-danger',
  reversed: 'border-danger text-danger',
};

export function StatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useWalletTranslation();
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${TONES[status] ?? 'border-line text-muted'}`}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
