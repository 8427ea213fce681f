/**
 * Propose a manual adjustment: the player (by phone or account number), credit or debit, the
 * amount in KSh and why. Nothing moves until another finance person approves it.
 */
import type { FinancePlayer } from '@mchezo/contracts/staff-finance';
import { ADJUSTMENT_MAX_CENTS } from '@mchezo/contracts/staff-finance-constants';
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProposeAdjustment } from '../../api/finance.ts';
import { FormCard } from '../../components/form-card.tsx';
import { ReasonField, reasonLongEnough } from '../../components/reason-dialog.tsx';
import { FormError, useErrorText } from '../../components/states.tsx';
import { parseKesToCents, useMoney } from './money.ts';
import { PlayerFinder } from './player-finder.tsx';

export function ProposeForm() {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const errorText = useErrorText();
  const id = useId();
  const propose = useProposeAdjustment();
  const [player, setPlayer] = useState<FinancePlayer | null>(null);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The finder is reset after a proposal by giving it a new key.
  const [round, setRound] = useState(0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const cents = parseKesToCents(amount);
    if (!player) return setProblem(t('propose.pickPlayer'));
    if (cents === null || cents === 0 || cents > ADJUSTMENT_MAX_CENTS)
      return setProblem(t('propose.badAmount'));
    if (!reasonLongEnough(reason)) return setProblem(t('propose.reasonShort'));
    setProblem(null);
    const amount_cents = direction === 'credit' ? cents : -cents;
    try {
      await propose.mutateAsync({ player_id: player.user_id, amount_cents, reason: reason.trim() });
      setDone(t('propose.done', { amount: money.cents(amount_cents), phone: player.phone }));
      setPlayer(null);
      setAmount('');
      setReason('');
      setRound((r) => r + 1);
    } catch (err) {
      setProblem(errorText(err));
    }
  };

  return (
    <FormCard title={t('propose.title')} description={t('propose.description')} onSubmit={submit}>
      <PlayerFinder key={round} selected={player} onSelect={setPlayer} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t('propose.direction')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['credit', 'debit'] as const).map((d) => (
            <label key={d} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-dir`}
                checked={direction === d}
                onChange={() => setDirection(d)}
              />
              {t(`propose.${d}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-amount`} className="block text-sm font-semibold">
          {t('propose.amount')}
        </label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-describedby={`${id}-amount-hint`}
          className={`${inputClass()} w-full sm:w-48`}
        />
        <p id={`${id}-amount-hint`} className="text-xs text-muted">
          {t('propose.amountHint')}
        </p>
      </div>
      <ReasonField
        id={`${id}-reason`}
        label={t('propose.reason')}
        value={reason}
        onChange={setReason}
        maxLength={2000}
      />
      <FormError>{problem}</FormError>
      <p role="status" className="text-sm text-success">
        {done ?? ''}
      </p>
      <Button type="submit" disabled={propose.isPending} aria-busy={propose.isPending || undefined}>
        {propose.isPending ? t('propose.busy') : t('propose.submit')}
      </Button>
    </FormCard>
  );
}
