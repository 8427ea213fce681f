/** How the players screens show money (integer cents) and times (Nairobi) in the chosen language. */
import { useTranslation } from 'react-i18next';

const locale = (language: string) => (language === 'sw' ? 'sw-KE' : 'en-KE');

export function useFormat() {
  const { i18n } = useTranslation();
  const lang = locale(i18n.language);
  const money = new Intl.NumberFormat(lang, { style: 'currency', currency: 'KES' });
  const time = new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  });
  return {
    /** Cents as KES. */
    cents: (cents: number) => money.format(cents / 100),
    time: (iso: string | null) => (iso ? time.format(new Date(iso)) : '—'),
  };
}
