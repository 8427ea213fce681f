import type { StaffMember, StaffRoleName } from '@mchezo/contracts/staff';
import { Button } from '@mchezo/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantRole, peopleKeys, removeRole } from '../../api/people.ts';
import { toast } from '../../app/toaster.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { adminError } from './admin-errors.ts';
import { STAFF_ROLES } from './role-badges.tsx';
import { RoleSelect } from './role-select.tsx';

type Change = { kind: 'grant' | 'remove'; role: StaffRoleName };

/** The roles held, each with "Remove", and a role to grant; every change asks why. */
export function RolesSection({ person }: { person: StaffMember }) {
  const { t } = useTranslation(['admin', 'common']);
  const queryClient = useQueryClient();
  const notHeld = STAFF_ROLES.filter((r) => !person.roles.includes(r));
  const [pick, setPick] = useState<StaffRoleName | null>(null);
  const [change, setChange] = useState<Change | null>(null);
  const toGrant = pick && notHeld.includes(pick) ? pick : notHeld[0];
  const who = person.full_name || person.phone;

  const run = async (reason: string) => {
    if (!change) return;
    const fn = change.kind === 'grant' ? grantRole : removeRole;
    await fn(person.user_id, change.role, reason);
    await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    const role = t(`common:roles.${change.role}`);
    toast.success(
      change.kind === 'grant' ? t('grant.done', { role, who }) : t('roles.removed', { role, who }),
    );
  };

  const roleName = change ? t(`common:roles.${change.role}`) : '';
  return (
    <section aria-labelledby="roles-title" className="space-y-4 rounded-lg border border-line bg-surface p-4">
      <h2 id="roles-title" className="text-lg font-semibold">
        {t('roles.title')}
      </h2>
      <ul className="space-y-2">
        {person.roles.map((role) => (
          <li
            key={role}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-2 px-3 py-2"
          >
            <span className="font-semibold">{t(`common:roles.${role}`)}</span>
            <Button variant="secondary" onClick={() => setChange({ kind: 'remove', role })}>
              {t('roles.remove', { role: t(`common:roles.${role}`) })}
            </Button>
          </li>
        ))}
      </ul>
      {toGrant ? (
        <div className="flex flex-wrap items-end gap-3">
          <RoleSelect value={toGrant} onChange={setPick} exclude={person.roles} />
          <Button onClick={() => setChange({ kind: 'grant', role: toGrant })}>{t('grant.grant')}</Button>
        </div>
      ) : (
        <p className="text-sm text-muted">{t('roles.allHeld')}</p>
      )}
      <ReasonDialog
        open={change !== null}
        title={
          change?.kind === 'remove'
            ? t('roles.removeTitle', { role: roleName, who })
            : t('grant.dialogTitle', { role: roleName, who })
        }
        confirmLabel={change?.kind === 'remove' ? t('roles.removeConfirm') : t('grant.grant')}
        busyLabel={change?.kind === 'remove' ? t('roles.removing') : t('grant.granting')}
        danger={change?.kind === 'remove'}
        onConfirm={run}
        onClose={() => setChange(null)}
        describeError={(err) => adminError(err, t)}
      />
    </section>
  );
}
