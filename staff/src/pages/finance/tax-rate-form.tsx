/**
 * "Schedule a change" of a tax rate (decision 040): the tax, the rate in per cent (0–100, up to two
 * decimals, sent as whole basis points), the East Africa Time date and time it takes effect (the
 * API wants it at least a minute ahead) and why. The API's refusals are said in plain words.
 */
import type { TaxRate } from '@mchezo/contracts/payments';
import { Button } from '@mchezo/ui/button';
import { TextField } from '@mchezo/ui/fields';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../api/client.ts';
import { useScheduleTaxRate } from '../../api/finance.ts';
import { FormCard } from '../../components/form-card.tsx';
import { eatDay, formatDateTime } from '../../components/format.ts';
import { ReasonField, reasonLongEnough } from '../../components/reason-dialog.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { FormError, useErrorText } from '../../components/states.tsx';
import { eatInstant, parsePercentToBp, percentOf } from './rates.ts';

export const TAX_KINDS: readonly TaxRate['kind'][] = ['excise', 'withholding'];
/** The API's longest note. */
export const NOTE_MAX = 500;

/** Plain words for the API's refusals of a schedule or a cancel (by code); null: its own words. */
export function useRateErrors() {
  const { t } = useTranslation('finance');
  return (error: unknown): string | null => {
    const code = errorCode(error);
    if (code === 'NOT_IN_FUTURE') return t('rates.errors.notInFuture');
    if (code === 'ALREADY_SCHEDULED') return t('rates.errors.alreadyScheduled');
    if (code === 'NOT_SCHEDULED') return t('rates.errors.notScheduled');
    if (code === 'ALREADY_CANCELLED') return t('rates.errors.alreadyCancelled');
    return null;
  };
}

/** `onDone` gets the sentence saying what was scheduled (the page's status line reads it out). */
export function TaxRateForm({ onDone }: { onDone(message: string): void }) {
  const { t } = useTranslation('finance');
  const errorText = useErrorText();
  const describe = useRateErrors();
  const id = useId();
  const schedule = useScheduleTaxRate();
  const [kind, setKind] = useState<TaxRate['kind']>('excise');
  const [rate, setRate] = useState('');
  const [date, setDate] = useState(() => eatDay(1));
  const [time, setTime] = useState('00:00');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const rateBp = parsePercentToBp(rate);
  const rateError = tried && rateBp === null ? t('rates.form.rateInvalid') : '';
  const whenError = tried && (!date || !time) ? t('rates.form.whenInvalid') : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setProblem(null);
    if (rateBp === null || !date || !time || !reasonLongEnough(note)) return;
    try {
      const scheduled = await schedule.mutateAsync({
        kind,
        rate_bp: rateBp,
        effective_from: eatInstant(date, time),
        note: note.trim(),
      });
      onDone(
        t('rates.form.done', {
          kind: t(`rates.inText.${scheduled.kind}`),
          rate: percentOf(scheduled.rate_bp),
          when: formatDateTime(scheduled.effective_from),
        }),
      );
      setRate('');
      setNote('');
      setTried(false);
    } catch (err) {
      setProblem(describe(err) ?? errorText(err));
    }
  };

  return (
    <FormCard title={t('rates.form.title')} description={t('rates.form.description')} onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('tax.kind')}
          value={kind}
          onChange={(v) => setKind(v as TaxRate['kind'])}
          options={TAX_KINDS.map((k) => [k, t(`tax.kinds.${k}`)] as const)}
        />
        <TextField
          label={t('rates.form.rate')}
          hint={t('rates.form.rateHint')}
          error={rateError}
          value={rate}
          onChange={setRate}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <TextField
          label={t('rates.form.date')}
          type="date"
          value={date}
          onChange={setDate}
          min={eatDay(0)}
          required
          error={whenError}
        />
        <TextField
          label={t('rates.form.time')}
          hint={t('rates.form.timeHint')}
          type="time"
          value={time}
          onChange={setTime}
          required
        />
      </div>
      <ReasonField
        id={`${id}-note`}
        label={t('rates.form.note')}
        value={note}
        onChange={setNote}
        maxLength={NOTE_MAX}
        checked
        invalid={tried && !reasonLongEnough(note)}
      />
      <FormError>{problem}</FormError>
      <Button type="submit" disabled={schedule.isPending} aria-busy={schedule.isPending || undefined}>
        {schedule.isPending ? t('rates.form.busy') : t('rates.form.submit')}
      </Button>
    </FormCard>
  );
}
