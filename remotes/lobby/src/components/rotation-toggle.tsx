/** The stop/start control every auto-rotating part needs (WCAG 2.2.2). */
export function RotationToggle({
  stopped,
  onToggle,
  pauseLabel,
  playLabel,
  className = '',
}: {
  stopped: boolean;
  onToggle(): void;
  pauseLabel: string;
  playLabel: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={stopped ? playLabel : pauseLabel}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full text-text focus-visible:outline-2 focus-visible:outline-brand ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 fill-current">
        {stopped ? <path d="M4 2.5v11l9.5-5.5z" /> : <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" />}
      </svg>
    </button>
  );
}
