import { useHost } from '@mchezo/host/context';
import { formatMoney } from '@mchezo/i18n/money';
import { Button } from '@mchezo/ui/button';
import { Spinner } from '@mchezo/ui/spinner';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useRealityCheckMinutes, useSessionStatement } from '../api/safer-gambling.ts';
import { useLobbyTranslation } from '../i18n/namespace.ts';

const MINUTE_MS = 60_000;

/**
 * The reality check (docs/product-rules.md#safer-gambling): after the player's interval on the
 * game page, a modal alert dialog with the time played and the net result since the page opened;
 * "Keep playing" starts the interval again, "Stop" goes home. Focus moves into it and stays there.
 */
export function RealityCheck() {
  const { t, locale } = useLobbyTranslation();
  const host = useHost();
  const minutes = useRealityCheckMinutes().data ?? null;
  const [openedAt] = useState(() => new Date().toISOString());
  const [dueAt, setDueAt] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const statement = useSessionStatement(openedAt, open);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (minutes === null || open) return;
    const timer = setTimeout(() => {
      setDueAt(Date.now());
      setOpen(true);
    }, minutes * MINUTE_MS);
    return () => clearTimeout(timer);
  }, [minutes, open]);

  useEffect(() => {
    if (open) dialog.current?.querySelector('button')?.focus();
  }, [open]);

  if (!open) return null;
  const played = Math.max(1, Math.round(((dueAt ?? Date.now()) - Date.parse(openedAt)) / MINUTE_MS));
  const keepPlaying = () => setOpen(false);
  // Tab and Shift+Tab stay on the dialog's buttons; Escape is "Keep playing".
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') return keepPlaying();
    if (e.key !== 'Tab') return;
    const buttons = [...(dialog.current?.querySelectorAll('button') ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  const data = statement.data;
  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'KES', locale);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink/80 p-4">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-check-title"
        aria-describedby="reality-check-body"
        onKeyDown={onKeyDown}
        className="w-full max-w-sm space-y-3 rounded-xl border border-line bg-surface p-4 text-text"
      >
        <h2 id="reality-check-title" className="text-lg font-bold">
          {t('reality.title')}
        </h2>
        <div id="reality-check-body" className="space-y-2 text-sm">
          <p>{t('reality.played', { minutes: played })}</p>
          {statement.isPending ? (
            <Spinner label={t('reality.loading')} />
          ) : data ? (
            <dl className="divide-y divide-line">
              {(['stakes', 'wins', 'net_result'] as const).map((k) => (
                <div key={k} className="flex justify-between gap-3 py-1.5">
                  <dt className="text-muted">{t(`reality.${k}`)}</dt>
                  <dd className="font-semibold tabular-nums">{money(data[k])}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{t('reality.failed')}</p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={keepPlaying}>
            {t('reality.keep')}
          </Button>
          <Button onClick={() => host.navigate('/')}>{t('reality.stop')}</Button>
        </div>
      </div>
    </div>
  );
}
