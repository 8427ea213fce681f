import type { StaffMember, StaffSessionInfo } from '@mchezo/contracts/staff';
import { Button } from '@mchezo/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endSession, sessionsQuery } from '../../api/people.ts';
import { toast } from '../../app/toaster.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { useSession } from '../../session/session-store.ts';
import { adminError } from './admin-errors.ts';

/** The person's staff sessions, newest first; an open one can be ended (with a reason). */
export function SessionsSection({ person }: { person: StaffMember }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery(person.user_id));
  const mine = useSession((s) => s.session?.id);
  const [ending, setEnding] = useState<StaffSessionInfo | null>(null);

  const end = async (reason: string) => {
    if (!ending) return;
    await endSession(ending.id, reason);
    await queryClient.invalidateQueries({ queryKey: sessionsQuery(person.user_id).queryKey });
    toast.success(t('sessions.ended'));
  };

  const columns: Column<StaffSessionInfo>[] = [
    { key: 'created', header: t('sessions.started'), cell: (s) => formatDateTime(s.created_at) },
    { key: 'seen', header: t('sessions.lastSeen'), cell: (s) => formatDateTime(s.last_seen_at) },
    {
      key: 'factor',
      header: t('sessions.factor'),
      cell: (s) => (s.second_factor === 'totp' ? t('sessions.totp') : t('sessions.recovery')),
    },
    {
      key: 'state',
      header: t('sessions.state'),
      cell: (s) =>
        s.ended_at
          ? t('sessions.endedAt', { at: formatDateTime(s.ended_at) })
          : t('sessions.openUntil', { at: formatDateTime(s.idle_expires_at) }),
    },
    {
      key: 'action',
      header: <span className="sr-only">{t('sessions.actions')}</span>,
      cell: (s) =>
        s.ended_at ? null : s.id === mine ? (
          <span className="text-xs text-muted">{t('sessions.thisOne')}</span>
        ) : (
          <Button variant="secondary" onClick={() => setEnding(s)}>
            {t('sessions.end')}
          </Button>
        ),
    },
  ];

  return (
    <section
      aria-labelledby="sessions-title"
      className="space-y-4 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t('sessions.title')}
      </h2>
      {sessions.isPending ? <Loading /> : null}
      {sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : null}
      {sessions.isSuccess && sessions.data.length === 0 ? <Empty title={t('sessions.none')} /> : null}
      {sessions.isSuccess && sessions.data.length > 0 ? (
        <Table caption={t('sessions.title')} columns={columns} rows={sessions.data} rowKey={(s) => s.id} />
      ) : null}
      <ReasonDialog
        open={ending !== null}
        title={t('sessions.endTitle', { who: person.full_name || person.phone })}
        description={t('sessions.endBody')}
        confirmLabel={t('sessions.end')}
        busyLabel={t('sessions.ending')}
        danger
        onConfirm={end}
        onClose={() => setEnding(null)}
        describeError={(err) => adminError(err, t)}
      />
    </section>
  );
}
