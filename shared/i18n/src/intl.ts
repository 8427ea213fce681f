/**
 * Cached Intl formatters. Building an Intl.NumberFormat or DateTimeFormat costs far more than
 * formatting with one (the first in a page loads locale data), and lists format the same way
 * dozens of times per render: on a low-end phone that was tens of milliseconds at first paint.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F, O>(cache: Map<string, F>, make: (locale: string, options: O) => F) {
  return (locale: string, options: O): F => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = make(locale, options);
      cache.set(key, formatter);
    }
    return formatter;
  };
}

export const numberFormat = cached(
  numberFormats,
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export const dateTimeFormat = cached(
  dateTimeFormats,
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

/** A date and time as players in Kenya read it (Africa/Nairobi), in `locale`: end dates of breaks, limits. */
export const kenyaDateTime = (date: Date, locale: string): string =>
  dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Nairobi' }).format(date);
