import { Link } from '@mchezo/host/router';
import type { ReactNode } from 'react';

const VARIANTS = {
  primary: 'bg-brand text-ink hover:bg-brand-strong',
  secondary: 'border border-line bg-surface-2 text-text hover:border-brand',
};

/** A link that looks like the design system's Button (same height, focus ring and tones). */
export function LinkButton({
  to,
  children,
  variant = 'primary',
  className = '',
}: {
  to: string;
  children: ReactNode;
  variant?: keyof typeof VARIANTS;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${VARIANTS[variant]} ${className}`}
    >
      {children}
    </Link>
  );
}
