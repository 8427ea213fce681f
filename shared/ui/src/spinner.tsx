/** An accessible busy indicator: the label is read by screen readers, the ring is decoration. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center gap-3 p-6 ${className}`}
    >
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-line border-t-brand"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
