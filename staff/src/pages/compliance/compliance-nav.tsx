/** The compliance desk's own tabs: alerts and cases, identity checks, the register, the feed. */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

const TABS = [
  { to: '/compliance', key: 'tabs.alerts', end: true },
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

/** A labelled select whose options are [value, label] pairs; '' is "any". */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange(value: string): void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full rounded-lg border border-line bg-surface px-2"
      >
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}
