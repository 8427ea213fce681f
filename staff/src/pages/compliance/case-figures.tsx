/**
 * How the compliance screens read money-laundering data: integer cents as KSh, times in Nairobi,
 * a player as name and phone, and a rule's figures (decision 043) as translated labels with their
 * values: money, hours, minutes, days, counts, and shares given in basis points as per cent.
 */

import type { AlertFigure, AmlAlert } from '@mchezo/contracts/aml';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const locale = (language: string) => (language === 'sw' ? 'sw-KE' : 'en-KE');

export function useComplianceFormat() {
  const { i18n } = useTranslation();
  const lang = locale(i18n.language);
  const number = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(lang);
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 });
  return {
    /** Integer cents as `KSh 1,234.50`. */
    cents: (cents: number) => `KSh ${number.format(cents / 100)}`,
    count: (n: number) => count.format(n),
    /** Basis points (1/100 of a per cent) as a share: 5000 → 50%. */
    basisPoints: (bp: number) => percent.format(bp / 10_000),
  };
}

/** One figure's value, by what its key says it holds. */
function FigureValue({ name, value }: { name: string; value: AlertFigure }) {
  const { t } = useTranslation('compliance');
  const f = useComplianceFormat();
  if (typeof value === 'number') {
    if (name.endsWith('_cents')) return <>{f.cents(value)}</>;
    if (name.endsWith('_bp')) return <>{f.basisPoints(value)}</>;
    if (name.endsWith('_hours')) return <>{t('units.hours', { count: value })}</>;
    if (name.endsWith('_minutes') || name === 'minutes_between')
      return <>{t('units.minutes', { count: value })}</>;
    if (name.endsWith('_days')) return <>{t('units.days', { count: value })}</>;
    return <>{f.count(value)}</>;
  }
  if (name === 'type' && (value === 'deposit' || value === 'withdrawal')) return <>{t(`txType.${value}`)}</>;
  if (name === 'user_ids' && Array.isArray(value))
    return (
      <ul className="flex flex-wrap gap-x-3">
        {value.map((id, i) => (
          <li key={id}>
            <Link className="underline" to={`/players/${id}`}>
              {t('figures.account', { n: i + 1 })}
            </Link>
          </li>
        ))}
      </ul>
    );
  return <>{Array.isArray(value) ? JSON.stringify(value) : value}</>;
}

/** The rule's figures as a list of label and value. */
export function AlertFigures({ figures }: { figures: AmlAlert['figures'] }) {
  const { t } = useTranslation('compliance');
  return (
    <>
      {Object.entries(figures).map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted">{t(`figures.${name}`, { defaultValue: name.replaceAll('_', ' ') })}</dt>
          <dd className="break-words tabular-nums">
            <FigureValue name={name} value={value} />
          </dd>
        </div>
      ))}
    </>
  );
}
