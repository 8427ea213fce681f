import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header.tsx';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <div>
      <PageHeader title={t('notFound.title')} description={t('notFound.body')} />
      <Link to="/" className="font-semibold text-brand underline">
        {t('guard.home')}
      </Link>
    </div>
  );
}
