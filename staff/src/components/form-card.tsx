/**
 * A staff form in its card: the heading that names the form (its accessible name), an optional
 * line saying what it does, then the fields. The browser's own validation is off: each form
 * checks its fields and says what is wrong in the staff site's words.
 */
import { type FormEvent, type ReactNode, useId } from 'react';

export function FormCard({
  title,
  description,
  onSubmit,
  children,
}: {
  title: string;
  description?: string;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="text-sm text-muted">{description}</p>}
      {children}
    </form>
  );
}
