import { Button } from '@mchezo/ui/button';
import type { ReactNode } from 'react';

/** A form's full-width submit button: disabled while `busy`, when it says `busyLabel` instead. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  /** Disabled for another reason too (an incomplete code, say). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={busy || disabled} className="w-full">
      {busy ? busyLabel : children}
    </Button>
  );
}
