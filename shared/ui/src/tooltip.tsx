/**
 * A small tooltip for a single focusable trigger: opens after 700 ms of hover or focus, or at
 * once when another tooltip closed less than 300 ms ago, closes on leave, blur or Escape
 * (docs/product-rules.md#tooltips). The trigger is described by it (aria-describedby), so
 * screen readers announce it.
 */
import { cloneElement, type ReactElement, useEffect, useId, useRef, useState } from 'react';

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (e: unknown) => void;
  onPointerLeave?: (e: unknown) => void;
  onFocus?: (e: unknown) => void;
  onBlur?: (e: unknown) => void;
};

export function Tooltip({ label, children }: { label: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = () => {
    clearTimeout(timer.current);
    const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    if (skip) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { onPointerEnter, onPointerLeave, onFocus, onBlur } = children.props;
  return (
    <span className="relative inline-flex">
      {cloneElement(children, {
        'aria-describedby': open ? id : undefined,
        onPointerEnter: (e: unknown) => {
          onPointerEnter?.(e);
          show();
        },
        onPointerLeave: (e: unknown) => {
          onPointerLeave?.(e);
          hide();
        },
        onFocus: (e: unknown) => {
          onFocus?.(e);
          show();
        },
        onBlur: (e: unknown) => {
          onBlur?.(e);
          hide();
        },
      })}
      {open ? (
        <span
          role="tooltip"
          id={id}
          className="pointer-events-none absolute top-full right-0 z-50 mt-2 w-max max-w-56 rounded-md bg-text px-2 py-1 text-xs text-ink shadow"
        >
          {label}
        </span>
      ) : null}
    </span>
  );
}
