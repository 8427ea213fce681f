import type { PendingRoleGrant, StaffMember, StaffRoleName } from '@mchezo/contracts/staff';
import { Button } from '@mchezo/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelGrant, confirmGrant, grantRole, isPending, peopleKeys, removeRole } from '../../api/people.ts';
import { toast } from '../../app/toaster.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useSession } from '../../session/session-store.ts';
import { adminError } from './admin-errors.ts';
import { STAFF_ROLES } from './role-badges.tsx';
import { RoleSelect } from './role-select.tsx';

type Change =
  | { kind: 'grant' | 'remove'; role: StaffRoleName }
  | { kind: 'confirm' | 'cancel'; role: StaffRoleName; grant: PendingRoleGrant };

/**
 * The roles held, each with "Remove", and a role to grant; every change asks why. A finance or
 * admin grant waits for a second administrator (docs/decisions/065): it shows as pending, and
 * an administrator other than the proposer confirms it; either cancels it.
 */
export function RolesSection({ person }: { person: StaffMember }) {
  const { t } = useTranslation(['admin', 'common']);
  const queryClient = useQueryClient();
  const me = useSession((s) => s.member?.user_id);
  const pendingRoles = person.pending_grants.map((g) => g.role);
  const notHeld = STAFF_ROLES.filter((r) => !person.roles.includes(r) && !pendingRoles.includes(r));
  const [pick, setPick] = useState<StaffRoleName | null>(null);
  const [change, setChange] = useState<Change | null>(null);
  const toGrant = pick && notHeld.includes(pick) ? pick : notHeld[0];
  const who = person.full_name || person.phone;

  const run = async (reason: string) => {
    if (!change) return;
    const words = { role: t(`common:roles.${change.role}`), who };
    if (change.kind === 'confirm' || change.kind === 'cancel') {
      await (change.kind === 'confirm' ? confirmGrant : cancelGrant)(change.grant.id, reason);
      await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      toast.success(t(change.kind === 'confirm' ? 'pending.confirmed' : 'pending.cancelled', words));
      return;
    }
    const fn = change.kind === 'grant' ? grantRole : removeRole;
    const after = await fn(person.user_id, change.role, reason);
    await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    if (change.kind === 'remove') toast.success(t('roles.removed', words));
    else toast.success(t(isPending(after, change.role) ? 'grant.proposed' : 'grant.done', words));
  };
  const dialog = {
    grant: { title: 'grant.dialogTitle', confirm: 'grant.grant', busy: 'grant.granting' },
    remove: { title: 'roles.removeTitle', confirm: 'roles.removeConfirm', busy: 'roles.removing' },
    confirm: { title: 'pending.confirmTitle', confirm: 'pending.confirm', busy: 'pending.confirming' },
    cancel: { title: 'pending.cancelTitle', confirm: 'pending.cancel', busy: 'pending.cancelling' },
  }[change?.kind ?? 'grant'];

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
        {person.pending_grants.map((grant) => (
          <li
            key={grant.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed border-line px-3 py-2"
          >
            <div>
              <p className="font-semibold">
                {t('pending.waiting', { role: t(`common:roles.${grant.role}`) })}
              </p>
              <p className="text-sm text-muted">
                {grant.proposed_by === me ? `${t('pending.yours')} ` : ''}
                {t('pending.expires', { at: formatDateTime(grant.expires_at) })}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {grant.proposed_by !== me && (
                <Button onClick={() => setChange({ kind: 'confirm', role: grant.role, grant })}>
                  {t('pending.confirm')}
                </Button>
              )}
              <Button
                variant="secondary"
                onClick={() => setChange({ kind: 'cancel', role: grant.role, grant })}
              >
                {t('pending.cancel')}
              </Button>
            </div>
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
        title={t(dialog.title, { role: roleName, who })}
        confirmLabel={t(dialog.confirm)}
        busyLabel={t(dialog.busy)}
        danger={change?.kind === 'remove' || change?.kind === 'cancel'}
        onConfirm={run}
        onClose={() => setChange(null)}
        describeError={(err) => adminError(err, t)}
      />
    </section>
  );
}
