import { Link } from '@mchezo/host/router';
import { useTranslation } from '@mchezo/i18n/react';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <Link to="/" className="font-semibold text-brand underline">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
