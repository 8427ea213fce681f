import { type ReactNode, useId } from 'react';

/** The frame every auth screen shares: a narrow card with its heading and a line under it. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="px-4 py-8">
      <div className="mx-auto w-full max-w-sm space-y-6 rounded-2xl border border-line bg-surface p-5">
        <header className="space-y-1 text-center">
          <h1 id={headingId} className="text-2xl font-bold">
            {title}
          </h1>
          {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
