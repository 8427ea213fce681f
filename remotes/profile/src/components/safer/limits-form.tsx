import { refusalMessage } from '@mchezo/api-client/errors';
import { fromCents, parseAmountCents, toCents } from '@mchezo/contracts/money';
import type { DepositLimit, DepositLimitsRequest } from '@mchezo/contracts/safer-gambling';
import { DEPOSIT_LIMIT_PERIODS, type DepositLimitPeriod } from '@mchezo/contracts/safer-gambling-constants';
import { DEPOSIT_MAX } from '@mchezo/contracts/wallet-constants';
import { useHost } from '@mchezo/host/context';
import { kenyaDateTime } from '@mchezo/i18n/intl';
import { currencySymbol, formatMoney } from '@mchezo/i18n/money';
import { Button } from '@mchezo/ui/button';
import { AmountField } from '@mchezo/ui/fields';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { type FormEvent, useState } from 'react';
import { useSetDepositLimits } from '../../api/safer-gambling.ts';
import { useProfileTranslation } from '../../i18n/namespace.ts';
import { SaferSection } from './section.tsx';

type Drafts = Record<DepositLimitPeriod, string>;
const draftsOf = (limits: readonly DepositLimit[]): Drafts =>
  Object.fromEntries(
    DEPOSIT_LIMIT_PERIODS.map((p) => {
      const amount = limits.find((l) => l.period === p)?.amount;
      return [p, amount == null ? '' : String(amount)];
    }),
  ) as Drafts;

/** Day, week and month limits in KES: what is in force, a pending change and when it applies. */
export function DepositLimitsForm({ limits }: { limits: readonly DepositLimit[] }) {
  const { t, locale } = useProfileTranslation();
  const host = useHost();
  const save = useSetDepositLimits();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(limits));
  const [errors, setErrors] = useState<Partial<Record<DepositLimitPeriod, string>>>({});
  const money = (amount: number) => formatMoney(amount, 'KES', locale);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: DepositLimitsRequest = {};
    const found: typeof errors = {};
    for (const period of DEPOSIT_LIMIT_PERIODS) {
      const text = drafts[period].trim();
      const current = limits.find((l) => l.period === period)?.amount ?? null;
      if (text === '') {
        if (current !== null) body[period] = null;
        continue;
      }
      const cents = parseAmountCents(text);
      if (cents === null || cents > DEPOSIT_MAX * 100) {
        found[period] = t('safer.limits.invalid', { max: money(DEPOSIT_MAX) });
        continue;
      }
      if (current === null || toCents(current) !== cents) body[period] = fromCents(cents);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(body).length === 0) {
      host.toast.info(t('safer.limits.unchanged'));
      return;
    }
    save.mutate(body, {
      onSuccess: (state) => {
        setDrafts(draftsOf(state.deposit_limits));
        host.toast.success(t('safer.limits.saved'));
      },
      onError: (error) => host.toast.error(t('safer.failed'), refusalMessage(error) ?? t('safer.tryAgain')),
    });
  };

  return (
    <SaferSection title={t('safer.limits.title')} intro={t('safer.limits.intro')}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={save.isPending}>
        {DEPOSIT_LIMIT_PERIODS.map((period) => {
          const limit = limits.find((l) => l.period === period);
          return (
            <div key={period} className="space-y-1.5">
              <AmountField
                label={t(`safer.limits.${period}`)}
                symbol={currencySymbol('KES')}
                value={drafts[period]}
                onChange={(v) => setDrafts((d) => ({ ...d, [period]: v }))}
                placeholder={t('safer.limits.none')}
                error={errors[period] ?? ''}
                hint={
                  limit?.amount != null
                    ? t('safer.limits.current', { amount: money(limit.amount) })
                    : t('safer.limits.noLimit')
                }
              />
              {limit?.pending ? (
                <StatusBadge tone="warning">
                  {limit.pending.amount === null
                    ? t('safer.limits.pendingRemoval', {
                        date: kenyaDateTime(new Date(limit.pending.applies_at), locale),
                      })
                    : t('safer.limits.pending', {
                        amount: money(limit.pending.amount),
                        date: kenyaDateTime(new Date(limit.pending.applies_at), locale),
                      })}
                </StatusBadge>
              ) : null}
            </div>
          );
        })}
        <p className="text-xs text-muted">{t('safer.limits.rule')}</p>
        <Button type="submit" className="w-full" disabled={save.isPending} aria-disabled={save.isPending}>
          {save.isPending ? t('safer.saving') : t('safer.limits.save')}
        </Button>
      </form>
    </SaferSection>
  );
}
