/**
 * A one-time code: one real input under a box per digit, digits only, so paste, SMS autofill
 * (`one-time-code`) and password managers work as on any input (input-otp draws the boxes).
 */
import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import type { Ref } from 'react';
import { Field, type FieldFrameProps } from './fields.tsx';

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

export interface CodeFieldProps extends FieldFrameProps {
  /** How many digits the code has. */
  length: number;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** The label is for screen readers by default: the boxes say what they are on screen. */
export function CodeField({
  labelHidden = true,
  length,
  value,
  onChange,
  disabled,
  ref,
  ...frame
}: CodeFieldProps) {
  return (
    <Field {...frame} labelHidden={labelHidden}>
      {(control) => (
        <OTPInput
          {...control}
          ref={ref}
          maxLength={length}
          pattern={REGEXP_ONLY_DIGITS}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          onChange={onChange}
          disabled={disabled}
          containerClassName="flex justify-center gap-2 has-[:disabled]:opacity-50"
          render={({ slots }) => slots.map((slot, i) => <Slot key={i} {...slot} />)}
        />
      )}
    </Field>
  );
}
