import { refusalMessage } from '@mchezo/api-client/errors';
import { fromCents, parseAmountCents, toCents } from '@mchezo/contracts/money';
import type { DepositRequest } from '@mchezo/contracts/wallet';
import { DEPOSIT_MAX, DEPOSIT_PRESETS } from '@mchezo/contracts/wallet-constants';
import { useAuth, useHost } from '@mchezo/host/context';
import { walletCurrency, walletTotal } from '@mchezo/host/queries/wallet-balance';
import { useQueryClient } from '@mchezo/host/query';
import { Link } from '@mchezo/host/router';
import { currencySymbol, formatAmount } from '@mchezo/i18n/money';
import { Alert } from '@mchezo/ui/alert';
import { Button } from '@mchezo/ui/button';
import { AmountField } from '@mchezo/ui/fields';
import { Spinner } from '@mchezo/ui/spinner';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useBalance } from '../api/balance.ts';
import { useDeposit } from '../api/deposit.ts';
import { recheckIdentity } from '../api/identity.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { IdentityGate } from '../components/identity-gate.tsx';
import { MobileMoneyPhoneField } from '../components/mobile-money-phone-field.tsx';
import { PaybillDetails } from '../components/paybill-details.tsx';
import { type FollowedRequest, RequestStatus } from '../components/request-status.tsx';
import { Tabs } from '../components/tabs.tsx';
import { TaxPreview } from '../components/tax-preview.tsx';
import { useWalletTranslation } from '../i18n/namespace.ts';
import { amountProblem } from '../lib/amount-check.ts';
import { amountProblemText } from '../lib/amount-problem-text.ts';
import { formatWhole } from '../lib/format-money.ts';
import { useSubmissionKey } from '../lib/idempotency.ts';
import { saferRefusal } from '../lib/safer-refusal.ts';
import { DEPOSIT_FAILED_NOTICE_DELAY_MS } from '../screen-constants.ts';
import '../styles.css';

type Method = 'online' | 'paybill';

const DEPOSIT_LIMITS = { max: DEPOSIT_MAX };

