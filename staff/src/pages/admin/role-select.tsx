import type { StaffRoleName } from '@mchezo/contracts/staff';
import { inputClass } from '@mchezo/ui/fields';
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
        className={`${inputClass()} w-56`}
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
