/**
 * The floating help button of the home screen: toggles the support chat, or opens the help panel
 * when there is no chat; can be dragged out of the way (pointer) and is an ordinary button for
 * keyboard and screen-reader users.
 */
import { useTranslation } from '@mchezo/i18n/react';
import { type PointerEvent, useRef, useState } from 'react';

const SIZE = 56;
const DRAG_THRESHOLD = 6;

/** `label`: what a press opens (the chat, or the help panel), for its accessible name. */
export function HelpButton({ onToggle, label }: { onToggle: () => void; label: 'chat' | 'panel' }) {
  const { t } = useTranslation('shell');
  const [pos, setPos] = useState<{ right: number; bottom: number }>({ right: 16, bottom: 88 });
  const drag = useRef<{ x: number; y: number; right: number; bottom: number; moved: boolean } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, right: pos.right, bottom: pos.bottom, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    d.moved = true;
    const clamp = (v: number, max: number) => Math.min(Math.max(v, 8), max - SIZE - 8);
    setPos({
      right: clamp(d.right - dx, window.innerWidth),
      bottom: clamp(d.bottom - dy, window.innerHeight),
    });
  };
  // A drag must not count as a press; a press (mouse, touch, keyboard, screen reader) is a click.
  const dragged = useRef(false);
  const onPointerUp = () => {
    dragged.current = drag.current?.moved ?? false;
    drag.current = null;
  };

  return (
    <button
      type="button"
      aria-label={t(label === 'chat' ? 'support.help' : 'support.helpPanel')}
      title={t(label === 'chat' ? 'support.help' : 'support.helpPanel')}
      aria-haspopup={label === 'panel' ? 'dialog' : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onClick={() => {
        if (dragged.current) {
          dragged.current = false;
          return;
        }
        onToggle();
      }}
      style={{ right: pos.right, bottom: pos.bottom, width: SIZE, height: SIZE, touchAction: 'none' }}
      className="fixed z-40 flex items-center justify-center rounded-full bg-brand text-ink shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-text"
      data-testid="help-button"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 5h16v11H9l-5 4z" />
        <path d="M9.5 9.2a2.5 2.5 0 1 1 3.3 2.4c-.5.2-.8.6-.8 1.1M12 14.6h.01" />
      </svg>
    </button>
  );
}
