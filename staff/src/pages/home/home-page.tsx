/**
 * Home: for each of the person's roles, what it lets them do and the screens it opens. The route
 * table (app/routes.tsx) hands this page its own entries, so an area appears here as soon as its
 * route is added, and this file imports nothing of the table (no import circle).
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header.tsx';
import { Empty } from '../../components/states.tsx';
import { useSession } from '../../session/session-store.ts';

const ROLE_ORDER: StaffRoleName[] = ['admin', 'support', 'finance', 'compliance', 'release_manager'];

/** What Home reads of a route of the table (app/routes.tsx: StaffRoute). */
export interface HomeArea {
  path: string;
  roles: readonly StaffRoleName[] | 'any';
  nav?: { ns: string; key: string };
}

function RoleCard({ role, areas: all }: { role: StaffRoleName; areas: readonly HomeArea[] }) {
  const { t } = useTranslation(['home', ...new Set(all.map((r) => r.nav?.ns ?? 'home'))]);
  const areas = all.filter((r) => r.roles !== 'any' && r.roles.includes(role));
  return (
    <section
      aria-labelledby={`role-${role}`}
      className="space-y-2 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id={`role-${role}`} className="font-semibold">
        {t(`roles.${role}.title`, { ns: 'home' })}
      </h2>
      <p className="text-sm text-muted">{t(`roles.${role}.body`, { ns: 'home' })}</p>
      {areas.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {areas.map((r) => (
            <li key={r.path}>
              <Link
                to={`/${r.path}`}
                className="inline-flex min-h-11 items-center rounded-lg border border-line px-3 text-sm font-semibold text-brand hover:border-brand"
              >
                {t(r.nav?.key ?? '', { ns: r.nav?.ns })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** `routes`: the route table; the screens in the nav other than Home are its areas. */
export function HomePage({ routes }: { routes: readonly HomeArea[] }) {
  const areas = routes.filter((r) => r.nav && r.path !== '');
  const { t } = useTranslation('home');
  const member = useSession((s) => s.member);
  const roles = ROLE_ORDER.filter((r) => member?.roles.includes(r));
  const who = member?.full_name || member?.phone || '';
  return (
    <div>
      <PageHeader title={t('title', { who })} description={t('description')} />
      {roles.length === 0 ? (
        <Empty title={t('noRoles')} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {roles.map((role) => (
            <RoleCard key={role} role={role} areas={areas} />
          ))}
        </div>
      )}
    </div>
  );
}
