import { refusalMessage } from '@mchezo/api-client/errors';
import { fromCents, parseAmountCents } from '@mchezo/contracts/money';
import type { WithdrawRequest } from '@mchezo/contracts/wallet';
import { WITHDRAWAL_MAX, WITHDRAWAL_MIN } from '@mchezo/contracts/wallet-constants';
import { useAuth, useHost } from '@mchezo/host/context';
import { walletCurrency } from '@mchezo/host/queries/wallet-balance';
import { useQueryClient } from '@mchezo/host/query';
import { currencySymbol, formatAmount } from '@mchezo/i18n/money';
import { Button } from '@mchezo/ui/button';
import { AmountField } from '@mchezo/ui/fields';
import { Spinner } from '@mchezo/ui/spinner';
import { type FormEvent, useId, useRef, useState } from 'react';
import { potOf, useBalance } from '../api/balance.ts';
import { recheckIdentity } from '../api/identity.ts';
import { useWithdraw } from '../api/withdraw.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { IdentityGate } from '../components/identity-gate.tsx';
import { MobileMoneyPhoneField } from '../components/mobile-money-phone-field.tsx';
import { type FollowedRequest, RequestStatus } from '../components/request-status.tsx';
import { TaxPreview } from '../components/tax-preview.tsx';
import { useWalletTranslation } from '../i18n/namespace.ts';
import { amountProblem } from '../lib/amount-check.ts';
import { amountProblemText } from '../lib/amount-problem-text.ts';
import { formatWhole } from '../lib/format-money.ts';
import { useSubmissionKey } from '../lib/idempotency.ts';
import '../styles.css';

/**
 * `/withdraw` (docs/product-rules.md#withdraw): the withdrawable balance (the `withdrawal` pot),
 * amount, phone, and the info list. The maximum is the server's to enforce; its refusal is shown as
 * worded.
 */
export default function WithdrawPage() {
  const { t, ready, locale } = useWalletTranslation();
  const host = useHost();
  const registered = useAuth().user?.phone.trim() ?? '';
  const balance = useBalance();
  const withdraw = useWithdraw();
  const queryClient = useQueryClient();
  const keys = useSubmissionKey();
  const [amount, setAmount] = useState('');
  const [followed, setFollowed] = useState<FollowedRequest | null>(null);
  const inFlight = useRef(false);
  const infoId = useId();
  if (!ready) return <Spinner label="…" />;

  const balances = balance.data?.balances;
  const currency = walletCurrency(balances);
  const pot = balances ? potOf(balances, 'withdrawal') : undefined;
  // A balance that cannot be read counts as 0 (docs/product-rules.md#withdraw); while it loads it
  // is not known yet.
  const availableCents = pot ? pot.cents : balance.isError ? 0 : null;
  const cents = parseAmountCents(amount);
  const limits = { min: WITHDRAWAL_MIN, max: WITHDRAWAL_MAX, availableCents };
  const rule = amountProblem(amount, limits);
  const ruleText = amountProblemText(t, locale, 'withdraw', rule, currency, limits);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    if (amount.trim() === '') {
      host.toast.error(t('withdraw.amountRequiredTitle'), t('withdraw.amountRequired'));
      return;
    }
    if (rule === 'min') {
      host.toast.error(t('withdraw.minTitle'), ruleText);
      return;
    }
    if (rule === 'balance') {
      host.toast.error(t('withdraw.insufficientTitle'), t('withdraw.insufficient'));
      return;
    }
    if (rule !== null || cents === null) return; // the field says what is wrong
    // Paid to the player's own phone; the server uses it when the number is not known here.
    const body: WithdrawRequest = {
      amount: fromCents(cents),
      currency: currency as WithdrawRequest['currency'],
      ...(registered ? { phone_number: registered } : {}),
    };
    inFlight.current = true;
    withdraw.mutate(
      { body, idempotencyKey: keys.keyFor(`${cents}|${currency}|${registered}`) },
      {
        onSuccess: (res) => {
          keys.done();
          setAmount('');
          setFollowed({
            id: res.transaction_id,
            type: 'withdrawal',
            amount: body.amount,
            currency,
            status: res.status,
          });
          if (res.status === 'pending' || res.status === 'completed') {
            host.toast.success(
              t('withdraw.successTitle'),
              t('withdraw.success', {
                currency,
                amount: formatAmount(body.amount, locale),
                id: res.transaction_id,
              }),
            );
          } else {
            // The provider refused the payout at once: the reserved amount is already back.
            host.toast.error(t('settled.withdrawal.failedTitle'), t('settled.withdrawal.failed'));
          }
        },
        onError: (error) => {
          keys.done(error);
          recheckIdentity(queryClient, error);
          const refusal = refusalMessage(error);
          if (!refusal) host.reportError(error, { action: 'withdraw' });
          host.toast.error(t('withdraw.failedTitle'), refusal ?? t('withdraw.failed'));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const busy = withdraw.isPending;
  return (
    <div className="space-y-4 px-3 py-4">
      <h1 className="text-xl font-extrabold">{t('withdraw.title')}</h1>
      <BalanceCard
        label={t('withdraw.balance')}
        pot={pot}
        isPending={balance.isPending}
        isError={balance.isError}
        onRetry={() => void balance.refetch()}
      />
      <p className="text-xs text-muted">{t('withdraw.balanceNote')}</p>
      <IdentityGate action="withdraw">
        <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
          <AmountField
            label={t('withdraw.amount')}
            symbol={currencySymbol(currency)}
            value={amount}
            onChange={setAmount}
            placeholder={t('withdraw.amountPlaceholder')}
            error={ruleText}
          />
          <TaxPreview type="withdrawal" cents={rule === null ? cents : null} />
          <MobileMoneyPhoneField registered={registered} />
          <Button type="submit" disabled={busy || rule !== null} className="w-full">
            {busy ? t('common.processing') : t('withdraw.submit')}
          </Button>
        </form>
      </IdentityGate>
      {followed ? <RequestStatus key={followed.id} request={followed} /> : null}
      <section aria-labelledby={infoId} className="rounded-xl border border-line bg-surface p-4">
        <h2 id={infoId} className="mb-2 text-sm font-bold">
          {t('withdraw.info.title')}
        </h2>
        <dl className="space-y-1.5 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('withdraw.info.min')}</dt>
            <dd className="font-semibold tabular-nums">{formatWhole(WITHDRAWAL_MIN, currency, locale)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('withdraw.info.max')}</dt>
            <dd className="font-semibold tabular-nums">{formatWhole(WITHDRAWAL_MAX, currency, locale)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('withdraw.info.time')}</dt>
            <dd className="font-semibold">{t('withdraw.info.instant')}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
