/**
 * Players: find a player by any part of the phone, the name or a Paybill account number, and by
 * status. The query box waits until typing pauses (300 ms) before asking. Results: a table on a
 * desktop, cards on a phone; "Load more" pages on.
 */
import type { PlayerSummary } from '@mchezo/contracts/staff-players';
import {
  PLAYER_QUERY_MIN,
  PLAYER_STATUSES,
  type PlayerStatusName,
} from '@mchezo/contracts/staff-players-constants';
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePlayerSearch } from '../../api/players.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchField, useDebounced } from '../../components/search-field.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { type Column, Table } from '../../components/table.tsx';
import { useFormat } from './format.ts';
import { StatusBadgeOf } from './player-status.tsx';

const DEBOUNCE_MS = 300;

export default function PlayersSearchPage() {
  const { t } = useTranslation('players');
  const format = useFormat();
  const ids = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<PlayerStatusName | ''>('');
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const short = q.length > 0 && q.length < PLAYER_QUERY_MIN;
  const search = usePlayerSearch(short ? '' : q, status);
  const players = search.data?.pages.flatMap((p) => p.players) ?? [];
  const asked = (q.length >= PLAYER_QUERY_MIN || status !== '') && !short;

  const columns: Column<PlayerSummary>[] = [
    {
      key: 'phone',
      header: t('search.phone'),
      cell: (p) => (
        <Link
          to={`/players/${p.user_id}`}
          className="font-semibold text-brand underline-offset-2 hover:underline"
        >
          {p.phone}
        </Link>
      ),
    },
    { key: 'name', header: t('search.name'), cell: (p) => p.full_name ?? t('search.noName') },
    { key: 'status', header: t('search.status'), cell: (p) => <StatusBadgeOf status={p.status} /> },
    { key: 'created', header: t('search.joined'), cell: (p) => format.time(p.created_at) },
  ];

  return (
    <div>
      <PageHeader title={t('search.title')} description={t('search.description')} />
      <search className="mb-6 block">
        <form className="grid gap-3 md:grid-cols-[1fr_14rem]" onSubmit={(e) => e.preventDefault()}>
          <div className="space-y-1.5">
            <SearchField
              id={`${ids}-q`}
              label={t('search.query')}
              hint={short ? t('search.tooShort', { count: PLAYER_QUERY_MIN }) : t('search.hint')}
              value={text}
              onChange={setText}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-status`} className="block text-sm font-semibold">
              {t('search.status')}
            </label>
            <select
              id={`${ids}-status`}
              value={status}
              onChange={(e) => setStatus(e.target.value as PlayerStatusName | '')}
              className={`${inputClass(false)} w-full`}
            >
              <option value="">{t('search.anyStatus')}</option>
              {PLAYER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </form>
      </search>

      <div aria-busy={search.isFetching || undefined}>
        <h2 className="sr-only">{t('search.results')}</h2>
        {!asked ? (
          <Empty title={t('search.idleTitle')}>{t('search.idleBody')}</Empty>
        ) : search.isPending ? (
          <Loading label={t('search.searching')} />
        ) : search.isError && players.length === 0 ? (
          <ErrorState error={search.error} onRetry={() => search.refetch()} />
        ) : players.length === 0 ? (
          <Empty title={t('search.emptyTitle')}>{t('search.emptyBody')}</Empty>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-muted" aria-live="polite">
              {t('search.count', { count: players.length })}
            </p>
            <div className="hidden md:block">
              <Table
                caption={t('tableOf', { what: t('search.results') })}
                columns={columns}
                rows={players}
                rowKey={(p) => p.user_id}
              />
            </div>
            <ul className="space-y-3 md:hidden">
              {players.map((p) => (
                <li key={p.user_id} className="rounded-lg border border-line bg-surface p-4">
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      to={`/players/${p.user_id}`}
                      className="min-h-11 font-semibold text-brand underline-offset-2 hover:underline"
                    >
                      {p.phone}
                    </Link>
                    <StatusBadgeOf status={p.status} />
                  </div>
                  <p className="text-sm">{p.full_name ?? t('search.noName')}</p>
                  <p className="text-xs text-muted">
                    {t('search.joined')}: {format.time(p.created_at)}
                  </p>
                </li>
              ))}
            </ul>
            {search.hasNextPage ? (
              <Button
                variant="secondary"
                onClick={() => search.fetchNextPage()}
                disabled={search.isFetchingNextPage}
                aria-busy={search.isFetchingNextPage || undefined}
              >
                {search.isFetchingNextPage ? t('search.loadingMore') : t('search.loadMore')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}
