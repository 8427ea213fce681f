import { refusalMessage } from '@mchezo/api-client/errors';
import { fromCents, parseAmountCents, toCents } from '@mchezo/contracts/money';
import type { SaferGamblingResponse, StakeLimit } from '@mchezo/contracts/safer-gambling';
import { DEPOSIT_MAX } from '@mchezo/contracts/wallet-constants';
import { useHost } from '@mchezo/host/context';
import { kenyaDateTime } from '@mchezo/i18n/intl';
import { currencySymbol, formatMoney } from '@mchezo/i18n/money';
import { Button } from '@mchezo/ui/button';
import { AmountField } from '@mchezo/ui/fields';
import { StatusBadge } from '@mchezo/ui/status-badge';
import { type FormEvent, useState } from 'react';
import { type LimitKind, type LimitsChange, useSetLimits } from '../../api/safer-gambling.ts';
import { useProfileTranslation } from '../../i18n/namespace.ts';
import { SaferSection } from './section.tsx';

/** One field of a form: its key in the request (a period, or `bet`) and the limit as it stands. */
interface LimitRow {
  key: string;
  limit: StakeLimit;
}

/**
 * Each kind of limit: its strings (`safer.<strings>.title`, `.intro`, `.save`, `.saved` and one
 * label per key; the rest are the deposit limits' `safer.limits.*`) and its rows in the state.
 */
const KINDS: Record<LimitKind, { strings: string; rows(state: SaferGamblingResponse): LimitRow[] }> = {
  deposit: { strings: 'limits', rows: (s) => s.deposit_limits.map((l) => ({ key: l.period, limit: l })) },
  loss: { strings: 'lossLimits', rows: (s) => s.loss_limits.map((l) => ({ key: l.period, limit: l })) },
  stake: { strings: 'stakeLimit', rows: (s) => [{ key: 'bet', limit: s.stake_limit }] },
};

type Drafts = Record<string, string>;
const draftsOf = (rows: readonly LimitRow[]): Drafts =>
  Object.fromEntries(rows.map(({ key, limit }) => [key, limit.amount == null ? '' : String(limit.amount)]));

/**
 * Deposit limits (day, week, month), loss limits (the same periods) or the stake limit (per bet),
 * in KES: what is in force, a pending change and when it applies. The API enforces them.
 */
export function LimitsForm({ kind, state }: { kind: LimitKind; state: SaferGamblingResponse }) {
  const { t, locale } = useProfileTranslation();
  const host = useHost();
  const save = useSetLimits(kind);
  const { strings, rows: rowsOf } = KINDS[kind];
  const rows = rowsOf(state);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(rows));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const money = (amount: number) => formatMoney(amount, 'KES', locale);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: LimitsChange = {};
    const found: typeof errors = {};
    for (const { key, limit } of rows) {
      const text = (drafts[key] ?? '').trim();
      const current = limit.amount;
      if (text === '') {
        if (current !== null) body[key] = null;
        continue;
      }
      const cents = parseAmountCents(text);
      if (cents === null || cents > DEPOSIT_MAX * 100) {
        found[key] = t('safer.limits.invalid', { max: money(DEPOSIT_MAX) });
        continue;
      }
      if (current === null || toCents(current) !== cents) body[key] = fromCents(cents);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(body).length === 0) {
      host.toast.info(t('safer.limits.unchanged'));
      return;
    }
    save.mutate(body, {
      onSuccess: (next) => {
        setDrafts(draftsOf(rowsOf(next)));
        host.toast.success(t(`safer.${strings}.saved`));
      },
      onError: (error) => host.toast.error(t('safer.failed'), refusalMessage(error) ?? t('safer.tryAgain')),
    });
  };

  return (
    <SaferSection title={t(`safer.${strings}.title`)} intro={t(`safer.${strings}.intro`)}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={save.isPending}>
        {rows.map(({ key, limit }) => (
          <div key={key} className="space-y-1.5">
            <AmountField
              label={t(`safer.${strings}.${key}`)}
              symbol={currencySymbol('KES')}
              value={drafts[key] ?? ''}
              onChange={(v) => setDrafts((d) => ({ ...d, [key]: v }))}
              placeholder={t('safer.limits.none')}
              error={errors[key] ?? ''}
              hint={
                limit.amount != null
                  ? t('safer.limits.current', { amount: money(limit.amount) })
                  : t('safer.limits.noLimit')
              }
            />
            {limit.pending ? (
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
        ))}
        <p className="text-xs text-muted">{t('safer.limits.rule')}</p>
        <Button type="submit" className="w-full" disabled={save.isPending} aria-disabled={save.isPending}>
          {save.isPending ? t('safer.saving') : t(`safer.${strings}.save`)}
        </Button>
      </form>
    </SaferSection>
  );
}
