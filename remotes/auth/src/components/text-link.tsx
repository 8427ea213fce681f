import { Link } from '@mchezo/host/router';
import type { ReactNode } from 'react';

/** 'Already have an account? Sign In' and its kin: a muted lead-in and an in-app link. */
export function TextLink({ to, lead, children }: { to: string; lead?: string; children: ReactNode }) {
  return (
    <p className="text-center text-sm text-muted">
      {lead ? `${lead} ` : null}
      <Link to={to} className="font-semibold text-brand underline underline-offset-2">
        {children}
      </Link>
    </p>
  );
}
