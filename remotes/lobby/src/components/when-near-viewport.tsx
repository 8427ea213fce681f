import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` only once the placeholder comes near the screen, so a part far below the
 * fold (and its lazy chunk) costs nothing on a first visit that never scrolls to it.
 * The placeholder keeps `minHeight` so the page does not jump when the part arrives.
 */
export function WhenNearViewport({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref} style={{ minHeight }}>
      {near ? children : null}
    </div>
  );
}
