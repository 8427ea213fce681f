/**
 * A search box with its label and a hint under it, and `useDebounced`, which lets the query wait
 * until typing pauses before it asks the API.
 */
import { inputClass } from '@mchezo/ui/fields';
import { type ReactNode, useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `ms` milliseconds. */
export function useDebounced(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function SearchField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        className={`${inputClass()} w-full`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
    </>
  );
}
