import { useHost } from '@mchezo/host/context';
import { useRef, useState } from 'react';
import { PROMO_ROTATION_MS, PROMO_SIZE, PROMOS } from '../data/static-lobby-content.ts';
import { useRotation } from '../hooks/use-rotation.ts';
import { useLobbyTranslation } from '../i18n/namespace.ts';
import { RotationToggle } from './rotation-toggle.tsx';

/**
 * Rotating promo images, every 5 s (docs/product-rules.md#home). The first image is the home
 * screen's largest paint: it renders at once (even before the strings arrive), eager and high
 * priority, with its size reserved. Later images are only mounted once the first has loaded, so
 * they never compete with it.
 */
export function PromoBanner() {
  const { t, ready } = useLobbyTranslation();
  const host = useHost();
  // The top-up promo leads to a deposit: not while the wallet is switched off.
  const walletOpen = host.isRemoteEnabled('wallet') && host.isFeatureEnabled('wallet_enabled');
  const promos = walletOpen ? PROMOS : PROMOS.filter((p) => p.id !== 'top-up');
  const rotation = useRotation(promos.length, PROMO_ROTATION_MS);
  const [firstLoaded, setFirstLoaded] = useState(false);
  const seen = useRef(0);
  seen.current = Math.max(seen.current, rotation.index);
  const mountedUpTo = seen.current + (firstLoaded ? 1 : 0);
  const total = promos.length;

  return (
    <section
      aria-roledescription={ready ? t('promos.carousel') : undefined}
      aria-label={ready ? t('promos.label') : undefined}
      className="relative aspect-[12/5] overflow-hidden rounded-2xl bg-surface-2"
      onMouseEnter={() => rotation.hold(true)}
      onMouseLeave={() => rotation.hold(false)}
      onFocus={() => rotation.hold(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) rotation.hold(false);
      }}
    >
      {promos.map((promo, i) => {
        if (i > mountedUpTo) return null;
        const current = i === rotation.index;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group (APG carousel), not a form fieldset.
          <div
            key={promo.id}
            role="group"
            aria-roledescription={ready ? t('promos.slide') : undefined}
            aria-label={ready ? t('promos.position', { n: i + 1, total }) : undefined}
            aria-hidden={!current}
            inert={!current}
            className={`absolute inset-0 transition-opacity duration-500 motion-reduce:transition-none ${current ? 'opacity-100' : 'opacity-0'}`}
          >
            <img
              src={promo.image}
              alt=""
              width={PROMO_SIZE.width}
              height={PROMO_SIZE.height}
              className="size-full object-cover"
              {...(i === 0
                ? {
                    fetchPriority: 'high' as const,
                    loading: 'eager' as const,
                    onLoad: () => setFirstLoaded(true),
                  }
                : { loading: 'lazy' as const, decoding: 'async' as const })}
            />
            {ready ? (
              <div className="absolute inset-y-0 left-0 flex w-3/5 flex-col justify-center gap-1 p-4">
                <p className="text-lg leading-tight font-extrabold text-white">
                  {t(`promos.${promo.id}.title`)}
                </p>
                <p className="text-sm leading-snug text-white/90">{t(`promos.${promo.id}.text`)}</p>
              </div>
            ) : null}
          </div>
        );
      })}
      {ready ? (
        <div className="absolute right-1 bottom-0 flex items-center">
          {promos.map((promo, i) => (
            <button
              key={promo.id}
              type="button"
              aria-label={t('promos.show', { n: i + 1 })}
              aria-current={i === rotation.index ? 'true' : undefined}
              onClick={() => rotation.show(i)}
              className="inline-flex size-11 items-center justify-center focus-visible:outline-2 focus-visible:outline-brand"
            >
              <span
                aria-hidden="true"
                className={`block size-2 rounded-full ${i === rotation.index ? 'bg-white' : 'bg-white/40'}`}
              />
            </button>
          ))}
          <RotationToggle
            stopped={rotation.stopped}
            onToggle={rotation.toggle}
            pauseLabel={t('promos.pause')}
            playLabel={t('promos.play')}
          />
        </div>
      ) : null}
    </section>
  );
}
