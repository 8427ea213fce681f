import type { StaffRoleName } from '@mchezo/contracts/staff';
import { useTranslation } from 'react-i18next';

export const STAFF_ROLES: StaffRoleName[] = ['admin', 'support', 'finance', 'compliance', 'release_manager'];

/** A person's roles as small labels, or "no staff role". */
export function RoleBadges({ roles }: { roles: readonly StaffRoleName[] }) {
  const { t } = useTranslation(['common', 'admin']);
  if (roles.length === 0) return <span className="text-muted">{t('admin:noRole')}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {roles.map((r) => (
        <li
          key={r}
          className="rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold"
        >
          {t(`common:roles.${r}`)}
        </li>
      ))}
    </ul>
  );
}
