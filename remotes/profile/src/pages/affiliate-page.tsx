import { Spinner } from '@mchezo/ui/spinner';
import { useId } from 'react';
import { LinkButton } from '../components/link-button.tsx';
import { useProfileTranslation } from '../i18n/namespace.ts';
import '../styles.css';

/** What the programme will offer, in the order a player would ask about it. */
const OFFERS = ['link', 'commission', 'payout', 'dashboard'] as const;

/** `/affiliate`: the programme is not open yet; this says what it will be. No figures, no sign-up. */
export default function AffiliatePage() {
  const { t, ready } = useProfileTranslation();
  const offersId = useId();
  if (!ready) return <Spinner label="…" />;

  return (
    <div className="space-y-4 px-3 py-4">
      <section className="flex flex-col items-center gap-3 rounded-xl border border-line bg-surface px-4 py-6 text-center">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-brand/15 text-3xl text-brand"
        >
          ★
        </span>
        <p className="rounded-full bg-brand px-3 py-1 text-xs font-bold tracking-wide text-ink uppercase">
          {t('affiliate.badge')}
        </p>
        <h1 className="text-xl font-bold">{t('affiliate.title')}</h1>
        <p className="text-sm text-muted">{t('affiliate.intro')}</p>
      </section>

      <section aria-labelledby={offersId} className="space-y-3 rounded-xl border border-line bg-surface p-4">
        <h2 id={offersId} className="text-base font-bold">
          {t('affiliate.offersTitle')}
        </h2>
        <ul className="space-y-3 text-sm">
          {OFFERS.map((key) => (
            <li key={key} className="flex gap-3">
              <span aria-hidden="true" className="mt-0.5 font-bold text-success">
                ✓
              </span>
              <span>{t(`affiliate.offers.${key}`)}</span>
            </li>
          ))}
        </ul>
        <p className="border-t border-line pt-3 text-xs text-muted">{t('affiliate.rules')}</p>
      </section>

      <p className="text-center text-sm text-muted">{t('affiliate.notYet')}</p>
      <LinkButton to="/" variant="secondary" className="w-full">
        {t('affiliate.home')}
      </LinkButton>
    </div>
  );
}
