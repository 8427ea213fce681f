import { fromCents } from '@mchezo/contracts/money';
import { formatMoney } from '@mchezo/i18n/money';
import type { Pot } from '../api/balance.ts';
import { useWalletTranslation } from '../i18n/namespace.ts';

/**
 * A balance at the top of a wallet page. While it loads the figure is a placeholder; when it cannot
 * be read the page treats it as 0 and says so, with a retry (docs/product-rules.md#withdraw).
 */
export function BalanceCard({
  label,
  pot,
  isPending,
  isError,
  onRetry,
}: {
  label: string;
  pot: Pot | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t, locale } = useWalletTranslation();
  return (
    <section
      aria-label={label}
      className="rounded-xl border border-line bg-surface p-4"
      aria-busy={isPending}
    >
      <p className="text-sm text-muted">{label}</p>
      {isPending ? (
        <p className="mt-1 h-8 w-36 animate-pulse rounded bg-surface-2">
          <span className="sr-only">{t('balance.loading')}</span>
        </p>
      ) : isError || !pot ? (
        <div role="alert" className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
          <span className="text-danger">{t('balance.error')}</span>
          <button
            type="button"
            onClick={onRetry}
            className="min-h-11 font-semibold text-brand underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            {t('balance.retry')}
          </button>
        </div>
      ) : (
        <p className="mt-1 text-2xl font-extrabold tabular-nums">
          {formatMoney(fromCents(pot.cents), pot.currency, locale)}
        </p>
      )}
    </section>
  );
}
