/**
 * Grant a staff role to an account found by its phone (a player account becomes staff this way):
 * find it, pick the role, say why. GET /staff/people?phone answers the one account with that phone.
 */
import type { StaffMember, StaffRoleName } from '@mchezo/contracts/staff';
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { findByPhone, grantRole, isPending, peopleKeys } from '../../api/people.ts';
import { toast } from '../../app/toaster.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useErrorText } from '../../components/states.tsx';
import { adminError } from './admin-errors.ts';
import { RoleBadges, STAFF_ROLES } from './role-badges.tsx';
import { RoleSelect } from './role-select.tsx';

export function GrantByPhone() {
  const { t } = useTranslation(['admin', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<StaffMember | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [role, setRole] = useState<StaffRoleName>('support');
  const [asking, setAsking] = useState(false);

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setFound(null);
    setBusy(true);
    try {
      const account = await findByPhone(phone.trim());
      if (account) {
        setFound(account);
        setRole(STAFF_ROLES.find((r) => !account.roles.includes(r)) ?? 'support');
      } else setMessage(t('grant.noAccount'));
    } catch (err) {
      setMessage(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const grant = async (reason: string) => {
    if (!found) return;
    const member = await grantRole(found.user_id, role, reason);
    setFound(member);
    setRole(STAFF_ROLES.find((r) => !member.roles.includes(r)) ?? role);
    await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    const words = { role: t(`common:roles.${role}`), who: member.full_name || member.phone };
    toast.success(isPending(member, role) ? t('grant.proposed', words) : t('grant.done', words));
  };

  return (
    <section aria-labelledby="grant-title" className="space-y-4 rounded-lg border border-line bg-surface p-4">
      <h2 id="grant-title" className="text-lg font-semibold">
        {t('grant.title')}
      </h2>
      <p className="text-sm text-muted">{t('grant.body')}</p>
      <form onSubmit={find} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-56 flex-1">
          <TextField
            label={t('grant.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            onChange={setPhone}
            required
            className="w-full"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={busy || phone.trim() === ''}>
          {busy ? t('grant.finding') : t('grant.find')}
        </Button>
      </form>
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
      {found ? (
        <div className="space-y-3 rounded-lg border border-line p-3" data-testid="found-account">
          <p className="font-semibold">
            {found.full_name || t('noName')} <span className="font-normal text-muted">{found.phone}</span>
          </p>
          <RoleBadges roles={found.roles} />
          {found.pending_grants.map((g) => (
            <p key={g.id} className="text-sm">
              {t('pending.waiting', { role: t(`common:roles.${g.role}`) })}
            </p>
          ))}
          <div className="flex flex-wrap items-end gap-3">
            <RoleSelect
              value={role}
              onChange={setRole}
              exclude={[...found.roles, ...found.pending_grants.map((g) => g.role)]}
            />
            <Button onClick={() => setAsking(true)} disabled={found.roles.length === STAFF_ROLES.length}>
              {t('grant.grant')}
            </Button>
            {found.roles.length > 0 || found.pending_grants.length > 0 ? (
              <Link
                to={`/admin/people/${found.user_id}`}
                className="min-h-11 content-center font-semibold text-brand underline"
              >
                {t('grant.open')}
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
      <ReasonDialog
        open={asking}
        title={t('grant.dialogTitle', {
          role: t(`common:roles.${role}`),
          who: found?.full_name || found?.phone || '',
        })}
        confirmLabel={t('grant.grant')}
        busyLabel={t('grant.granting')}
        onConfirm={grant}
        onClose={() => setAsking(false)}
        describeError={(err) => adminError(err, t)}
      />
    </section>
  );
}
