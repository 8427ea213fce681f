import type { TransactionStatus, TransactionType } from '@mchezo/contracts/wallet';
import { useHost } from '@mchezo/host/context';
import { WALLET_BALANCE_KEY } from '@mchezo/host/queries/wallet-balance';
import { useQueryClient } from '@mchezo/host/query';
import { Link } from '@mchezo/host/router';
import { formatMoney } from '@mchezo/i18n/money';
import { useEffect, useRef } from 'react';
import { useTransaction } from '../api/transaction.ts';
import { TRANSACTIONS_KEY } from '../api/transactions.ts';
import { useWalletTranslation } from '../i18n/namespace.ts';
import { TransactionStatusBadge } from './transaction-status-badge.tsx';

export interface FollowedRequest {
  id: string;
  type: TransactionType;
  amount: number;
  currency: string;
  /** The status the request answered with. */
  status: TransactionStatus;
}

/**
 * The player's last request on this page, followed until it settles
 * (docs/product-rules.md#pending-requests): the status updates in place, the balance and lists
 * refresh, and a toast says how it ended.
 */
export function RequestStatus({ request }: { request: FollowedRequest }) {
  const { t, locale } = useWalletTranslation();
  const host = useHost();
  const queryClient = useQueryClient();
  const followed = useTransaction(request.id, request.status === 'pending');
  const tx = followed.data;
  const status = tx?.status ?? request.status;
  const previous = useRef(request.status);
  const section = useRef<HTMLElement>(null);

  // Below the form on a phone: bring the new request into view once.
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  const amount = formatMoney(request.amount, request.currency, locale);
  // What reached the wallet or the phone: the gross less a deducted tax, once the transaction says.
  const arrived = formatMoney(tx?.net_amount ?? request.amount, request.currency, locale);

  useEffect(() => {
    if (previous.current !== 'pending' || status === 'pending') return;
    previous.current = status;
    void queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY });
    void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    if (status === 'completed')
      host.toast.success(
        t(`settled.${request.type}.completedTitle`),
        t(`settled.${request.type}.completed`, { amount: arrived }),
      );
    else host.toast.error(t(`settled.${request.type}.failedTitle`), t(`settled.${request.type}.failed`));
  }, [status, request.type, arrived, host, queryClient, t]);

  const reason = tx?.failure_reason;
  return (
    <section
      ref={section}
      aria-label={t('request.label')}
      className={`space-y-2 rounded-xl border border-line bg-surface p-4 ${status === 'pending' ? 'opacity-90' : ''}`}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold">{t(`request.${request.type}`, { amount })}</p>
        <TransactionStatusBadge status={status} />
      </div>
      <p role="status" aria-live="polite" className="text-sm text-muted">
        {status === 'pending' ? (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3 animate-spin rounded-full border-2 border-line border-t-brand"
            />
            {t(`request.pending.${request.type}`)}
          </span>
        ) : status === 'completed' ? (
          t(`request.completed.${request.type}`)
        ) : (
          t(`request.failed.${request.type}`) + (reason ? ` (${reason})` : '')
        )}
      </p>
      <p className="break-all text-xs text-muted">{t('request.id', { id: request.id })}</p>
      <Link
        to="/transactions"
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline"
      >
        {t('request.history')}
      </Link>
    </section>
  );
}
