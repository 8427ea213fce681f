import { fromCents } from '@mchezo/contracts/money';
import { formatMoney } from '@mchezo/i18n/money';
import { CURRENCY, LATEST_WINNERS, WINNERS_ROTATION_MS } from '../data/static-lobby-content.ts';
import { useRotation } from '../hooks/use-rotation.ts';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import { RotationToggle } from './rotation-toggle.tsx';

/**
 * The Latest Winner list: the 5 static entries, the newest on top, moving one place every 3 s
 * (docs/product-rules.md#home). Below the fold, so it is its own chunk (see home-page.tsx).
 */
export default function LatestWinners() {
  const { t, locale } = useLobbyTranslation();
  const count = LATEST_WINNERS.length;
  const rotation = useRotation(count, WINNERS_ROTATION_MS);
  const rows = LATEST_WINNERS.map((_, i) => LATEST_WINNERS[(rotation.index + i) % count]!);

  return (
    <section aria-labelledby="lobby-winners-title" className="rounded-2xl border border-line bg-surface p-3">
      <div className="flex items-center justify-between">
        <h2 id="lobby-winners-title" className="text-base font-bold">
          {t('winners.title')}
        </h2>
        <RotationToggle
          stopped={rotation.stopped}
          onToggle={rotation.toggle}
          pauseLabel={t('winners.pause')}
          playLabel={t('winners.play')}
        />
      </div>
      <ul className="divide-y divide-line">
        {rows.map((win, i) => (
          <li
            // Keyed by position: the top row re-mounts on each turn, so its entrance animates.
            key={i === 0 ? `top-${rotation.index}` : win.phone}
            className={`flex h-14 items-center justify-between gap-3 ${i === 0 ? 'lobby-fade-in' : ''}`}
          >
            <div className="min-w-0">
              <p className="font-mono text-sm font-semibold tracking-wide">{win.phone}</p>
              <p className="truncate text-xs text-muted">{win.game}</p>
            </div>
            <p className="shrink-0 text-sm font-bold text-accent">
              {formatMoney(fromCents(win.amountCents), CURRENCY, locale)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
