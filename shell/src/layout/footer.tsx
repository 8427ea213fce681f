import { Link } from '@mchezo/host/router';
import { useTranslation } from '@mchezo/i18n/react';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="mt-8 space-y-3 border-t border-line px-4 pt-6 pb-24 text-xs text-muted">
      <p>
        {t('footer.support')}{' '}
        <a className="underline" href="mailto:support@mchezo.co.ke">
          support@mchezo.co.ke
        </a>{' '}
        ·{' '}
        <a className="underline" href="tel:+254700000000">
          +254 700 000 000
        </a>
      </p>
      <nav aria-label={t('footer.legal')} className="flex flex-wrap gap-x-4 gap-y-2">
        <Link className="underline" to="/terms">
          {t('footer.terms')}
        </Link>
        <Link className="underline" to="/privacy">
          {t('footer.privacy')}
        </Link>
        <Link className="underline" to="/responsible-gaming">
          {t('footer.responsible')}
        </Link>
      </nav>
      <p>
        <span className="mr-2 inline-block rounded-full border border-danger px-1.5 font-bold text-danger">
          18+
        </span>
        {t('footer.age')}
      </p>
      <p>{t('footer.licence')}</p>
    </footer>
  );
}
