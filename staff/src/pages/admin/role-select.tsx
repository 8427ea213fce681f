import type { StaffRoleName } from '@mchezo/contracts/staff';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES } from './role-badges.tsx';

/** A labelled choice of staff role, leaving out the ones the person holds. */
export function RoleSelect({
  value,
  onChange,
  exclude = [],
}: {
  value: StaffRoleName;
  onChange(role: StaffRoleName): void;
  exclude?: readonly StaffRoleName[];
}) {
  const { t } = useTranslation(['admin', 'common']);
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {t('role')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as StaffRoleName)}
        // Not the kit's inputClass: a <select> matches :read-only, which greys its text there.
        className="min-h-11 w-56 rounded-lg border border-line bg-surface-2 px-3 text-base text-text focus-visible:outline-2 focus-visible:outline-brand"
      >
        {STAFF_ROLES.filter((r) => !exclude.includes(r)).map((r) => (
          <option key={r} value={r}>
            {t(`common:roles.${r}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
