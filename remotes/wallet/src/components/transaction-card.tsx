import type { Transaction } from '@mchezo/contracts/wallet';
import { dateTimeFormat } from '@mchezo/i18n/intl';
import { useWalletTranslation } from '../i18n/namespace.ts';
import { formatMoneyInText, formatSigned } from '../lib/format-money.ts';
import { TransactionStatusBadge } from './transaction-status-badge.tsx';

/** Faded while pending; struck through when no money moved in the end. */
const AMOUNT_STATE: Partial<Record<Transaction['status'], string>> = {
  pending: 'opacity-50',
  failed: 'line-through opacity-70',
  reversed: 'line-through opacity-70',
};

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * One transaction (docs/product-rules.md#transactions): type, date, status, signed amount (plus and
 * green for deposits, minus and red otherwise, faded while pending), the payment method and, when it
 * carries a tax, the tax and what reached the wallet or the phone (the amount stays the gross).
 */
const TAX_CARD_KEY = {
  withholding: 'tax.card.withholding',
  deduct: 'tax.card.excise',
  absorb: 'tax.card.exciseAbsorbed',
} as const;

export function TransactionCard({ tx }: { tx: Transaction }) {
  const { t, locale } = useWalletTranslation();
  const incoming = tx.type === 'deposit';
  return (
    <article className="flex items-start justify-between gap-3 rounded-xl border border-line bg-surface p-3">
      <div className="min-w-0 space-y-1">
        <h3 className="font-semibold">{t(`type.${tx.type}`, { defaultValue: tx.type })}</h3>
        <p className="text-xs text-muted">
          <time dateTime={tx.created_at}>{formatDate(tx.created_at, locale)}</time>
        </p>
        <p className="text-xs text-muted">
          {t(`method.${tx.payment_method}`, { defaultValue: tx.payment_method.replaceAll('_', ' ') })}
        </p>
        {tx.tax_amount > 0 ? (
          <p data-testid="tax" className="text-xs text-muted">
            {t(TAX_CARD_KEY[tx.type === 'withdrawal' ? 'withholding' : (tx.tax_mode ?? 'deduct')], {
              tax: formatMoneyInText(tx.tax_amount, tx.currency, locale),
              net: formatMoneyInText(tx.net_amount, tx.currency, locale),
            })}
          </p>
        ) : null}
      </div>
      <div className="shrink-0 space-y-1 text-right">
        <p
          data-testid="amount"
          className={`font-bold tabular-nums ${incoming ? 'text-success' : 'text-danger'} ${AMOUNT_STATE[tx.status] ?? ''}`}
        >
          {formatSigned(tx.amount, tx.currency, locale, incoming)}
        </p>
        <TransactionStatusBadge status={tx.status} />
      </div>
    </article>
  );
}
