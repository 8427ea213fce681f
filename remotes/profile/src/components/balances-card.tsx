import type { Balance } from '@mchezo/contracts/wallet';
import { BALANCE_TYPES } from '@mchezo/contracts/wallet-constants';
import { useFeature, useHost } from '@mchezo/host/context';
import { Link } from '@mchezo/host/router';
import { formatMoney } from '@mchezo/i18n/money';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useBalances } from '../api/balance.ts';
import { useProfileTranslation } from '../i18n/namespace.ts';

/** The wallet's pots (main first) with a link to the transactions. */
export function BalancesCard() {
  const { t, locale } = useProfileTranslation();
  const host = useHost();
  const walletOn = useFeature('wallet_enabled');
  const balances = useBalances({ enabled: walletOn });
  const headingId = useId();

  // A failed balance fetch is logged and treated as 0 (docs/product-rules.md#profile). Once per
  // failure, not per render.
  const { isError, error, errorUpdatedAt } = balances;
  const reported = useRef(0);
  useEffect(() => {
    if (!isError || reported.current === errorUpdatedAt) return;
    reported.current = errorUpdatedAt;
    host.reportError(error, { remote: 'profile', call: 'GET /wallet/balance' });
  }, [isError, error, errorUpdatedAt, host]);

  let body: ReactNode;
  if (!walletOn) {
    body = <p className="text-sm text-muted">{t('balances.unavailable')}</p>;
  } else if (balances.data || balances.isError) {
    const failed = !balances.data;
    const rows: Balance[] =
      balances.data ??
      BALANCE_TYPES.map((type) => ({
        balance_type: type,
        amount: 0,
        currency: host.config.default_currency,
      }));
    body = (
      <>
        {failed ? (
          <div
            role="status"
            className="flex flex-col gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm"
          >
            <p>{t('balances.failed')}</p>
            <Button
              variant="secondary"
              className="self-start"
              disabled={balances.isFetching}
              onClick={() => balances.refetch()}
            >
              {balances.isFetching ? t('balances.retrying') : t('balances.retry')}
            </Button>
          </div>
        ) : null}
        <ul className="divide-y divide-line">
          {rows.map((b) => (
            <li
              key={b.balance_type}
              className={`flex items-baseline justify-between gap-3 py-2.5 ${b.balance_type === 'main' ? 'text-base' : 'text-sm'}`}
            >
              <span className={b.balance_type === 'main' ? 'font-semibold' : 'text-muted'}>
                {t(`balances.types.${b.balance_type}`, { defaultValue: b.balance_type })}
              </span>
              <span
                className={`font-semibold tabular-nums ${b.balance_type === 'main' ? 'text-lg text-text' : ''} ${failed ? 'text-muted' : ''}`}
              >
                {formatMoney(b.amount, b.currency, locale)}
              </span>
            </li>
          ))}
        </ul>
        <Link
          to="/transactions"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          {t('balances.transactions')}
          <span aria-hidden="true">→</span>
        </Link>
      </>
    );
  } else {
    body = <Spinner label={t('balances.loading')} />;
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-xl border border-line bg-surface p-4">
      <h2 id={headingId} className="text-base font-bold">
        {t('balances.title')}
      </h2>
      {body}
    </section>
  );
}
