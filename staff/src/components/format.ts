/** Dates and times as staff read them: Kenya's time zone, in the page's language. */
import { i18n } from '../i18n/i18n.ts';

const locale = () => (i18n.language === 'sw' ? 'sw-KE' : 'en-KE');

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  }).format(date);
}

/** A person as staff know them: `Name (phone)`, or the phone alone when they gave no name. */
export const personLabel = (name: string | null, phone: string) => (name ? `${name} (${phone})` : phone);
