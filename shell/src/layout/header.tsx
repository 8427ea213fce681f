import { Button } from '@mchezo/ui/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isAuthenticated, useAuthStore } from '../stores/auth.store.ts';
import { LanguagePicker } from './language-picker.tsx';

export function Header() {
  const { t } = useTranslation('shell');
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const signedIn = isAuthenticated(user) && user?.status !== 'pending_verification';

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-line bg-ink/95 px-3 backdrop-blur">
      <Link
        to="/"
        className="mr-auto text-lg font-extrabold tracking-tight text-brand"
        aria-label={t('header.home')}
      >
        Mchezo
      </Link>
      <LanguagePicker />
      {signedIn ? (
        <Button
          variant="ghost"
          onClick={async () => {
            await logout();
            location.reload();
          }}
        >
          {t('header.logout')}
        </Button>
      ) : (
        <>
          <Link to="/login" className="rounded-lg px-3 py-2 text-sm font-semibold text-text">
            {t('header.login')}
          </Link>
          <Link to="/join" className="rounded-lg bg-brand px-3 py-2 text-sm font-semibold text-ink">
            {t('header.join')}
          </Link>
        </>
      )}
    </header>
  );
}
