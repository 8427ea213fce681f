import type { ReactNode } from 'react';

export function Alert({
  title,
  children,
  tone = 'info',
}: {
  title: string;
  children?: ReactNode;
  tone?: 'info' | 'destructive' | 'warning';
}) {
  const tones = {
    info: 'border-line bg-surface-2 text-text',
    destructive: 'border-danger bg-danger/10 text-text',
    warning: 'border-warning bg-warning/10 text-text',
  };
  return (
    <div
      role={tone === 'destructive' ? 'alert' : 'status'}
      className={`rounded-lg border p-4 ${tones[tone]}`}
    >
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 text-sm text-muted">{children}</div> : null}
    </div>
  );
}
