import { StatusBadge, type StatusTone } from '@mchezo/ui/status-badge';
import { useProfileTranslation } from '../i18n/namespace.ts';

/** Active green, Pending Verification yellow, Suspended red; any other value as raw text. */
const TONES: Record<string, StatusTone> = {
  active: 'success',
  pending_verification: 'warning',
  suspended: 'danger',
};

export function AccountStatusBadge({ status }: { status: string }) {
  const { t } = useProfileTranslation();
  const tone = TONES[status];
  if (!tone) return <span>{status}</span>;
  return <StatusBadge tone={tone}>{t(`status.${status}`)}</StatusBadge>;
}
