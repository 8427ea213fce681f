import { fromCents } from '@mchezo/contracts/money';
import { formatMoney } from '@mchezo/i18n/money';
import { CURRENCY, TICKER_ROTATION_MS, TICKER_WINS } from '../data/static-lobby-content.ts';
import { useRotation } from '../hooks/use-rotation.ts';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import { RotationToggle } from './rotation-toggle.tsx';

/**
 * One win message at a time, the next every 2 s with a 0.5 s fade (docs/product-rules.md#home). Not
 * a live region: a screen reader would otherwise be interrupted every 2 s.
 */
export function WinTicker() {
  const { t, locale } = useLobbyTranslation();
  const rotation = useRotation(TICKER_WINS.length, TICKER_ROTATION_MS);
  const win = TICKER_WINS[rotation.index]!;

  return (
    <section
      aria-label={t('ticker.label')}
      className="flex h-11 items-center gap-2 rounded-xl border border-line bg-surface pl-3 text-xs"
      onMouseEnter={() => rotation.hold(true)}
      onMouseLeave={() => rotation.hold(false)}
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-accent" />
      <p key={rotation.index} className="lobby-fade-in line-clamp-2 min-w-0 flex-1 leading-tight">
        {t('ticker.message', {
          phone: win.phone,
          amount: formatMoney(fromCents(win.amountCents), CURRENCY, locale),
          game: win.game,
        })}
      </p>
      <RotationToggle
        stopped={rotation.stopped}
        onToggle={rotation.toggle}
        pauseLabel={t('ticker.pause')}
        playLabel={t('ticker.play')}
      />
    </section>
  );
}
