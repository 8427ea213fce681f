/**
 * The form fields of the kit: one frame (label tied to the control, an optional hint, an optional
 * message under it) and the fields built on it: text, phone and amount. The control gets its id,
 * `aria-describedby` (hint and message) and `aria-invalid` from the frame, so every field is
 * announced the same way. One module, because a page with a form uses several of them: a
 * remote fetches them in one file. The one-time code field is `code-field.tsx` (it brings its
 * library, and only the code steps need it).
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';

/** The look of an input or select; the width is the caller's. */
export function inputClass(invalid = false): string {
  return `min-h-11 rounded-lg border bg-surface-2 px-3 text-base text-text placeholder:text-muted read-only:text-muted focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50 ${
    invalid ? 'border-danger' : 'border-line'
  }`;
}

export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldFrameProps {
  label: string;
  /** Kept for screen readers only, where the control speaks for itself (the code slots). */
  labelHidden?: boolean;
  hint?: ReactNode;
  /**
   * What is wrong with the value. When given (even empty) the line under the field is a polite
   * live region that keeps its height, so a message appearing neither jumps the layout nor goes
   * unannounced; a non-empty one marks the control invalid.
   */
  error?: ReactNode;
}

export function Field({
  label,
  labelHidden = false,
  hint,
  error,
  children,
}: FieldFrameProps & { children(control: ControlProps): ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error !== undefined ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'block text-sm font-semibold'}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} aria-live="polite" className="min-h-4 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A field's props in two: the frame's (for `Field`) and the rest (for its control). */
function splitFrame<P extends FieldFrameProps>({ label, labelHidden, hint, error, ...control }: P) {
  return [{ label, labelHidden, hint, error }, control] as const;
}

export interface TextFieldProps
  extends FieldFrameProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  value: string;
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input (name, password…): the input's own attributes pass through. */
export function TextField({ value, onChange, className = '', ...props }: TextFieldProps) {
  const [frame, input] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <input
          {...input}
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass(Boolean(frame.error))} w-full ${className}`}
        />
      )}
    </Field>
  );
}

/** What a phone field keeps of a keystroke or a paste: digits, spaces and plus. */
export const keepPhoneChars = (value: string): string => value.replace(/[^\d\s+]/g, '');

export interface CountryCodeSelect {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}

export interface PhoneFieldProps
  extends FieldFrameProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'> {
  value: string;
  onChange(value: string): void;
  /** A country-code select before the number, where the number is typed without its code. */
  country?: CountryCodeSelect;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled phone input that keeps only digits, spaces and plus, with an optional country code. */
export function PhoneField({ value, onChange, country, autoComplete = 'tel', ...props }: PhoneFieldProps) {
  const [frame, input] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => {
        const phone = (
          <input
            {...input}
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => onChange(keepPhoneChars(e.target.value))}
            className={`${inputClass(Boolean(frame.error))} ${country ? 'min-w-0 flex-1' : 'w-full'}`}
          />
        );
        if (!country) return phone;
        return (
          <div className="flex gap-2">
            <select
              aria-label={country.label}
              value={country.value}
              disabled={input.disabled}
              onChange={(e) => country.onChange(e.target.value)}
              className={`${inputClass()} shrink-0 pr-1`}
            >
              {country.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {phone}
          </div>
        );
      }}
    </Field>
  );
}

/**
 * What an amount field takes while typing: a sign, digits and separators, a few of them. Anything
 * else (letters) is refused; a typed amount that is still wrong ("-5", "1,000,000") stays as typed
 * and the page says what is wrong with it, instead of quietly changing it.
 */
const AMOUNT_INPUT = /^-?[\d.,]{0,12}$/;

/** The field's next value, or null to refuse the keystroke. */
export function acceptAmountInput(next: string): string | null {
  const trimmed = next.trim();
  return AMOUNT_INPUT.test(trimmed) ? trimmed : null;
}

export interface AmountFieldProps extends FieldFrameProps {
  value: string;
  onChange(value: string): void;
  /** The currency symbol shown before the amount (`currencySymbol` of `@mchezo/i18n/money`). */
  symbol: string;
  placeholder?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An amount with its currency symbol: digits with at most two decimals; keystrokes that would
 * not be an amount are refused. Reading it is `parseAmountCents` of `@mchezo/contracts/money`.
 */
export function AmountField({
  value,
  onChange,
  symbol,
  placeholder,
  disabled,
  ref,
  ...frame
}: AmountFieldProps) {
  return (
    <Field {...frame}>
      {(control) => (
        <div
          className={`flex min-h-11 items-center rounded-lg border bg-surface-2 focus-within:outline-2 focus-within:outline-brand has-[:disabled]:opacity-50 ${
            frame.error ? 'border-danger' : 'border-line'
          }`}
        >
          <span aria-hidden="true" className="pl-3 text-sm font-semibold text-muted">
            {symbol}
          </span>
          <input
            {...control}
            ref={ref}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            placeholder={placeholder}
            disabled={disabled}
            onChange={(e) => {
              const next = acceptAmountInput(e.target.value);
              if (next !== null) onChange(next);
            }}
            className="min-h-11 w-full min-w-0 bg-transparent px-2 text-base text-text tabular-nums outline-none placeholder:text-muted"
          />
        </div>
      )}
    </Field>
  );
}

export interface SelectFieldProps extends FieldFrameProps {
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select (a document type…), framed like the other fields. */
export function SelectField({ value, onChange, options, disabled, ref, ...frame }: SelectFieldProps) {
  return (
    <Field {...frame}>
      {(control) => (
        <select
          {...control}
          ref={ref}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass(Boolean(frame.error))} w-full`}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
