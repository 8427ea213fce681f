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

/** The East Africa Time calendar day `days` from today (-1 yesterday, 1 tomorrow), YYYY-MM-DD. */
export const eatDay = (days = 0, now = Date.now()) =>
  new Date(now + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A person as staff know them: `Name (phone)`, or the phone alone when they gave no name. */
export const personLabel = (name: string | null, phone: string) => (name ? `${name} (${phone})` : phone);
