import { type InputHTMLAttributes, type Ref, useId } from 'react';

/** The look of every field; the width is the caller's. */
export const INPUT_CLASS =
  'min-h-11 rounded-lg border border-line bg-surface-2 px-3 text-base text-text placeholder:text-muted focus:border-brand focus:outline-none disabled:opacity-50';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with an optional hint tied to it for screen readers. */
export function TextField({ label, value, onChange, hint, className = '', ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`${INPUT_CLASS} w-full ${className}`}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
