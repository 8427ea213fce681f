/** "Back to releases": the link in the header of every screen under /releases. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function BackToReleases() {
  const { t } = useTranslation('releases');
  return (
    <Link
      to="/releases"
      className="inline-flex min-h-11 items-center rounded-lg border border-line px-3 text-sm font-semibold text-brand hover:border-brand"
    >
      {t('health.back')}
    </Link>
  );
}
