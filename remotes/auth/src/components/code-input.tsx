import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import type { Ref } from 'react';
import { CODE_LENGTH } from '../constants.ts';

function Slot({ char, isActive, hasFakeCaret }: SlotProps) {
  return (
    <div
      className={`relative flex h-12 w-10 items-center justify-center rounded-lg border bg-surface-2 text-xl font-semibold transition-colors ${
        isActive ? 'border-brand' : 'border-line'
      }`}
    >
      {char}
      {hasFakeCaret ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
        >
          <span className="h-6 w-px animate-pulse bg-text" />
        </span>
      ) : null}
    </div>
  );
}

/**
 * The 6-slot one-time code entry (spec §2): one real input under six boxes, digits only, so
 * paste, SMS autofill (`one-time-code`) and password managers work as on any input.
 */
export function CodeInput({
  value,
  onChange,
  label,
  disabled,
  ref,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <OTPInput
      ref={ref}
      maxLength={CODE_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      autoComplete="one-time-code"
      aria-label={label}
      value={value}
      onChange={onChange}
      disabled={disabled}
      containerClassName="flex justify-center gap-2 has-[:disabled]:opacity-50"
      render={({ slots }) => slots.map((slot, i) => <Slot key={i} {...slot} />)}
    />
  );
}
