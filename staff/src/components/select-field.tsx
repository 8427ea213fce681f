/**
 * A labelled select whose options are [value, label] pairs (a filter, a choice), framed by the
 * kit's `Field` so its label, hint and message are announced as every other field's.
 */
import { Field, type FieldFrameProps, inputClass } from '@mchezo/ui/fields';

export function SelectField({
  value,
  options,
  onChange,
  ...frame
}: FieldFrameProps & {
  value: string;
  options: readonly (readonly [string, string])[];
  onChange(value: string): void;
}) {
  return (
    <Field {...frame}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass()} w-full`}
        >
          {options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
