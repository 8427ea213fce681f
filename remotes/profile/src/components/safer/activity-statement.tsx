import { STATEMENT_PERIODS, type StatementPeriod } from '@mchezo/contracts/safer-gambling-constants';
import { formatMoney } from '@mchezo/i18n/money';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { useState } from 'react';
import { useStatement } from '../../api/safer-gambling.ts';
import { useProfileTranslation } from '../../i18n/namespace.ts';
import { SaferSection } from './section.tsx';

const ROWS = ['deposits', 'withdrawals', 'stakes', 'wins', 'taxes'] as const;

/** Today, this week or this month: money in and out, play and taxes, and the net result. */
export function ActivityStatement() {
  const { t, locale } = useProfileTranslation();
  const [period, setPeriod] = useState<StatementPeriod>('day');
  const statement = useStatement(period);
  const money = (amount: number) => formatMoney(amount, statement.data?.currency ?? 'KES', locale);
  const data = statement.data;
  return (
    <SaferSection title={t('safer.statement.title')} intro={t('safer.statement.intro')}>
      <fieldset className="grid grid-cols-3 gap-1 rounded-xl bg-surface-2 p-1">
        <legend className="sr-only">{t('safer.statement.period')}</legend>
        {STATEMENT_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={period === p}
            onClick={() => setPeriod(p)}
            className={`min-h-11 rounded-lg text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand ${
              period === p ? 'bg-surface text-text shadow' : 'text-muted'
            }`}
          >
            {t(`safer.statement.periods.${p}`)}
          </button>
        ))}
      </fieldset>
      {statement.isPending ? (
        <Spinner label={t('safer.statement.loading')} />
      ) : statement.isError || !data ? (
        <div role="alert" className="space-y-2 text-sm">
          <p>{t('safer.statement.failed')}</p>
          <Button
            variant="secondary"
            onClick={() => void statement.refetch()}
            disabled={statement.isFetching}
          >
            {statement.isFetching ? t('safer.statement.loading') : t('safer.retry')}
          </Button>
        </div>
      ) : (
        <>
          {ROWS.every((r) => data[r] === 0) ? (
            <p className="text-sm text-muted">{t('safer.statement.empty')}</p>
          ) : null}
          <dl className="divide-y divide-line text-sm" aria-busy={statement.isFetching}>
            {ROWS.map((r) => (
              <div key={r} className="flex justify-between gap-3 py-2">
                <dt className="text-muted">{t(`safer.statement.${r}`)}</dt>
                <dd className="font-medium tabular-nums">{money(data[r])}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-3 py-2 font-bold">
              <dt>{t('safer.statement.net')}</dt>
              <dd className={`tabular-nums ${data.net_result < 0 ? 'text-danger' : ''}`}>
                {money(data.net_result)}
              </dd>
            </div>
          </dl>
        </>
      )}
    </SaferSection>
  );
}