function OnlineDeposit({ currency }: { currency: string }) {
  const { t, locale } = useWalletTranslation();
  const host = useHost();
  const registered = useAuth().user?.phone.trim() ?? '';
  const [amount, setAmount] = useState('');
  const [followed, setFollowed] = useState<FollowedRequest | null>(null);
  // A refusal by the player's own limits or break stays on screen (the toast goes away).
  const [saferStop, setSaferStop] = useState<string | null>(null);
  const deposit = useDeposit();
  const queryClient = useQueryClient();
  const keys = useSubmissionKey();
  // A second tap lands before React re-renders the disabled button: this guard does not wait.
  const inFlight = useRef(false);
  const presetsId = useId();

  const problem = amountProblem(amount, DEPOSIT_LIMITS);
  const problemText = amountProblemText(t, locale, 'deposit', problem, currency, DEPOSIT_LIMITS);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const cents = parseAmountCents(amount);
    if (cents === null && amount.trim() === '') {
      host.toast.error(t('deposit.amountRequiredTitle'), t('deposit.amountRequired'));
      return;
    }
    if (cents === null || problem) return; // the field says what is wrong
    // The prompt goes to the player's own phone (docs/product-rules.md#deposit); the server uses
    // it when the number is not known here.
    const body: DepositRequest = {
      amount: fromCents(cents),
      currency: currency as DepositRequest['currency'],
      ...(registered ? { phone_number: registered } : {}),
    };
    inFlight.current = true;
    setSaferStop(null);
    deposit.mutate(
      { body, idempotencyKey: keys.keyFor(`${cents}|${currency}|${registered}`) },
      {
        onSuccess: (res) => {
          keys.done();
          setAmount('');
          // "Being processed" only for a request the provider took: a refusal is failed already
          // (the card says so now; the notice follows below).
          if (res.status !== 'failed') {
            host.toast.success(
              t('deposit.successTitle'),
              t('deposit.success', {
                currency,
                amount: formatAmount(body.amount, locale),
                id: res.transaction_id,
              }),
            );
          }
          setFollowed({
            id: res.transaction_id,
            type: 'deposit',
            amount: body.amount,
            currency,
            status: res.status,
          });
          if (res.status === 'failed') {
            // An immediate refusal is announced after 2 s (docs/product-rules.md#deposit; the toast
            // is the host's: it outlives the page).
            setTimeout(
              () => host.toast.error(t('deposit.failedTitle'), t('deposit.failedNotice')),
              DEPOSIT_FAILED_NOTICE_DELAY_MS,
            );
          }
        },
        onError: (error) => {
          keys.done(error);
          recheckIdentity(queryClient, error);
          const safer = saferRefusal(error, t, locale);
          setSaferStop(safer);
          const refusal = safer ?? refusalMessage(error);
          if (!refusal) host.reportError(error, { action: 'deposit' });
          host.toast.error(t('deposit.failedTitle'), refusal ?? t('deposit.failed'));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const busy = deposit.isPending;
  return (
    <div className="space-y-4 pt-4">
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        <fieldset className="space-y-2">
          <legend id={presetsId} className="mb-2 text-sm font-semibold">
            {t('deposit.presets')}
          </legend>
          <div className="grid grid-cols-3 gap-2">
            {DEPOSIT_PRESETS.map((preset) => {
              const selected = parseAmountCents(amount) === toCents(preset);
              return (
                <button
                  key={preset}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => setAmount(String(preset))}
                  className={`min-h-11 rounded-lg border px-1 text-sm font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-brand ${
                    selected ? 'border-brand bg-brand/15 text-brand' : 'border-line bg-surface text-text'
                  }`}
                >
                  {formatWhole(preset, currency, locale)}
                </button>
              );
            })}
          </div>
        </fieldset>
        <AmountField
          label={t('deposit.amount')}
          symbol={currencySymbol(currency)}
          value={amount}
          onChange={setAmount}
          placeholder={t('deposit.amountPlaceholder')}
          error={problemText}
        />
        <TaxPreview type="deposit" cents={problem ? null : parseAmountCents(amount)} />
        <MobileMoneyPhoneField registered={registered} />
        <p className="text-xs text-muted">{t('deposit.promptHint')}</p>
        <Button type="submit" disabled={busy} aria-disabled={busy} className="w-full">
          {busy ? t('common.processing') : t('deposit.submit')}
        </Button>
      </form>
      {saferStop ? (
        <Alert tone="destructive" title={t('safer.title')}>
          <p>{saferStop}</p>
          <Link
            to="/safer-gambling"
            className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand underline"
          >
            {t('safer.settings')}
          </Link>
        </Alert>
      ) : null}
      {followed ? <RequestStatus key={followed.id} request={followed} /> : null}
    </div>
  );
}

/**
 * `/deposit` (docs/product-rules.md#deposit): current balance, then online (mobile money) or
 * Paybill.
 */
export default function DepositPage() {
  const { t, ready } = useWalletTranslation();
  const balance = useBalance();
  const [method, setMethod] = useState<Method>('online');
  if (!ready) return <Spinner label="…" />;

  const balances = balance.data?.balances;
  const currency = walletCurrency(balances);
  return (
    <div className="space-y-4 px-3 py-4">
      <h1 className="text-xl font-extrabold">{t('deposit.title')}</h1>
      <BalanceCard
        label={t('deposit.balance')}
        pot={balances ? walletTotal(balances) : undefined}
        isPending={balance.isPending}
        isError={balance.isError}
        onRetry={() => void balance.refetch()}
      />
      <IdentityGate action="deposit">
        <Tabs
          label={t('deposit.methods')}
          items={[
            { id: 'online', label: t('deposit.online') },
            { id: 'paybill', label: t('deposit.paybill') },
          ]}
          value={method}
          onChange={setMethod}
        >
          {/* Both stay mounted: a typed amount and a followed deposit survive a look at Paybill. */}
          <div hidden={method !== 'online'}>
            <OnlineDeposit currency={currency} />
          </div>
          <div hidden={method !== 'paybill'}>
            <PaybillDetails shown={method === 'paybill'} />
          </div>
        </Tabs>
      </IdentityGate>
    </div>
  );
}
