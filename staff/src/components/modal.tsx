/**
 * A modal on the browser's own <dialog> (showModal): focus moves in and is kept there, Escape
 * closes, the page behind is inert, and nothing writes an inline <style> (the staff site's policy
 * refuses those, which rules out libraries that add one for scroll locking).
 */
import { type ReactNode, useEffect, useRef } from 'react';

export function Modal({
  open,
  onClose,
  labelledBy,
  className = '',
  children,
}: {
  open: boolean;
  onClose(): void;
  /** The id of the dialog's heading. */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`bg-surface text-text backdrop:bg-black/60 ${className}`}
    >
      {open ? children : null}
    </dialog>
  );
}
