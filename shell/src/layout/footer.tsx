import { formatPhoneForDisplay } from '@mchezo/contracts/auth-constants';
import { Link } from '@mchezo/host/router';
import { useTranslation } from '@mchezo/i18n/react';
import { useConfigStore } from '../stores/config.store.ts';

/** What the regulator wants on every screen (docs/product-rules.md#layout): care, 18+, the licence. */
export function Footer() {
  const { t } = useTranslation('shell');
  const { regulator_name, licence_number } = useConfigStore((s) => s.config.regulation);
  const contacts = useConfigStore((s) => s.config.support_contacts);
  return (
    <footer className="mt-8 space-y-3 border-t border-line px-4 pt-6 pb-24 text-xs text-muted">
      <p>
        {t('footer.support')}{' '}
        <a className="underline" href={`mailto:${contacts.email}`}>
          {contacts.email}
        </a>{' '}
        ·{' '}
        <a className="underline" href={`tel:${contacts.phone}`}>
          {formatPhoneForDisplay(contacts.phone)}
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
        <Link className="underline" to="/safer-gambling">
          {t('footer.safer')}
        </Link>
      </nav>
      <p className="font-bold text-text">{t('footer.addictive')}</p>
      <p>
        <span className="mr-2 inline-block rounded-full border border-danger px-1.5 font-bold text-danger">
          18+
        </span>
        {t('footer.age')}
      </p>
      <p>
        {licence_number
          ? t('footer.licence_number', { regulator: regulator_name, number: licence_number })
          : t('footer.licence', { regulator: regulator_name })}
      </p>
    </footer>
  );
}
