import type { ReactNode } from 'react';

/** success: done, active; warning: waiting, pending; danger: failed, suspended; neutral: anything else. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

const TONES: Record<StatusTone, string> = {
  success: 'border-success/50 bg-success/15 text-success',
  warning: 'border-warning/50 bg-warning/15 text-warning',
  danger: 'border-danger/50 bg-danger/15 text-danger-soft',
  neutral: 'border-line bg-surface-2 text-muted',
};

/**
 * A status pill (a transaction's, an account's): the label in the tone's colour with a dot.
 * The label carries the meaning; the colour only repeats it.
 */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  );
}
