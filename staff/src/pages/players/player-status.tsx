/** A player's account status as a badge, in the screen's language. */
import type { PlayerStatusName } from '@mchezo/contracts/staff-players-constants';
import { StatusBadge, type StatusTone } from '@mchezo/ui/status-badge';
import { useTranslation } from 'react-i18next';

const TONE: Record<PlayerStatusName, StatusTone> = {
  active: 'success',
  pending_verification: 'warning',
  suspended: 'danger',
};

export function StatusBadgeOf({ status }: { status: PlayerStatusName }) {
  const { t } = useTranslation('players');
  return <StatusBadge tone={TONE[status]}>{t(`status.${status}`)}</StatusBadge>;
}

/** A titled block of the player 360, its heading the section's accessible name. */
export function Section({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-20 space-y-3 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Label/value pairs as a description list, two columns from a tablet up. */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
