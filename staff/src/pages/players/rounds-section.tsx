/** The player's game rounds, the latest played first: stakes and wins. */
import type { PlayerRound } from '@mchezo/contracts/staff-players';
import { Button } from '@mchezo/ui/button';
import { useTranslation } from 'react-i18next';
import { usePlayerRounds } from '../../api/players.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { useFormat } from './format.ts';
import { Section } from './player-status.tsx';

export function RoundsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('players');
  const format = useFormat();
  const rounds = usePlayerRounds(userId);
  const rows = rounds.data?.pages.flatMap((p) => p.rounds) ?? [];
  const columns: Column<PlayerRound>[] = [
    { key: 'at', header: t('rounds.at'), cell: (r) => format.time(r.last_at) },
    { key: 'game', header: t('rounds.game'), cell: (r) => r.game_id },
    { key: 'stakes', header: t('rounds.stakes'), cell: (r) => format.cents(r.stakes), numeric: true },
    { key: 'wins', header: t('rounds.wins'), cell: (r) => format.cents(r.wins), numeric: true },
    {
      key: 'rolled',
      header: t('rounds.rolledBack'),
      cell: (r) => (r.rolled_back ? t('rounds.yes') : t('rounds.no')),
    },
    {
      key: 'id',
      header: t('rounds.round'),
      cell: (r) => <span className="font-mono text-xs">{r.round_id}</span>,
    },
  ];
  return (
    <Section id="rounds" title={t('rounds.title')}>
      {rounds.isPending ? (
        <Loading />
      ) : rounds.isError ? (
        <ErrorState error={rounds.error} onRetry={() => rounds.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title={t('rounds.none')} />
      ) : (
        <>
          <Table
            caption={t('tableOf', { what: t('rounds.title') })}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.round_id}
          />
          {rounds.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => rounds.fetchNextPage()}
              disabled={rounds.isFetchingNextPage}
            >
              {rounds.isFetchingNextPage ? t('common.loadingMore') : t('common.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </Section>
  );
}
