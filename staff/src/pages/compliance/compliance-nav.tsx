/** The compliance desk's own tabs: alerts and cases, identity checks, the register, the feed. */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

const TABS = [
  { to: '/compliance', key: 'tabs.alerts', end: true },
  { to: '/compliance/cases', key: 'tabs.cases', end: false },
  { to: '/compliance/identity', key: 'tabs.identity', end: false },
  { to: '/compliance/self-exclusions', key: 'tabs.register', end: false },
  { to: '/compliance/feed', key: 'tabs.feed', end: false },
] as const;

export function ComplianceNav() {
  const { t } = useTranslation('compliance');
  return (
    <nav aria-label={t('tabs.label')} className="mb-4 overflow-x-auto">
      <ul className="flex gap-2 text-sm">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-full border px-3 py-1.5 font-semibold ${
                  isActive ? 'border-brand bg-brand/15' : 'border-line'
                }`
              }
            >
              {t(tab.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
