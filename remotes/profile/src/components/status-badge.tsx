import { useProfileTranslation } from '../i18n/namespace.ts';

/** Spec §3: Active green, Pending Verification yellow, Suspended red; any other value as raw text. */
const TONES: Record<string, string> = {
  active: 'border-success/50 bg-success/15 text-success',
  pending_verification: 'border-warning/50 bg-warning/15 text-warning',
  suspended: 'border-danger/50 bg-danger/15 text-danger',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useProfileTranslation();
  const tone = TONES[status];
  if (!tone) return <span>{status}</span>;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`status.${status}`)}
    </span>
  );
}
