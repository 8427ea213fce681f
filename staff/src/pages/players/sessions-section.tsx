/** The player's sign-in sessions and "Force logout" (support only): every session ends now. */
import type { PlayerSession } from '@mchezo/contracts/staff-players';
import { Button } from '@mchezo/ui/button';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForceLogout, usePlayerSessions } from '../../api/players.ts';
import { toast } from '../../app/toaster.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { useSession } from '../../session/session-store.ts';
import { useFormat } from './format.ts';
import { Section } from './player-status.tsx';

export function SessionsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('players');
  const format = useFormat();
  const sessions = usePlayerSessions(userId);
  const logout = useForceLogout(userId);
  const [asking, setAsking] = useState(false);
  const canLogout = useSession((s) => s.member?.roles.includes('support') ?? false);
  const open = sessions.data?.sessions.filter((s) => s.open).length ?? 0;

  const columns: Column<PlayerSession>[] = [
    { key: 'created', header: t('sessions.started'), cell: (s) => format.time(s.created_at) },
    {
      key: 'state',
      header: t('sessions.state'),
      cell: (s) => (
        <StatusBadge tone={s.open ? 'success' : 'neutral'}>
          {s.open ? t('sessions.open') : t('sessions.ended')}
        </StatusBadge>
      ),
    },
    { key: 'refreshed', header: t('sessions.lastUsed'), cell: (s) => format.time(s.last_refreshed_at) },
    { key: 'ended', header: t('sessions.endedAt'), cell: (s) => format.time(s.ended_at) },
    {
      key: 'why',
      header: t('sessions.why'),
      cell: (s) => (s.ended_reason ? t(`sessions.reasons.${s.ended_reason}`, s.ended_reason) : '—'),
    },
  ];

  return (
    <Section
      id="sessions"
      title={t('sessions.title')}
      actions={
        canLogout ? (
          <Button
            variant="secondary"
            onClick={() => setAsking(true)}
            disabled={open === 0 || logout.isPending}
          >
            {logout.isPending ? t('sessions.loggingOut') : t('sessions.forceLogout')}
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : sessions.data.sessions.length === 0 ? (
        <Empty title={t('sessions.none')} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('sessions.openCount', { count: open })}
          </p>
          <Table
            caption={t('tableOf', { what: t('sessions.title') })}
            columns={columns}
            rows={sessions.data.sessions}
            rowKey={(s) => s.id}
          />
        </>
      )}
      <ReasonDialog
        open={asking}
        title={t('sessions.forceLogout')}
        description={t('sessions.forceLogoutWhy')}
        confirmLabel={t('sessions.forceLogoutConfirm')}
        busyLabel={t('sessions.loggingOut')}
        onClose={() => setAsking(false)}
        onConfirm={async (reason) => {
          const { ended_sessions } = await logout.mutateAsync(reason);
          toast.success(t('sessions.loggedOut', { count: ended_sessions }));
        }}
      />
    </Section>
  );
}
