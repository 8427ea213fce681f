/** Money and times on the finance screens, in the chosen language: KSh with two decimals. */
import { useTranslation } from 'react-i18next';

const locale = (language: string) => (language === 'sw' ? 'sw-KE' : 'en-KE');

export function useMoney() {
  const { i18n } = useTranslation();
  const lang = locale(i18n.language);
  const number = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const time = new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  });
  /** KES (the API's amount with two decimals) as `KSh 1,234.50`. */
  const kes = (amount: number) => `KSh ${number.format(amount)}`;
  return {
    kes,
    /** Integer cents as `KSh 1,234.50` (a negative amount keeps its sign). */
    cents: (cents: number) => kes(cents / 100),
    time: (iso: string) => time.format(new Date(iso)),
  };
}

/** "12.50", "-3", "1 000,5" typed by a person, in cents; null when not an amount with at most two decimals. */
export function parseKesToCents(text: string): number | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s_]/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
