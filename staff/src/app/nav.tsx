/** The areas the signed-in person's roles allow, from the route table (routes.tsx). */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useSession } from '../session/session-store.ts';
import { allows, type StaffRoute } from './routes.tsx';

export function Nav({ routes: all, onNavigate }: { routes: StaffRoute[]; onNavigate?: () => void }) {
  const roles = useSession((s) => s.member?.roles ?? []);
  const inNav = all.filter((r) => r.nav);
  const { t } = useTranslation([...new Set(inNav.map((r) => r.nav?.ns ?? 'common'))]);
  const { t: tc } = useTranslation('common');
  const routes = inNav.filter((r) => allows(r, roles));
  return (
    <nav aria-label={tc('layout.navLabel')}>
      <ul className="space-y-1">
        {routes.map((r) => (
          <li key={r.path}>
            <NavLink
              to={`/${r.path}`}
              // Exact when another entry lies under it (Finance reports beside Finance › Tax rates),
              // so only one entry is current; otherwise its sub-pages keep it current.
              end={r.path === '' || inNav.some((o) => o.path.startsWith(`${r.path}/`))}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${
                  isActive ? 'bg-surface-2 text-brand' : 'text-text hover:bg-surface-2'
                }`
              }
            >
              {t(r.nav?.key ?? '', { ns: r.nav?.ns })}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
