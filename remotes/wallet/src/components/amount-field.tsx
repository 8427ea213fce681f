import { currencySymbol } from '@mchezo/i18n/money';
import { useId } from 'react';
import { acceptAmountInput } from '../lib/money.ts';

/** The amount: digits with at most two decimals; keystrokes that would not be an amount are refused. */
export function AmountField({
  label,
  currency,
  value,
  onChange,
  placeholder,
  describedBy,
  invalid = false,
}: {
  label: string;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div
        className={`flex min-h-11 items-center rounded-lg border bg-surface focus-within:outline-2 focus-within:outline-brand ${
          invalid ? 'border-danger' : 'border-line'
        }`}
      >
        <span aria-hidden="true" className="pl-3 text-sm font-semibold text-muted">
          {currencySymbol(currency)}
        </span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          onChange={(e) => {
            const next = acceptAmountInput(e.target.value);
            if (next !== null) onChange(next);
          }}
          className="min-h-11 w-full min-w-0 bg-transparent px-2 text-base text-text tabular-nums outline-none"
        />
      </div>
    </div>
  );
}
