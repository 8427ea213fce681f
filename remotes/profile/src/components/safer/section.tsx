import { type ReactNode, useId } from 'react';

/** A titled card of the Safer gambling page, labelled by its heading. */
export function SaferSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {intro ? <p className="text-sm text-muted">{intro}</p> : null}
      {children}
    </section>
  );
}

/** Radio choices as large buttons (a radiogroup), for the lengths and intervals. */
export function ChoiceGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  columns = 3,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange(value: T): void;
  columns?: 3 | 4;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      <div className={`grid gap-2 ${columns === 4 ? 'grid-cols-4' : 'grid-cols-3'}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-1 text-center text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
              value === o.value ? 'border-brand bg-brand/15 text-brand' : 'border-line bg-surface-2 text-text'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="sr-only"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
