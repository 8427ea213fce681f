import type { TransactionType } from '@mchezo/contracts/wallet';
import { useTaxPreview } from '../api/tax-preview.ts';
import { useWalletTranslation } from '../i18n/namespace.ts';
import { formatMoneyInText } from '../lib/format-money.ts';

/**
 * What arrives, before the player confirms (docs/decisions/018-betting-taxes-in-the-ledger.md):
 * the gross, the tax and the net of a valid amount (`null`: none), at today's rates. A rate of 0
 * shows nothing; a preview that fails says so and leaves the form usable. A polite live region,
 * so a screen reader hears the sum once the typing pauses.
 */
export function TaxPreview({ type, cents }: { type: TransactionType; cents: number | null }) {
  const { t, locale } = useWalletTranslation();
  const preview = useTaxPreview(type, cents);
  let text = '';
  let tone = 'text-muted';
  if (cents !== null) {
    if (preview.settling || preview.isPending) text = t('tax.loading');
    else if (preview.isError) {
      text = t('tax.error');
      tone = 'text-warning';
    } else if (preview.data && preview.data.tax_rate_bp > 0) {
      const { amount, tax_amount, net_amount, currency, tax_mode } = preview.data;
      const values = {
        gross: formatMoneyInText(amount, currency, locale),
        tax: formatMoneyInText(tax_amount, currency, locale),
        net: formatMoneyInText(net_amount, currency, locale),
      };
      text =
        type === 'withdrawal'
          ? t('tax.withdrawal', values)
          : t(tax_mode === 'absorb' ? 'tax.depositAbsorbed' : 'tax.deposit', values);
      tone = 'text-text';
    }
  }
  return (
    <p role="status" aria-live="polite" data-testid="tax-preview" className={`text-sm empty:hidden ${tone}`}>
      {text}
    </p>
  );
}
