/**
 * Find a player by phone (any usual form) or Paybill account number and pick one: a search box
 * and the matches as radio buttons with their account number and balance.
 */
import type { FinancePlayer } from '@mchezo/contracts/staff-finance';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinancePlayers } from '../../api/finance.ts';
import { SearchField, useDebounced } from '../../components/search-field.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useMoney } from './money.ts';

export function PlayerFinder({
  selected,
  onSelect,
}: {
  selected: FinancePlayer | null;
  onSelect(player: FinancePlayer | null): void;
}) {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const found = useFinancePlayers(q);
  const players = found.data?.players ?? [];

  return (
    <div className="space-y-2">
      <SearchField
        id={`${id}-q`}
        label={t('finder.label')}
        hint={t('finder.hint')}
        value={text}
        onChange={(value) => {
          setText(value);
          onSelect(null);
        }}
      />
      {q.length < 3 ? null : found.isPending ? (
        <Loading label={t('finder.searching')} />
      ) : found.isError ? (
        <ErrorState error={found.error} onRetry={() => found.refetch()} />
      ) : players.length === 0 ? (
        <p role="status" className="text-sm text-muted">
          {t('finder.none')}
        </p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{t('finder.matches')}</legend>
          {players.map((p) => (
            <label
              key={p.user_id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand"
            >
              <input
                type="radio"
                name={`${id}-player`}
                checked={selected?.user_id === p.user_id}
                onChange={() => onSelect(p)}
                className="mt-1"
              />
              <span className="min-w-0 text-sm">
                <span className="block font-semibold">
                  {p.phone}
                  {p.full_name ? ` · ${p.full_name}` : ''}
                </span>
                <span className="block text-muted">
                  {t('finder.account', { account: p.account_number ?? t('finder.noAccount') })} ·{' '}
                  {t('finder.balance', { amount: money.cents(p.main_cents) })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
